import type { Argument, BinaryNode, Expression, ListOperatorNode, NameNode } from '../syntax/ast.ts';
import { binaryChain } from '../syntax/visit.ts';
import type { ScalarType } from './analyzer.ts';
import { analyzeCall } from './calls.ts';
import { checkComparison } from './comparisons.ts';
import { analyzeIndex, analyzeMember, analyzeName, resolveColumn } from './names.ts';
import { messages, rules } from './rules.ts';
import type { ExpressionContext } from './scope.ts';
import type { AnalysisState } from './state.ts';
import { findColumn } from './tables.ts';
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
      for (const span of expression.nonConstants ?? []) context.state.report(rules.dynamicConstant, span, messages.dynamicConstant());
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
      checkTypeName(expression.typeName, context.state);
      return 'unknown';
    case 'Pipeline':
      context.analyzeTable(expression, context.query);
      return 'unknown';
    case 'Star':
    case 'Wildcard':
    case 'Missing':
    // A function-like let's value is analyzed with its let (functions.ts).
    case 'Function':
      return 'unknown';
  }
}

/** Reports a type name that APL does not know; returns its folded type. */
export function checkTypeName(name: NameNode, state: AnalysisState): ScalarType {
  const type = typeFromName(name.name);
  if (!type) state.report(rules.unknownType, name, messages.unknownType(name.name));
  return type ?? 'unknown';
}

/** A chain of binary operators, its left spine in a loop: `a or b or …` may be a hundred thousand long. */
function analyzeBinary(node: BinaryNode, context: ExpressionContext): ScalarType {
  const { first, links } = binaryChain(node);
  let left = links[0].operator === ':' && first.kind === 'Name' ? searchField(first, context) : analyzeExpression(first, context);
  let type: ScalarType = 'unknown';
  for (const link of links) {
    if (link !== links[0]) context.state.types.set(link.left, left);
    const right = analyzeExpression(link.right, context);
    const leftOperand = link === links[0] ? first : link.left;
    checkComparison(link.operator, { expression: leftOperand, type: left }, { expression: link.right, type: right }, context.state);
    // search's `field:"term"` and every comparison are bool.
    type = arithmeticOperators.has(link.operator) ? arithmeticType(link.operator, left, right) : 'bool';
    left = type;
  }
  return type;
}

/** search's `field:"term"`: the field is a column, whatever the lets say. */
function searchField(name: NameNode, context: ExpressionContext): ScalarType {
  resolveColumn(name, context);
  return 'unknown';
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
