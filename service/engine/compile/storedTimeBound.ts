/**
 * A `_time` bound (timeBounds.ts) as SQL the read can prune by. The stored `_time` is a microsecond
 * TIMESTAMP; compared with a TIMESTAMP_NS value (a datetime below the microsecond, such as endofday())
 * DuckDB would cast the column instead, and read every row. So the value is rounded to the microsecond
 * on the side that keeps the comparison exact for microsecond times.
 */
import type { Expression } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { asBool } from './coercions.ts';
import type { Compiled } from './scope.ts';
import { microsecondFloor } from './sql.ts';
import { timeBounds } from './timeBounds.ts';

/** The `_time` bounds of a `where` predicate as SQL (see timeBounds), and whether the predicate is nothing else. */
export function readBoundsOf(predicate: Expression, compile: (expression: Expression) => Compiled): { bounds: string[]; onlyBounds: boolean } {
  const { bounds, onlyBounds } = timeBounds(predicate);
  return { bounds: bounds.map((bound) => storedTimeBound(bound, compile) ?? asBool(compile(bound))), onlyBounds };
}

const floor = microsecondFloor;
const ceil = (value: string) => `(CASE WHEN ${floor(value)} = ${value} THEN ${floor(value)} ELSE ${floor(value)} + INTERVAL 1 microsecond END)`;
const flipped: Record<string, string> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==' };

/** The bound's SQL, or undefined when a side is not a datetime (the caller compiles it as any predicate). */
export function storedTimeBound(bound: Expression, compile: (expression: Expression) => Compiled): string | undefined {
  if (bound.kind === 'Between') {
    const [time, low, high] = [bound.left, bound.low, bound.high].map(compile);
    if (low!.type !== 'datetime' || high!.type !== 'datetime') return undefined;
    return `(${time!.sql} >= ${ceil(low!.sql)} AND ${time!.sql} <= ${floor(high!.sql)})`;
  }
  if (bound.kind !== 'Binary') return undefined;
  const timeOnLeft = isTimeColumn(bound.left);
  const time = compile(timeOnLeft ? bound.left : bound.right);
  const value = compile(timeOnLeft ? bound.right : bound.left);
  if (value.type !== 'datetime') return undefined;
  const operator = timeOnLeft ? bound.operator : flipped[bound.operator]!;
  switch (operator) {
    case '<':
      return `(${time.sql} < ${ceil(value.sql)})`;
    case '<=':
      return `(${time.sql} <= ${floor(value.sql)})`;
    case '>':
      return `(${time.sql} > ${floor(value.sql)})`;
    case '>=':
      return `(${time.sql} >= ${ceil(value.sql)})`;
    default:
      return `(${time.sql} = ${floor(value.sql)} AND ${floor(value.sql)} = ${value.sql})`;
  }
}

function isTimeColumn(expression: Expression): boolean {
  return columnNameOf(expression) === '_time';
}
