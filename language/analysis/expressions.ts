import type {
  Argument,
  BinaryNode,
  Expression,
  IndexNode,
  ListOperatorNode,
  MemberNode,
  NameNode,
  Span,
} from '../syntax/ast.ts';
import type { Column, ScalarType } from './analyzer.ts';
import { analyzeCall } from './calls.ts';
import { messages, rules } from './rules.ts';
import type { ExpressionContext } from './scope.ts';
import { findColumn, type Flow } from './tables.ts';
import { arithmeticOperators, arithmeticType, literalType, typeFromName } from './types.ts';

/** Infers an expression's type, recording types, symbols and diagnostics on the way. */
export function analyzeExpression(expression: Expression, context: ExpressionContext): ScalarType {
  const type = inferType(expression, context);
  context.state.types.set(expression, type);
  return type;
}

export function analyzeArgument(argument: Argument, context: ExpressionContext): ScalarType {
  if (argument.kind === 'NamedArgument') return analyzeExpression(argument.value, context);
  return analyzeExpression(argument, context);
}

function inferType(expression: Expression, context: ExpressionContext): ScalarType {
  switch (expression.kind) {
    case 'Literal':
      return literalType(expression.type);
    case 'DynamicLiteral':
      return 'dynamic';
    case 'TypedLiteral':
      return typeFromName(expression.typeName) ?? 'unknown';
    case 'Name':
      return analyzeName(expression, context);
    case 'Member':
      return analyzeMember(expression, context);
    case 'Index':
      return analyzeIndex(expression, context);
    case 'Slice':
      analyzeExpression(expression.target, context);
      if (expression.from) analyzeExpression(expression.from, context);
      if (expression.to) analyzeExpression(expression.to, context);
      return 'dynamic';
    case 'Call':
      return analyzeCall(expression, context);
    case 'Binary':
      return analyzeBinary(expression, context);
    case 'Unary': {
      const operand = analyzeExpression(expression.operand, context);
      return expression.operator === 'not' ? 'bool' : operand;
    }
    case 'ListOperator':
      return analyzeListOperator(expression, context);
    case 'Between':
      analyzeExpression(expression.left, context);
      analyzeExpression(expression.low, context);
      analyzeExpression(expression.high, context);
      return 'bool';
    case 'Paren':
      return analyzeExpression(expression.expression, context);
    case 'TypeOf':
      checkTypeName(expression.typeName, context);
      return 'unknown';
    case 'Pipeline':
      context.analyzeTable(expression, context.query);
      return 'unknown';
    case 'Star':
    case 'Wildcard':
    case 'Missing':
      return 'unknown';
  }
}

/** Reports a type name that APL does not know; returns its folded type. */
export function checkTypeName(name: NameNode, context: ExpressionContext): ScalarType {
  const type = typeFromName(name.name);
  if (!type) context.state.report(rules.unknownType, name, messages.unknownType(name.name));
  return type ?? 'unknown';
}

function analyzeName(node: NameNode, context: ExpressionContext): ScalarType {
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
  context.state.report(rules.unknownColumn, span, message);
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

function analyzeMember(node: MemberNode, context: ExpressionContext): ScalarType {
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

function analyzeIndex(node: IndexNode, context: ExpressionContext): ScalarType {
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

function analyzeBinary(node: BinaryNode, context: ExpressionContext): ScalarType {
  if (node.operator === ':') {
    // search's `field:"term"`.
    if (node.left.kind === 'Name') resolveColumn(node.left, context);
    else analyzeExpression(node.left, context);
    analyzeExpression(node.right, context);
    return 'bool';
  }
  const left = analyzeExpression(node.left, context);
  const right = analyzeExpression(node.right, context);
  if (arithmeticOperators.has(node.operator)) return arithmeticType(node.operator, left, right);
  return 'bool';
}

function analyzeListOperator(node: ListOperatorNode, context: ExpressionContext): ScalarType {
  analyzeExpression(node.left, context);
  for (const item of node.items) {
    if (item.kind === 'Name' && isTableName(item, context)) {
      context.analyzeTable(item, context.query);
      continue;
    }
    analyzeExpression(item, context);
  }
  return 'bool';
}

/** A name in a list that stands for a table: a tabular let, or a dataset that is not a column. */
function isTableName(node: NameNode, context: ExpressionContext): boolean {
  const binding = context.query.lets.get(node.name);
  if (binding) return binding.type === 'table';
  if (context.row && findColumn(context.row.shape, node.name)) return false;
  return context.state.schema?.has(node.name) ?? false;
}
