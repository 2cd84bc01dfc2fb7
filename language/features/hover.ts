import type { AnalyzedDocument, Column, LetBinding, TableShape } from '../analysis/analyzer.ts';
import { findDataType, findFunction, findOperator, findScalarOperator, normalizeTypeName } from '../catalog/catalog.ts';
import type { NameNode, Node, PipelineNode, Span, TabularOperator } from '../syntax/ast.ts';
import type { SyntaxToken } from '../syntax/parseResult.ts';
import { nodePathAt, walk } from '../syntax/visit.ts';
import type { Hover, Position } from '../types.ts';
import { letHeadline } from './completionItems.ts';
import { isNameLike, isOperatorNode, tokenAt } from './context.ts';
import { nameReference } from './names.ts';

/**
 * Hover: what the word under the cursor is. Operators and functions show their catalog docs;
 * names show what the analyzer resolved them to.
 */
export function getHover(analyzed: AnalyzedDocument, position: Position): Hover | undefined {
  const { parsed } = analyzed;
  const offset = parsed.lineIndex.offsetAt(position);
  const token = hoveredToken(parsed.tokens, offset);
  if (!token || token.type === 'Comment') return undefined;
  const path = nodePathAt(parsed.root, token.start);
  const found = describe(analyzed, token, path);
  if (!found) return undefined;
  return { contents: found.contents, range: parsed.lineIndex.rangeOf(found.span.start, found.span.end) };
}

/** The token under the cursor; at a word's end (`count|()`) the word rather than the bracket after it. */
function hoveredToken(tokens: readonly SyntaxToken[], offset: number): SyntaxToken | undefined {
  const token = tokenAt(tokens, offset);
  if (!token || token.start !== offset || isNameLike(token)) return token;
  const before = tokenAt(tokens, offset - 1);
  return before && before.end === offset && isNameLike(before) ? before : token;
}

interface Described {
  contents: string;
  span: Span;
}

const scalarOperatorTokens = new Set([
  'StringOperatorWord', 'InOperator', 'HasAnyOperator', 'MatchesRegex', 'Between', 'Comparison', 'And', 'Or',
]);

function describe(analyzed: AnalyzedDocument, token: SyntaxToken, path: Node[]): Described | undefined {
  const operator = operatorNamedAt(path, token);
  if (operator) {
    const entry = findOperator(operator.kind === 'unknown' ? operator.name : operator.kind);
    return entry ? { contents: entry.doc, span: token } : undefined;
  }
  if (scalarOperatorTokens.has(token.type)) {
    const contents = scalarOperatorDoc(token.text);
    return contents ? { contents, span: token } : undefined;
  }
  if (token.type === 'TypedLiteral') {
    const type = findDataType(token.text.slice(0, token.text.indexOf('(')));
    return type ? { contents: type.doc, span: token } : undefined;
  }

  const nameIndex = innermostName(path, token);
  if (nameIndex < 0) {
    const node = path[path.length - 1];
    if (node?.kind === 'DynamicLiteral' && token.type === 'Dynamic') {
      const type = findDataType('dynamic');
      return type ? { contents: type.doc, span: token } : undefined;
    }
    return undefined;
  }
  const name = path[nameIndex] as NameNode;
  const parent = path[nameIndex - 1];
  const contents = describeName(analyzed, name, parent, path.slice(0, nameIndex));
  return contents ? { contents, span: name } : undefined;
}

/** The operator whose keyword is this token (`where`, `mv-expand`, `sort` of `sort by`). */
function operatorNamedAt(path: Node[], token: SyntaxToken): TabularOperator | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (isOperatorNode(node) && node.nameSpan.start <= token.start && token.end <= node.nameSpan.end) return node;
  }
  return undefined;
}

function innermostName(path: Node[], token: SyntaxToken): number {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'Name' && node.start <= token.start && token.end <= node.end && node.end > node.start) return i;
  }
  return -1;
}

/**
 * `contains`, `!in~`, `matches regex`: the catalog's doc, led by the spelling hovered when it is
 * a negation, since the entry describes the positive form.
 */
function scalarOperatorDoc(spelling: string): string | undefined {
  const normalized = spelling.toLowerCase().replace(/\s+/g, ' ').trim();
  const entry = findScalarOperator(normalized);
  if (!entry) return undefined;
  const own = entry.op === normalized || (entry.aliases ?? []).includes(normalized);
  if (own) return entry.doc;
  const sensitivity = entry.caseSensitive === true ? ' Case-sensitive.' : entry.caseSensitive === false ? ' Ignores case.' : '';
  return `\`${normalized}\`: the negation of \`${entry.op}\`.${sensitivity}\n\n${entry.doc}`;
}

