/** Constant values inside `dynamic(...)` literals. */
import type * as ast from './ast.ts';

/**
 * A typed literal inside a dynamic literal: numbers, booleans and nulls as JSON values (`long(3)` is 3,
 * `bool(null)` null); datetimes, timespans and what does not read as its type keep their text.
 */
function typedConstant(literal: ast.TypedLiteralNode): unknown {
  const text = literal.text.trim();
  const type = literal.typeName.toLowerCase();
  if (text === 'null') return null;
  if (['int', 'long'].includes(type) && /^[+-]?\d+$/.test(text)) return exactInteger(text);
  if (['int', 'long', 'real', 'double'].includes(type) && /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number(text);
  if ((type === 'bool' || type === 'boolean') && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  return literal.text;
}

/** A whole number's value: a bigint past 2^53, where a double would change its digits (9007199254740993). */
function exactInteger(digits: string): number | bigint {
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : BigInt(digits);
}

function literalValue(literal: ast.LiteralNode): unknown {
  return literal.type === 'long' && /^\d+$/.test(literal.text) ? exactInteger(literal.text) : literal.value;
}

/**
 * The JSON-like value of one element of a dynamic literal; undefined where it is not a constant.
 * Integers past 2^53 are bigints, so the JSON written from the value keeps their digits.
 */
export function constantValue(expression: ast.Expression): unknown {
  if (expression.kind === 'Literal') return literalValue(expression);
  if (expression.kind === 'Unary' && expression.operator === '-' && expression.operand.kind === 'Literal') {
    const value = literalValue(expression.operand);
    return typeof value === 'number' || typeof value === 'bigint' ? -value : undefined;
  }
  if (expression.kind === 'TypedLiteral') return typedConstant(expression);
  // A dynamic literal written inside another one (`dynamic({'a': dynamic([1])})`) is its value.
  if (expression.kind === 'DynamicLiteral') return expression.value;
  return undefined;
}
