import type * as ast from '../syntax/ast.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import { forEachChild } from '../syntax/visit.ts';
import type { DocumentSymbol, Range } from '../types.ts';
import { codeLabel } from './shared/tokens.ts';

/** Longest symbol name; longer code is cut with an ellipsis. */
const maxNameLength = 60;

/**
 * The outline: one symbol per query, named after its first line. Its children are its `let`
 * bindings and the stages of its pipeline (`where status == 500`); the stages of a let's body
 * hang under the let, and those of a subquery (a join's right side, say) under its operator.
 */
export function getDocumentSymbols(parsed: ParsedDocument): DocumentSymbol[] {
  return parsed.root.queries.map((query) => querySymbol(parsed, query));
}

function querySymbol(parsed: ParsedDocument, query: ast.QueryNode): DocumentSymbol {
  const { lineIndex } = parsed;
  const firstLineEnd = Math.min(query.end, lineIndex.lineEnd(lineIndex.positionAt(query.start).line));
  const children: DocumentSymbol[] = [];
  for (const statement of query.statements) {
    if (statement.kind === 'LetStatement') {
      const symbol = letSymbol(parsed, statement);
      if (symbol) children.push(symbol);
    } else if (statement.kind === 'ExpressionStatement') {
      for (const symbol of pipelineSymbols(parsed, statement.expression)) children.push(symbol);
    }
  }
  const range = lineIndex.rangeOf(query.start, query.end);
  return {
    name: codeLabel(parsed.tokens, query.start, firstLineEnd, maxNameLength) || 'query',
    kind: 'query',
    range,
    selectionRange: lineIndex.rangeOf(query.start, firstLineEnd),
    children,
  };
}

function letSymbol(parsed: ParsedDocument, statement: ast.LetStatement): DocumentSymbol | undefined {
  if (statement.name.name === '') return undefined;
  const detail = codeLabel(parsed.tokens, statement.value.start, statement.value.end, maxNameLength);
  return {
    name: statement.name.name,
    ...(detail !== '' && { detail }),
    kind: 'let',
    range: parsed.lineIndex.rangeOf(statement.start, statement.end),
    selectionRange: selection(parsed, statement, statement.name),
    children: pipelineSymbols(parsed, statement.value),
  };
}

/** A pipeline's stages, its source operator (`union`, `print`, ...) first; nothing for a plain expression. */
function pipelineSymbols(parsed: ParsedDocument, expression: ast.Expression): DocumentSymbol[] {
  if (expression.kind !== 'Pipeline') return [];
  const stages = 'nameSpan' in expression.source ? [expression.source, ...expression.operators] : expression.operators;
  return stages.flatMap((operator) => operatorSymbol(parsed, operator) ?? []);
}

function operatorSymbol(parsed: ParsedDocument, operator: ast.TabularOperator): DocumentSymbol | undefined {
  const name = codeLabel(parsed.tokens, operator.start, operator.end, maxNameLength);
  if (name === '') return undefined;
  return {
    name,
    kind: 'operator',
    range: parsed.lineIndex.rangeOf(operator.start, operator.end),
    selectionRange: selection(parsed, operator, operator.nameSpan),
    children: nestedPipelineSymbols(parsed, operator),
  };
}

/**
 * The stages of the pipelines inside a node, not looking into those pipelines' own subqueries.
 * A loop, not recursion: between an operator and its subqueries may stand a binary chain as long
 * as the query.
 */
function nestedPipelineSymbols(parsed: ParsedDocument, node: ast.Node): DocumentSymbol[] {
  const symbols: DocumentSymbol[] = [];
  const pending: ast.Node[] = [];
  const children: ast.Node[] = [];
  forEachChild(node, (child) => children.push(child));
  while (children.length > 0) pending.push(children.pop()!);
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (current.kind === 'Pipeline') {
      for (const symbol of pipelineSymbols(parsed, current)) symbols.push(symbol);
      continue;
    }
    forEachChild(current, (child) => children.push(child));
    while (children.length > 0) pending.push(children.pop()!);
  }
  return symbols;
}

/** Editors require the selection to lie inside the symbol's range; recovery can leave odd spans. */
function selection(parsed: ParsedDocument, outer: ast.Span, inner: ast.Span): Range {
  const start = Math.min(Math.max(inner.start, outer.start), outer.end);
  const end = Math.max(start, Math.min(inner.end, outer.end));
  return parsed.lineIndex.rangeOf(start, end);
}