function describeName(analyzed: AnalyzedDocument, name: NameNode, parent: Node | undefined, ancestors: Node[]): string | undefined {
  const symbol = analyzed.symbolOf(name);
  if (parent?.kind === 'Call' && parent.callee === name && symbol?.kind !== 'let') return findFunction(name.name)?.doc;
  const isTypeName =
    (parent?.kind === 'FunctionParameter' && parent.typeName === name) ||
    (parent?.kind === 'TypeOf' && parent.typeName === name) ||
    (parent?.kind === 'ColumnDeclaration' && parent.type === name) ||
    (parent?.kind === 'MvExpandColumn' && parent.toType === name);
  if (isTypeName) return findDataType(name.name)?.doc;

  switch (symbol?.kind) {
    case 'column':
      return columnHover(analyzed, symbol.column, name, ancestors);
    case 'let':
      return letHover(analyzed, symbol.binding);
    case 'dataset':
      return datasetHover(analyzed, symbol.name, symbol.table);
    case 'function':
      return findFunction(symbol.name)?.doc;
  }
  const known = name.name !== '' && analyzed.schema?.datasets.some((dataset) => dataset.name === name.name);
  return known ? datasetHover(analyzed, name.name, undefined) : undefined;
}

function code(line: string): string {
  return ['```axiom-apl', line, '```'].join('\n');
}

function columnHover(analyzed: AnalyzedDocument, column: Column, name: NameNode, ancestors: Node[]): string {
  const parts = [code(`${column.name}: ${column.type}`)];
  const origin = columnOrigin(analyzed, column.name, name, ancestors);
  if (origin) parts.push(origin);
  return parts.join('\n\n');
}

/** Where a column comes from: the operator that defined it earlier in the pipeline, or the dataset's field. */
function columnOrigin(analyzed: AnalyzedDocument, columnName: string, reference: NameNode, ancestors: Node[]): string | undefined {
  const pipeline = [...ancestors].reverse().find((node): node is PipelineNode => node.kind === 'Pipeline');
  if (!pipeline) return undefined;
  const { lineIndex } = analyzed.parsed;
  // A source operator (print, datatable, externaldata) defines columns too.
  const stages: TabularOperator[] = isOperatorNode(pipeline.source) ? [pipeline.source, ...pipeline.operators] : pipeline.operators;
  for (let i = stages.length - 1; i >= 0; i--) {
    const operator = stages[i];
    if (operator.start > reference.start) continue;
    const definition = definitionIn(operator, columnName);
    if (definition === reference) return undefined;
    if (definition) return `Defined by \`${operator.kind}\` on line ${lineIndex.positionAt(definition.start).line + 1}.`;
  }
  const source = pipeline.source;
  if (source.kind !== 'Name') return undefined;
  const symbol = analyzed.symbolOf(source);
  if (symbol?.kind !== 'dataset') return undefined;
  const field = analyzed.schema?.datasets.find((dataset) => dataset.name === symbol.name)?.fields.find((candidate) => candidate.name === columnName);
  if (!field) return undefined;
  const description = field.description ? `\n\n${field.description}` : '';
  return `Field of dataset \`${symbol.name}\`.${description}`;
}

/** The name node that defines a column in an operator (`x = …`, a parse pattern's `x:type`), outside subqueries. */
function definitionIn(operator: TabularOperator, columnName: string): NameNode | undefined {
  let found: NameNode | undefined;
  walk(operator, (node) => {
    if (node.kind === 'ColumnDefinition' && node.name?.name === columnName) found = node.name;
    if (node.kind === 'ColumnDeclaration' && node.name.name === columnName) found = node.name;
  });
  return found;
}

function letHover(analyzed: AnalyzedDocument, binding: LetBinding): string {
  if (binding.parameter) {
    const written = analyzed.parsed.text.slice(binding.parameter.start, binding.parameter.end);
    return `${code(written)}\n\nParameter of the function \`${nameReference(binding.statement.name.name)}\`.`;
  }
  if (binding.function) return `${code(letHeadline(binding, analyzed.parsed.text))}\n\nA function defined in this query.`;
  const type = binding.type === 'table' ? tableSummary('Table', binding.table) : `Type: \`${binding.type}\`.`;
  return `${code(letHeadline(binding, analyzed.parsed.text))}\n\n${type}`;
}

/** A dataset's fields as the schema lists them; the analyzer's table when the schema does not know it. */
function datasetHover(analyzed: AnalyzedDocument, name: string, table: TableShape | undefined): string {
  const dataset = analyzed.schema?.datasets.find((candidate) => candidate.name === name);
  const shape: TableShape | undefined = dataset
    ? { columns: dataset.fields.map((field) => ({ name: field.name, type: normalizeTypeName(field.type) ?? 'unknown' })), open: false }
    : table;
  return `${code(nameReference(name))}\n\n${tableSummary('Dataset', shape)}`;
}

const listedColumns = 12;

function tableSummary(what: string, table: TableShape | undefined): string {
  if (!table) return `${what}.`;
  const count = table.columns.length;
  const counted = `${what} with ${count}${table.open ? ' known' : ''} field${count === 1 ? '' : 's'}`;
  if (count === 0) return `${counted}.`;
  const shown = table.columns.slice(0, listedColumns).map((column) => `\`${column.name}\`${column.type === 'unknown' ? '' : `: ${column.type}`}`);
  const more = count > listedColumns ? `, … (${count - listedColumns} more)` : '';
  return `${counted}: ${shown.join(', ')}${more}.`;
}
