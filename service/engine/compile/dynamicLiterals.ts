/** `dynamic(...)` literals: their constant JSON value, nested dynamic literals included, as a JSON value. */
import { TimeConstant, type DynamicLiteralNode } from '../../../language/index.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { stringLiteral } from './sql.ts';
import { formatDuration, parseDatetimeNanos, parseTimespanText } from './timeText.ts';
import { formatNanos } from '../values.ts';
import { stringifyExact } from '../../../wire/exactJson.ts';

/**
 * Whether every part of a literal's value is a constant, and whether one is a datetime or timespan.
 * The parser leaves undefined where a part is an expression (`dynamic([x])`), which JSON text would
 * silently drop or turn into null. The walk uses its own stack, so it is linear in the value whatever
 * its nesting.
 */
function inspect(value: unknown): { constant: boolean; times: boolean } {
  const pending: unknown[] = [value];
  let times = false;
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined) return { constant: false, times };
    if (next instanceof TimeConstant) times = true;
    else if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (next !== null && typeof next === 'object') for (const item of Object.values(next)) pending.push(item);
  }
  return { constant: true, times };
}

/**
 * A time inside a dynamic value is the text the same value packed into a dynamic holds
 * (`pack_array(datetime(…), 1h)`): an RFC 3339 datetime, a Go duration. APL says an inner literal
 * keeps its type (data-types/scalar-data-types.mdx); Kusto's dynamic values hold datetimes and
 * timespans as such texts too (scalar-data-types/dynamic.md). A text that does not read as its type
 * stays the text it was: APL's array_iff page puts Kusto's `datetime('01-01-2022')`, which dateparse
 * does not read, in a dynamic literal and prints an answer. The parser bounds the nesting (100 levels).
 */
function withTimesWritten(value: unknown): unknown {
  if (value instanceof TimeConstant) {
    // Read as `datetime(…)` and `timespan(…)` literals are read (expressions.ts).
    const unread = () => value.text.replace(/^(['"])(.*)\1$/, '$2');
    if (value.type === 'timespan') {
      const nanos = value.nanoseconds ?? parseTimespanText(value.text);
      return nanos === undefined ? unread() : formatDuration(nanos);
    }
    const nanos = parseDatetimeNanos(value.text);
    return nanos === undefined ? unread() : formatNanos(nanos);
  }
  if (Array.isArray(value)) return value.map(withTimesWritten);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withTimesWritten(item)]));
  return value;
}

export function compileDynamicLiteral(expression: DynamicLiteralNode, scope: ExpressionScope): Compiled {
  if (expression.value === undefined) throw scope.errors.at(expression.start, 'invalid dynamic literal');
  const { constant, times } = inspect(expression.value);
  if (!constant) throw scope.errors.at(expression.start, 'a dynamic literal holds only constant values: dynamic(...) cannot refer to a column or call a function');
  const value = times ? withTimesWritten(expression.value) : expression.value;
  return { sql: `CAST(${stringLiteral(stringifyExact(value))} AS JSON)`, type: 'dynamic', array: Array.isArray(value) };
}
