import type { AnalyzedDocument, LetBinding } from '../analysis/analyzer.ts';
import type * as ast from '../syntax/ast.ts';
import { nodePathAt, walk } from '../syntax/visit.ts';
import { followColumn, type ColumnSymbol } from './columnFlow.ts';

/**
 * What navigation and rename work on: a `let` name or a column, with the name that defines it
 * and every use of it in the document.
 */
export interface NavigationSymbol {
  /** `let` covers function-like lets; `parameter` is one of a function's parameters. */
  kind: 'let' | 'parameter' | 'column';
  name: string;
  /** Absent for a column the query did not name (see `origin`). */
  definition?: ast.NameNode;
  /** Every use, in source order, the definition not included. */
  uses: ast.NameNode[];
  /** For a column without a definition: it came with the input, or an operator named it by itself. */
  origin?: 'input' | 'implicit';
  /** The dataset an input column is a field of, when the query starts from one. */
  dataset?: string;
}

export interface SymbolAt {
  symbol: NavigationSymbol;
  /** The name under the cursor. */
  name: ast.NameNode;
}

/** The let or column whose name is under the cursor (at a name's end counts as on it). */
export function symbolAt(analyzed: AnalyzedDocument, offset: number): SymbolAt | undefined {
  const path = nodePathAt(analyzed.parsed.root, offset);
  const index = innermostNameIndex(path);
  if (index < 0) return undefined;
  const name = path[index] as ast.NameNode;
  const parent = path[index - 1];
  const resolved = analyzed.symbolOf(name);
  if (resolved?.kind === 'let') return { symbol: letSymbol(analyzed, resolved.binding), name };
  const definesColumn =
    (parent?.kind === 'ColumnDefinition' && parent.name === name) || (parent?.kind === 'ColumnDeclaration' && parent.name === name);
  if (resolved?.kind !== 'column' && !definesColumn) return undefined;
  const pipeline = [...path.slice(0, index)].reverse().find((node): node is ast.PipelineNode => node.kind === 'Pipeline');
  if (!pipeline) return undefined;
  const symbol = columnSymbol(analyzed, pipeline, name);
  return symbol && { symbol, name };
}

function innermostNameIndex(path: ast.Node[]): number {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'Name' && node.end > node.start) return i;
  }
  return -1;
}

/** A let, a function-like let (its uses include the calls' callee names), or a function's parameter. */
function letSymbol(analyzed: AnalyzedDocument, binding: LetBinding): NavigationSymbol {
  const { statement, parameter } = binding;
  const definition = parameter?.name ?? statement.name;
  const uses: ast.NameNode[] = [];
  walk(analyzed.parsed.root, (node) => {
    if (node.kind !== 'Name' || node === definition) return;
    const resolved = analyzed.symbolOf(node);
    if (resolved?.kind === 'let' && resolved.binding.statement === statement && resolved.binding.parameter === parameter) uses.push(node);
  });
  return { kind: parameter ? 'parameter' : 'let', name: definition.name, definition, uses };
}

/**
 * The column a name stands for. A column flows on from a tabular let's pipeline into every
 * pipeline that starts from that let, so the search starts at the topmost pipeline of that
 * chain and follows the column down through every branch.
 */
function columnSymbol(analyzed: AnalyzedDocument, pipeline: ast.PipelineNode, name: ast.NameNode): NavigationSymbol | undefined {
  const lets = letPipelines(analyzed);
  const top = topPipeline(analyzed, pipeline, lets);
  const dataset = datasetOf(analyzed, top);
  const initial: ColumnSymbol = { name: name.name, uses: [], origin: 'input' };
  const found: ColumnSymbol[] = [];
  const queue: { pipeline: ast.PipelineNode; initial: ColumnSymbol | undefined }[] = [{ pipeline: top, initial }];
  const seen = new Set<ast.PipelineNode>();
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seen.has(next.pipeline)) continue;
    seen.add(next.pipeline);
    const { symbols, final } = followColumn(analyzed, next.pipeline, name.name, next.initial);
    for (const symbol of symbols) found.push(symbol);
    const statement = lets.statementOf.get(next.pipeline);
    if (!final || !statement) continue;
    for (const downstream of lets.sourcedFrom.get(statement) ?? []) queue.push({ pipeline: downstream, initial: final });
  }
  const symbol = found.find((candidate) => candidate.definition === name || candidate.uses.includes(name));
  if (!symbol) return undefined;
  const result: NavigationSymbol = { kind: 'column', name: symbol.name, uses: symbol.uses };
  if (symbol.definition) result.definition = symbol.definition;
  else result.origin = symbol.origin === 'implicit' ? 'implicit' : 'input';
  if (result.origin === 'input' && dataset) result.dataset = dataset;
  return result;
}

interface LetPipelines {
  /** The let whose value a pipeline is. */
  statementOf: Map<ast.PipelineNode, ast.LetStatement>;
  /** The pipelines that start from a let's name. */
  sourcedFrom: Map<ast.LetStatement, ast.PipelineNode[]>;
}

function letPipelines(analyzed: AnalyzedDocument): LetPipelines {
  const statementOf = new Map<ast.PipelineNode, ast.LetStatement>();
  const sourcedFrom = new Map<ast.LetStatement, ast.PipelineNode[]>();
  walk(analyzed.parsed.root, (node) => {
    if (node.kind === 'LetStatement') {
      const value = unwrap(node.value);
      if (value.kind === 'Pipeline') statementOf.set(value, node);
    } else if (node.kind === 'Pipeline') {
      const statement = sourceLet(analyzed, node);
      if (statement) sourcedFrom.set(statement, [...(sourcedFrom.get(statement) ?? []), node]);
    }
  });
  return { statementOf, sourcedFrom };
}

/** Up the chain of tabular lets a pipeline starts from, to the first pipeline that starts elsewhere. */
function topPipeline(analyzed: AnalyzedDocument, pipeline: ast.PipelineNode, lets: LetPipelines): ast.PipelineNode {
  const seen = new Set<ast.PipelineNode>([pipeline]);
  let current = pipeline;
  for (;;) {
    const value = sourceLet(analyzed, current)?.value;
    const upstream = value && unwrap(value);
    if (upstream?.kind !== 'Pipeline' || seen.has(upstream) || !lets.statementOf.has(upstream)) return current;
    seen.add(upstream);
    current = upstream;
  }
}

function sourceLet(analyzed: AnalyzedDocument, pipeline: ast.PipelineNode): ast.LetStatement | undefined {
  if (pipeline.source.kind !== 'Name') return undefined;
  const resolved = analyzed.symbolOf(pipeline.source);
  return resolved?.kind === 'let' ? resolved.binding.statement : undefined;
}

function datasetOf(analyzed: AnalyzedDocument, pipeline: ast.PipelineNode): string | undefined {
  if (pipeline.source.kind !== 'Name') return undefined;
  const resolved = analyzed.symbolOf(pipeline.source);
  return resolved?.kind === 'dataset' ? resolved.name : undefined;
}

function unwrap(expression: ast.Expression): ast.Expression {
  let current = expression;
  while (current.kind === 'Paren') current = current.expression;
  return current;
}
