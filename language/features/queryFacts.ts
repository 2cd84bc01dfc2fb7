/**
 * Facts about a whole query for tools that see it at once (the CLI's assistant tools): the table
 * it produces, and the catalog entries (operators, functions, scalar operators) it uses.
 */
import type { AnalyzedDocument, TableShape } from '../analysis/analyzer.ts';
import { findFunction, findOperator, findScalarOperator } from '../catalog/catalog.ts';
import type { Expression, Node } from '../syntax/ast.ts';
import { walk } from '../syntax/visit.ts';
import { isOperatorNode } from './context.ts';

/**
 * The table the document's last query ends with: the output of its last operator, or the dataset
 * or tabular `let` it names. Undefined when the analyzer could not follow it that far.
 */
export function getResultShape(analyzed: AnalyzedDocument): TableShape | undefined {
  const query = analyzed.parsed.root.queries.at(-1);
  const statements = query?.statements ?? [];
  for (let i = statements.length - 1; i >= 0; i--) {
    const statement = statements[i]!;
    if (statement.kind === 'ExpressionStatement') return shapeOf(analyzed, statement.expression);
  }
  return undefined;
}

function shapeOf(analyzed: AnalyzedDocument, expression: Expression): TableShape | undefined {
  if (expression.kind === 'Paren') return shapeOf(analyzed, expression.expression);
  if (expression.kind === 'Name') {
    const symbol = analyzed.symbolOf(expression);
    if (symbol?.kind === 'dataset') return symbol.table;
    if (symbol?.kind === 'let') return symbol.binding.table;
    return undefined;
  }
  if (expression.kind !== 'Pipeline') return undefined;
  const last = expression.operators.at(-1);
  if (last) return analyzed.outputOf(last);
  return isOperatorNode(expression.source) ? analyzed.outputOf(expression.source) : shapeOf(analyzed, expression.source);
}

export interface CatalogReference {
  kind: 'operator' | 'function' | 'scalar operator';
  name: string;
  /** Markdown, as hover shows it. */
  doc: string;
}

const scalarOperatorTokens = new Set(['StringOperatorWord', 'InOperator', 'HasAnyOperator', 'MatchesRegex', 'Between']);

/** Every operator, function and named scalar operator the document uses, once each, in order of first use. */
export function getCatalogReferences(analyzed: AnalyzedDocument): CatalogReference[] {
  const found = new Map<string, CatalogReference & { start: number }>();
  const add = (kind: CatalogReference['kind'], name: string, doc: string | undefined, start: number) => {
    const key = `${kind}:${name}`;
    if (doc && !found.has(key)) found.set(key, { kind, name, doc, start });
  };
  walk(analyzed.parsed.root, (node: Node) => {
    if (isOperatorNode(node)) {
      const entry = findOperator(node.kind === 'unknown' ? node.name : node.kind);
      if (entry) add('operator', entry.name, entry.doc, node.start);
    } else if (node.kind === 'Call') {
      const entry = findFunction(node.callee.name);
      if (entry) add('function', entry.name, entry.doc, node.start);
    }
  });
  for (const token of analyzed.parsed.tokens) {
    if (!scalarOperatorTokens.has(token.type)) continue;
    const spelling = token.text.toLowerCase().replace(/\s+/g, ' ').trim();
    const entry = findScalarOperator(spelling);
    if (entry) add('scalar operator', entry.op, entry.doc, token.start);
  }
  return [...found.values()].sort((a, b) => a.start - b.start).map(({ kind, name, doc }) => ({ kind, name, doc }));
}
