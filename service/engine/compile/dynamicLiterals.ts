/** `dynamic(...)` literals: their constant JSON value, nested dynamic literals included, as a JSON value. */
import type { DynamicLiteralNode } from '../../../language/index.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { stringLiteral } from './sql.ts';
import { stringifyExact } from '../../../wire/exactJson.ts';

/**
 * Whether every part of a literal's value is a constant. The parser leaves undefined where a part is
 * an expression (`dynamic([x])`), which JSON text would silently drop or turn into null. The walk
 * uses its own stack, so it is linear in the value whatever its nesting.
 */
function isConstant(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === undefined) return false;
    if (Array.isArray(next)) for (const item of next) pending.push(item);
    else if (next !== null && typeof next === 'object') for (const item of Object.values(next)) pending.push(item);
  }
  return true;
}

export function compileDynamicLiteral(expression: DynamicLiteralNode, scope: ExpressionScope): Compiled {
  if (expression.value === undefined) throw scope.errors.at(expression.start, 'invalid dynamic literal');
  if (!isConstant(expression.value)) throw scope.errors.at(expression.start, 'a dynamic literal holds only constant values: dynamic(...) cannot refer to a column or call a function');
  return { sql: `CAST(${stringLiteral(stringifyExact(expression.value))} AS JSON)`, type: 'dynamic', array: Array.isArray(expression.value) };
}
