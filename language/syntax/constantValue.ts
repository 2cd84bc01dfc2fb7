/** Constant values inside `dynamic(...)` literals. */
import type * as ast from './ast.ts';

/**
 * A datetime or timespan inside a dynamic literal (`dynamic([datetime(2024-01-01), 1h])`), kept as
 * written: which texts read as times, and how a time is written into JSON, are the consumer's rules.
 */
export class TimeConstant {
  constructor(
    readonly type: 'datetime' | 'timespan',
    readonly text: string,
    /** A timespan literal's own value (`1h`); typed literals are read from `text`. */
    readonly nanoseconds?: number,
  ) {}
}

const timeTypes: Record<string, TimeConstant['type']> = { datetime: 'datetime', date: 'datetime', timespan: 'timespan', time: 'timespan' };

/**
 * A typed literal inside a dynamic literal: numbers, booleans and nulls as JSON values (`long(3)` is 3,
 * `bool(null)` null), datetimes and timespans as TimeConstants; what does not read as its type keeps its text.
 */
function typedConstant(literal: ast.TypedLiteralNode): unknown {
  const text = literal.text.trim();
  const type = literal.typeName.toLowerCase();
  if (text === 'null') return null;
  const timeType = timeTypes[type];
  if (timeType) return new TimeConstant(timeType, text);
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
  if (literal.type === 'timespan') return new TimeConstant('timespan', literal.text, Number(literal.value));
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
    if (value instanceof TimeConstant) return new TimeConstant('timespan', `-${value.text}`, -value.nanoseconds!);
    return typeof value === 'number' || typeof value === 'bigint' ? -value : undefined;
  }
  if (expression.kind === 'TypedLiteral') return typedConstant(expression);
  // A dynamic literal written inside another one (`dynamic({'a': dynamic([1])})`) is its value.
  if (expression.kind === 'DynamicLiteral') return expression.value;
  return undefined;
}
