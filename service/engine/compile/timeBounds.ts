/**
 * The parts of a `where` predicate that bound `_time` by values known before any row is read
 * (`_time >= ago(1h)`, `_time between (datetime(2024-01-01) .. 1d)`): conditions every row that
 * passes must meet, so an engine reads only the rows between them.
 */
import type { Expression } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { binaryChain } from '../../../language/syntax/visit.ts';

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

/** The conjuncts of `predicate` that compare `_time` with a row-independent value, and whether there are others. */
export function timeBounds(predicate: Expression): { bounds: Expression[]; onlyBounds: boolean } {
  const parts = conjuncts(predicate);
  const bounds = parts.filter(isBound);
  return { bounds, onlyBounds: bounds.length === parts.length };
}

/** The `and`ed parts, in source order; a loop, since an `and` chain may be as long as the query. */
function conjuncts(predicate: Expression): Expression[] {
  const parts: Expression[] = [];
  const pending = [predicate];
  while (pending.length > 0) {
    const part = pending.pop()!;
    if (part.kind === 'Paren') pending.push(part.expression);
    else if (part.kind === 'Binary' && part.operator === 'and') pending.push(part.right, part.left);
    else parts.push(part);
  }
  return parts;
}

function isBound(predicate: Expression): boolean {
  if (predicate.kind === 'Binary' && comparisons.has(predicate.operator)) {
    return (isTime(predicate.left) && isRowIndependent(predicate.right)) || (isTime(predicate.right) && isRowIndependent(predicate.left));
  }
  return predicate.kind === 'Between' && !predicate.negated && isTime(predicate.left) && isRowIndependent(predicate.low) && isRowIndependent(predicate.high);
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
    case 'Binary': {
      const { first, links } = binaryChain(expression);
      return links.every((link) => ['+', '-', '*', '/'].includes(link.operator) && isRowIndependent(link.right)) && isRowIndependent(first);
    }
    case 'Call':
      return rowIndependent.has(expression.callee.name) && expression.args.every((arg) => arg.kind !== 'NamedArgument' && isRowIndependent(arg));
    default:
      return false;
  }
}
