import type { Expression, IndexNode, MemberNode, NameNode, Span } from '../syntax/ast.ts';
import type { Column, ScalarType } from './analyzer.ts';
import { analyzeExpression } from './expressions.ts';
import { messages, rules } from './rules.ts';
import type { ExpressionContext } from './scope.ts';
import { findColumn, type Flow } from './tables.ts';
import { closestName, withSuggestion } from './suggestions.ts';

/**
 * Names in expressions: columns of the row (flattened dotted names, map access, the sides of a
 * join), lets, and the explanation of a column that is not there.
 */

export function analyzeName(node: NameNode, context: ExpressionContext): ScalarType {
  // A listed column wins over a let, and a let over a column an open table may have.
  const row = context.row;
  const listed = row && findColumn(row.shape, node.name);
  if (listed) {
    context.state.symbols.set(node, { kind: 'column', column: listed });
    return listed.type;
  }
  const binding = context.query.lets.get(node.name);
  if (binding) {
    context.state.symbols.set(node, { kind: 'let', binding });
    return binding.type === 'table' ? 'unknown' : binding.type;
  }
  if (!row) return 'unknown';
  const assumed = columnIn(row, node.name);
  if (assumed) {
    context.state.symbols.set(node, { kind: 'column', column: assumed });
    return assumed.type;
  }
  reportMissingColumn(context, node.name, node, row);
  return 'unknown';
}

/**
 * Looks a column up in the row. In an open table an unlisted name is assumed to exist with an
 * unknown type. With `reportIfMissing`, a name that is not there (and is not a let) is reported.
 */
export function resolveColumn(node: NameNode, context: ExpressionContext, reportIfMissing = true): Column | undefined {
  const row = context.row;
  if (!row) return undefined;
  const found = columnIn(row, node.name);
  if (found) {
    context.state.symbols.set(node, { kind: 'column', column: found });
    return found;
  }
  if (reportIfMissing && !context.query.lets.has(node.name)) reportMissingColumn(context, node.name, node, row);
  return undefined;
}

/** A listed column, or for an open table a stand-in of unknown type. */
export function columnIn(flow: Flow, name: string): Column | undefined {
  const found = findColumn(flow.shape, name);
  if (found) return found;
  if (flow.shape.open && !flow.dropped.has(name)) return { name, type: 'unknown' };
  return undefined;
}

/**
 * Explains a name the row does not have: dropped by an earlier operator, gone since an operator
 * fixed the column list, or (only when a schema was given) simply unknown.
 */
export function reportMissingColumn(context: ExpressionContext, name: string, span: Span, row: Flow, side?: string): void {
  const droppedBy = row.dropped.get(name);
  if (droppedBy) {
    context.state.report(rules.columnOutOfScope, span, messages.droppedColumn(name, droppedBy));
    return;
  }
  if (row.shape.open) return;
  if (row.closedBy) {
    context.state.report(rules.columnOutOfScope, span, messages.droppedColumn(name, row.closedBy));
    return;
  }
  if (!context.state.schema) return;
  const message = side ? messages.unknownColumnOnSide(name, side) : messages.unknownColumn(name);
  const suggestion = closestName(name, row.shape.columns.map((column) => column.name));
  context.state.report(rules.unknownColumn, span, withSuggestion(message, suggestion), suggestion === undefined ? undefined : [suggestion]);
}

/** `a.b.c` as written, when the chain is made only of names (and is not `$left.x`). */
export function dottedPath(expression: Expression): NameNode[] | undefined {
  if (expression.kind === 'Name') return expression.name.startsWith('$') ? undefined : [expression];
  if (expression.kind !== 'Member') return undefined;
  const target = dottedPath(expression.target);
  return target ? [...target, expression.member] : undefined;
}

function joinSide(expression: Expression, context: ExpressionContext): { flow: Flow; side: string } | undefined {
  if (expression.kind !== 'Name' || !context.join) return undefined;
  if (expression.name === '$left') return { flow: context.join.left, side: 'left' };
  if (expression.name === '$right') return { flow: context.join.right, side: 'right' };
  return undefined;
}

/** `$left.x`, `$right.['a.b']`: a column of one side of a join. */
function sideColumn(node: NameNode, spanNode: Span, side: { flow: Flow; side: string }, context: ExpressionContext): ScalarType {
  const found = columnIn(side.flow, node.name);
  if (found) {
    context.state.symbols.set(node, { kind: 'column', column: found });
    return found.type;
  }
  reportMissingColumn(context, node.name, spanNode, side.flow, side.side);
  return 'unknown';
}

export function analyzeMember(node: MemberNode, context: ExpressionContext): ScalarType {
  const side = joinSide(node.target, context);
  if (side) return sideColumn(node.member, node.member, side, context);

  // `geo.city` usually names a flattened column called "geo.city"; otherwise the longest
  // dotted prefix that is a column (a map) is read and the rest are keys into it.
  const path = dottedPath(node);
  const row = context.row;
  if (path && row) {
    const names = path.map((part) => part.name);
    for (let length = path.length; length >= 1; length--) {
      const found = findColumn(row.shape, names.slice(0, length).join('.'));
      if (!found) continue;
      for (let i = 0; i < length; i++) context.state.symbols.set(path[i], { kind: 'column', column: found });
      if (length === path.length) return found.type;
      return found.type === 'dynamic' || found.type === 'unknown' ? found.type : 'unknown';
    }
    const binding = context.query.lets.get(names[0]);
    if (binding) {
      context.state.symbols.set(path[0], { kind: 'let', binding });
      return binding.type === 'dynamic' ? 'dynamic' : 'unknown';
    }
    const fullName = names.join('.');
    const assumed = columnIn(row, fullName);
    if (assumed) {
      for (const part of path) context.state.symbols.set(part, { kind: 'column', column: assumed });
      return assumed.type;
    }
    reportMissingColumn(context, fullName, node, row);
    return 'unknown';
  }
  const target = analyzeExpression(node.target, context);
  return target === 'dynamic' ? 'dynamic' : 'unknown';
}

export function analyzeIndex(node: IndexNode, context: ExpressionContext): ScalarType {
  const side = joinSide(node.target, context);
  if (side && node.index.kind === 'Literal' && typeof node.index.value === 'string') {
    const found = columnIn(side.flow, node.index.value);
    if (!found) reportMissingColumn(context, node.index.value, node.index, side.flow, side.side);
    return found?.type ?? 'unknown';
  }
  if (side && node.index.kind === 'Name') return sideColumn(node.index, node.index, side, context);
  const target = analyzeExpression(node.target, context);
  analyzeExpression(node.index, context);
  return target === 'dynamic' || target === 'unknown' ? target : 'unknown';
}
