/** `_time` bounds against datetimes below the microsecond: exact for the stored microsecond `_time`, and prunable. */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { parseQuery, type Expression, type PipelineNode } from '../../../../language/index.ts';
import { readBoundsOf } from '../../../../service/engine/compile/storedTimeBound.ts';
import { datetimeLiteral, ident } from '../../../../service/engine/compile/sql.ts';
import { parseDatetimeNanos } from '../../../../service/engine/compile/timeText.ts';
import type { Compiled } from '../../../../service/engine/compile/scope.ts';

let connection: DuckDBConnection;
before(async () => {
  connection = await (await DuckDBInstance.create(':memory:')).connect();
  // One row a microsecond apart around 10:15:00, and one a second later.
  await connection.run(`CREATE TABLE t AS SELECT TIMESTAMP '2024-01-01 10:15:00' + to_microseconds(i) AS "_time" FROM range(-2, 3) r(i)
    UNION ALL SELECT TIMESTAMP '2024-01-01 10:15:01'`);
});
after(() => connection.closeSync());

/** The bound SQL of `where <predicate>`, compiling `_time` and datetime literals only. */
function boundOf(predicate: string): string {
  const parsed = parseQuery(`t | where ${predicate}`);
  const where = (parsed.root.queries[0]!.statements[0] as { expression: PipelineNode }).expression.operators[0] as { predicate: Expression };
  const compile = (expression: Expression): Compiled => {
    if (expression.kind === 'Name') return { sql: ident(expression.name), type: 'datetime' };
    if (expression.kind === 'TypedLiteral') return { sql: datetimeLiteral(parseDatetimeNanos(expression.text)!), type: 'datetime' };
    throw new Error(`unexpected ${expression.kind}`);
  };
  const { bounds } = readBoundsOf(where.predicate, compile);
  assert.equal(bounds.length, 1);
  return bounds[0]!;
}

/** The rows (as microseconds past 10:15:00) a SQL predicate keeps. */
async function kept(sql: string): Promise<number[]> {
  const reader = await connection.runAndReadAll(`SELECT CAST(epoch_us("_time") - epoch_us(TIMESTAMP '2024-01-01 10:15:00') AS INTEGER) FROM t WHERE ${sql} ORDER BY 1`);
  return reader.getRows().map((row) => Number(row[0]));
}

const below = 'datetime(2024-01-01 10:15:00.0000005)';
const cases: [string, string, number[]][] = [
  [`_time < ${below}`, `"_time" < TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, [-2, -1, 0]],
  [`_time <= ${below}`, `"_time" <= TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, [-2, -1, 0]],
  [`_time > ${below}`, `"_time" > TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, [1, 2, 1000000]],
  [`_time >= ${below}`, `"_time" >= TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, [1, 2, 1000000]],
  [`_time == ${below}`, `"_time" = TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, []],
  [`${below} > _time`, `"_time" < TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, [-2, -1, 0]],
  [`_time between (datetime(2024-01-01 10:14:59.9999995) .. ${below})`, `"_time" BETWEEN TIMESTAMP_NS '2024-01-01 10:14:59.9999995' AND TIMESTAMP_NS '2024-01-01 10:15:00.0000005'`, [0]],
  ['_time >= datetime(2024-01-01 10:15:00)', `"_time" >= TIMESTAMP '2024-01-01 10:15:00'`, [0, 1, 2, 1000000]],
  ['_time == datetime(2024-01-01 10:15:00.000001)', `"_time" = TIMESTAMP '2024-01-01 10:15:00.000001'`, [1]],
];

test('each bound keeps exactly the rows the nanosecond comparison keeps', async () => {
  for (const [predicate, exact, rows] of cases) {
    assert.deepEqual(await kept(exact), rows, `exact: ${predicate}`);
    assert.deepEqual(await kept(boundOf(predicate)), rows, predicate);
  }
});

async function planOf(sql: string): Promise<string> {
  const reader = await connection.runAndReadAll(`EXPLAIN SELECT * FROM t WHERE ${sql}`);
  // The boxes wrap long filters: compare without them and without spaces.
  return reader.getRows().map((row) => String(row[1])).join('').replace(/[│┌┐└┘─\s]/g, '');
}

test('the stored _time is compared as it is stored, so the scan can prune by it', async () => {
  // Compared with a TIMESTAMP_NS as it is, the column is cast row by row.
  assert.match(await planOf(cases[0]![1]), /CAST\(_timeASTIMESTAMP_NS\)/);
  for (const [predicate] of cases) {
    const plan = await planOf(boundOf(predicate));
    assert.doesNotMatch(plan, /CAST\(_timeASTIMESTAMP_NS\)/, predicate);
    // An equality no microsecond time can meet folds to no rows at all.
    assert.match(plan, /Filters:.*_time|EMPTY_RESULT/, predicate);
  }
});
