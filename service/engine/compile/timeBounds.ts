/**
 * The parts of a `where` predicate that bound `_time` by values known before any row is read
 * (`_time >= ago(1h)`, `_time between (datetime(2024-01-01) .. 1d)`): conditions every row that
 * passes must meet, so an engine reads only the rows between them.
 */
import type { Expression } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';

const comparisons = new Set(['<', '<=', '>', '>=', '==']);

/** Functions whose value does not depend on the row, given arguments that do not either. */
const rowIndependent = new Set([
  'ago',
  'now',
  'datetime',
  'todatetime',
  'datetime_add',
  'startofday',
  'startofweek',
  'startofmonth',
  'startofyear',
  'endofday',
  'endofweek',
  'endofmonth',
  'endofyear',
  'unixtime_seconds_todatetime',
  'unixtime_milliseconds_todatetime',
  'unixtime_microseconds_todatetime',
  'unixtime_nanoseconds_todatetime',
  'totimespan',
]);

/** The conjuncts of `predicate` that compare `_time` with a row-independent value. */
export function timeBounds(predicate: Expression): Expression[] {
  switch (predicate.kind) {
    case 'Paren':
      return timeBounds(predicate.expression);
    case 'Binary':
      if (predicate.operator === 'and') return [...timeBounds(predicate.left), ...timeBounds(predicate.right)];
      if (!comparisons.has(predicate.operator)) return [];
      return (isTime(predicate.left) && isRowIndependent(predicate.right)) || (isTime(predicate.right) && isRowIndependent(predicate.left)) ? [predicate] : [];
    case 'Between':
      return !predicate.negated && isTime(predicate.left) && isRowIndependent(predicate.low) && isRowIndependent(predicate.high) ? [predicate] : [];
    default:
      return [];
  }
}

function isTime(expression: Expression): boolean {
  return columnNameOf(expression) === '_time';
}

function isRowIndependent(expression: Expression): boolean {
  switch (expression.kind) {
    case 'Literal':
    case 'TypedLiteral':
      return true;
    case 'Paren':
      return isRowIndependent(expression.expression);
    case 'Unary':
      return isRowIndependent(expression.operand);
    case 'Binary':
      return ['+', '-', '*', '/'].includes(expression.operator) && isRowIndependent(expression.left) && isRowIndependent(expression.right);
    case 'Call':
      return rowIndependent.has(expression.callee.name) && expression.args.every((arg) => arg.kind !== 'NamedArgument' && isRowIndependent(arg));
    default:
      return false;
  }
}
