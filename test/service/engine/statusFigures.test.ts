/**
 * Status figures and totals however the engine gets them (folded into the main statement, from
 * the status statement, or from the rows examined), checked against counts made by hand; and the
 * cached columns following changes to the tables.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runApl } from '../../../service/engine/index.ts';
import { openFixture, readAllButSecret, type Fixture } from './fixture.ts';

let fixture: Fixture;
before(async () => {
  fixture = await openFixture();
  // 1500 events a minute apart from 2024-02-01 00:00, status cycling through 200, 404, 500.
  await fixture.database.run(`
    CREATE TABLE events.minutes ("_time" TIMESTAMP NOT NULL, "_sys^Time" TIMESTAMP NOT NULL, n BIGINT, status BIGINT);
    INSERT INTO events.minutes SELECT TIMESTAMP '2024-02-01' + to_minutes(i), TIMESTAMP '2024-02-01' + to_minutes(i), i, [200, 404, 500][1 + i % 3] FROM range(1500) AS r(i);
  `);
});
after(async () => {
  await fixture.close();
});

const range = { startTime: '2024-01-01T00:00:00Z', endTime: '2024-03-01T00:00:00Z' };
const run = (apl: string) => runApl(fixture.database, { apl, ...range }, readAllButSecret);
const figures = async (apl: string) => {
  const { status } = await run(apl);
  return { examined: status.rowsExamined, matched: status.rowsMatched };
};
/** Rows examined and matched, and the time span of the rows read. */
const span = async (apl: string, startTime = range.startTime, endTime = range.endTime) => {
  const { status } = await runApl(fixture.database, { apl, startTime, endTime }, readAllButSecret);
  return [status.rowsExamined, status.rowsMatched, status.minBlockTime, status.maxBlockTime];
};
/** The second hour of `minutes`. */
const hour = "_time >= datetime('2024-02-01T01:00:00Z') and _time < datetime('2024-02-01T02:00:00Z')";

describe('rows matched: the rows that pass the filters before the first reducing operator', () => {
  test('no filter: every row examined matches', async () => {
    assert.deepEqual(await figures('logs | count'), { examined: 8, matched: 8 });
    assert.deepEqual(await figures('logs | top 2 by duration'), { examined: 8, matched: 8 });
    assert.deepEqual(await figures('logs | summarize count() by method'), { examined: 8, matched: 8 });
  });

  test('a filter before summarize or count', async () => {
    assert.deepEqual(await figures('logs | where status >= 400 | summarize count() by method'), { examined: 8, matched: 3 });
    assert.deepEqual(await figures('logs | where status >= 400 | count'), { examined: 8, matched: 3 });
    assert.deepEqual(await figures('logs | where status >= 400 | summarize count() by bin(_time, 1h)'), { examined: 8, matched: 3 });
    assert.deepEqual(await figures("logs | where method == 'nothing' | summarize count() by method"), { examined: 8, matched: 0 });
  });

  test("a summarize's own count() among its other aggregations, or none", async () => {
    const filtered = 'logs | where status >= 400 | summarize';
    assert.deepEqual(await figures(`${filtered} longest = max(duration), n = count(), errors = countif(status >= 500) by method`), { examined: 8, matched: 3 });
    assert.deepEqual(await figures(`${filtered} countif(status >= 500), avg(duration) by method`), { examined: 8, matched: 3 });
    assert.deepEqual(await figures(`${filtered} sum(duration), count()`), { examined: 8, matched: 3 });
    assert.deepEqual(await span('logs | summarize n = countif(ok), count()', '2024-01-01T11:00:00Z', '2024-01-01T12:15:00Z'), [3, 3, '2024-01-01T11:05:00Z', '2024-01-01T12:10:00Z']);
    const { rows } = await run(`${filtered} longest = max(duration), n = count() by method | order by method asc`);
    assert.deepEqual(rows.map((row) => row.slice(1)), (await run(`${filtered} longest = max(duration), n = countif(true) by method | order by method asc`)).rows.map((row) => row.slice(1)));
  });

  test('a summarize after another reducing operator', async () => {
    assert.deepEqual(await figures('logs | take 2 | summarize count()'), { examined: 8, matched: 8 });
    assert.deepEqual(await figures('logs | where status >= 400 | take 2 | summarize count() by bin(_time, 1h)'), { examined: 8, matched: 3 });
  });

  test('rows without a reducing operator, and the time range', async () => {
    assert.deepEqual(await figures('logs | where ok'), { examined: 8, matched: 5 });
    assert.deepEqual(await span('logs | where ok | count', '2024-01-01T11:00:00Z', '2024-01-01T12:15:00Z'), [3, 2, '2024-01-01T11:05:00Z', '2024-01-01T12:10:00Z']);
  });
});

describe("a query's own bounds on the stored _time narrow the rows read, as the time range does", () => {
  test('bounds, alone or beside other filters', async () => {
    assert.deepEqual(await span(`minutes | where ${hour} | count`), [60, 60, '2024-02-01T01:00:00Z', '2024-02-01T01:59:00Z']);
    assert.deepEqual(await figures(`minutes | where status == 500 and ${hour} | summarize count() by status`), { examined: 60, matched: 20 });
    assert.deepEqual(await figures(`minutes | where ${hour} | where n % 2 == 0 | take 5`), { examined: 10, matched: 5 });
    assert.deepEqual(await figures(`minutes | where ${hour} | make-series count() default = 0 on _time step 10m`), { examined: 60, matched: 60 });
  });

  test('not after a reducing operator, nor on a changed _time', async () => {
    assert.deepEqual(await figures(`minutes | take 1500 | where ${hour} | count`), { examined: 1500, matched: 1500 });
    assert.deepEqual(await figures(`minutes | extend _time = _time + 1h | where ${hour} | count`), { examined: 1500, matched: 60 });
    assert.deepEqual(await figures(`minutes | where ${hour} or status == 500 | count`), { examined: 1500, matched: 540 });
  });
});

describe('a take by time: the rows read up to the last one taken', () => {
  test('newest first: the rows from the oldest one taken on', async () => {
    // Status 500 every third minute; the tenth newest is minute 1472 of 1500.
    const newest = [28, 10, '2024-02-02T00:32:00Z', '2024-02-02T00:59:00Z'];
    assert.deepEqual(await span('minutes | where status == 500 | take 10'), newest);
    assert.deepEqual(await span('minutes | where status == 500 | project _time, n | take 10'), newest);
    assert.deepEqual(await span('minutes | extend kind = status / 100 | where kind == 5 | project-away kind | take 10'), newest);
    assert.deepEqual(await figures("logs | where method =~ 'get' | take 1"), { examined: 1, matched: 1 });
  });

  test('no filter but bounds on _time: the rows read are the rows taken', async () => {
    const lastFive = [5, 5, '2024-02-01T01:55:00Z', '2024-02-01T01:59:00Z'];
    assert.deepEqual(await span(`minutes | where ${hour} | take 5`), lastFive);
    assert.deepEqual(await span(`minutes | where ${hour} | project _time, n | take 5`), lastFive);
    assert.deepEqual(await span(`minutes | where ${hour} | project-away status | take 5`), lastFive);
    assert.deepEqual(await span('minutes | take 5'), [5, 5, '2024-02-02T00:55:00Z', '2024-02-02T00:59:00Z']);
    // Without `_time` the take is not by time: every row is read.
    assert.deepEqual(await figures('minutes | project n | take 5'), { examined: 1500, matched: 1500 });
  });

  test('columns computed or dropped after the take: it still stopped where it stopped', async () => {
    const newest = [28, 10, '2024-02-02T00:32:00Z', '2024-02-02T00:59:00Z'];
    assert.deepEqual(await span('minutes | where status == 500 | take 10 | extend kind = status / 100'), newest);
    assert.deepEqual(await span('minutes | where status == 500 | take 10 | project _time, n'), newest);
    assert.deepEqual(await span('minutes | where status == 500 | take 10 | project-away status'), newest);
    // Once `_time` is gone or computed, where the take stopped is no longer known: the whole range.
    assert.deepEqual(await figures('minutes | where status == 500 | take 10 | project n'), { examined: 1500, matched: 500 });
    assert.deepEqual(await figures('minutes | where status == 500 | take 10 | extend _time = _time + 1h'), { examined: 1500, matched: 500 });
  });

  test('oldest first: the rows up to the newest one taken', async () => {
    assert.deepEqual(await span('minutes | where status == 500 | order by _time asc | take 10'), [30, 10, '2024-02-01T00:00:00Z', '2024-02-01T00:29:00Z']);
  });

  test('fewer rows than asked for: the whole range was read', async () => {
    assert.deepEqual(await figures('logs | where status >= 500 | take 5'), { examined: 8, matched: 2 });
    assert.deepEqual(await figures("logs | where method == 'nothing' | take 5"), { examined: 8, matched: 0 });
  });

  test('a changed _time, another order or a computed count: every row in the range', async () => {
    assert.deepEqual(await figures('minutes | extend _time = _time + 1h | where status == 500 | take 10'), { examined: 1500, matched: 500 });
    assert.deepEqual(await figures('minutes | where status == 500 | project _time = _sysTime + 1h, n | take 10'), { examined: 1500, matched: 500 });
    assert.deepEqual(await figures('minutes | where status == 500 | order by n desc | take 10'), { examined: 1500, matched: 500 });
    assert.deepEqual(await figures('minutes | where status == 500 | take 2 * 5'), { examined: 1500, matched: 500 });
  });
});

describe('a summarize over unfiltered rows: rows examined and their time span from its own scan', () => {
  test('no keys, keys, and a time bin with keys', async () => {
    const expected = [3, 3, '2024-01-01T11:05:00Z', '2024-01-01T12:10:00Z'];
    for (const apl of ['logs | count', 'logs | summarize count() by method', 'logs | summarize count() by bin(_time, 1h), method', 'logs | summarize max(duration)']) {
      assert.deepEqual(await span(apl, '2024-01-01T11:00:00Z', '2024-01-01T12:15:00Z'), expected, apl);
    }
    assert.deepEqual(await span('minutes | summarize count() by bin(_time, 1h), status', '2024-02-01T01:30:00Z', '2024-02-01T02:00:00Z'), [30, 30, '2024-02-01T01:30:00Z', '2024-02-01T01:59:00Z']);
  });

  test('extended rows are still every row; a changed _time or a filter after the extend is not', async () => {
    const within = ['2024-01-01T11:00:00Z', '2024-01-01T12:15:00Z'] as const;
    assert.deepEqual(await span('logs | extend slow = duration > 100 | summarize count() by slow', ...within), [3, 3, '2024-01-01T11:05:00Z', '2024-01-01T12:10:00Z']);
    // The span is that of the stored times, not of the shifted ones.
    assert.deepEqual(await span('logs | extend _time = _time + 1h | summarize count()', ...within), [3, 3, '2024-01-01T11:05:00Z', '2024-01-01T12:10:00Z']);
    assert.deepEqual(await figures('logs | extend k = 1 | where status >= 400 | summarize count() by k'), { examined: 8, matched: 3 });
  });

  test('no rows in the range: nothing examined, the span is the range', async () => {
    for (const apl of ['logs | count', 'logs | summarize count() by method', 'minutes | summarize count() by bin(_time, 1h), status']) {
      assert.deepEqual(await span(apl, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'), [0, 0, '2030-01-01T00:00:00Z', '2030-01-02T00:00:00Z'], apl);
    }
  });
});

describe('time-binned summaries: groups and totals from one statement', () => {
  test('totals per remaining key, the first aggregation descending', async () => {
    const result = await run('minutes | summarize top = max(n), n = count() by bin(_time, 1h), status');
    assert.deepEqual(result.totals?.rows, [
      [500, 1499, 500],
      [404, 1498, 500],
      [200, 1497, 500],
    ]);
    assert.equal(result.rows.length, 75);
    assert.deepEqual(result.rows.slice(0, 4).map((row) => row[0]), ['2024-02-01T00:00:00Z', '2024-02-01T00:00:00Z', '2024-02-01T00:00:00Z', '2024-02-01T01:00:00Z']);
    assert.equal(result.status.rowsMatched, 1500);
  });

  test('the default limit cuts the groups, not the totals', async () => {
    const result = await run('minutes | summarize count() by bin(_time, 1m)');
    assert.equal(result.rows.length, 1000);
    assert.deepEqual([result.rows[0]![0], result.rows[999]![0]], ['2024-02-01T00:00:00Z', '2024-02-01T16:39:00Z']);
    assert.deepEqual(result.totals?.rows, [[1500]]);
    assert.equal(result.status.rowsMatched, 1500);
    assert.ok(result.status.messages.some((message) => message.code === 'default_limit_warning'));
    const filtered = await run('minutes | where status != 404 | summarize count() by bin(_time, 1m)');
    assert.deepEqual([filtered.rows.length, filtered.totals?.rows, filtered.status.rowsExamined, filtered.status.rowsMatched], [1000, [[1000]], 1500, 1000]);
    const taken = await run('minutes | order by _time asc | take 1200 | summarize count() by bin(_time, 1m)');
    assert.deepEqual([taken.rows.length, taken.totals?.rows, taken.status.rowsMatched], [1000, [[1200]], 1500]);
  });

  test('totals added up from the buckets agree with the same summary without the time key', async () => {
    const aggregations = 'total = sum(n), least = min(n), most = max(n), errors = countif(status == 500), n = count()';
    const binned = await run(`minutes | summarize ${aggregations} by bin(_time, 1h), status`);
    const whole = await run(`minutes | summarize ${aggregations} by status | order by total desc`);
    assert.deepEqual(binned.totals?.rows, whole.rows);
    // An aggregation that does not add up (a percentile) takes the grouping-set path: same totals.
    const percentiles = await run('minutes | summarize p50 = percentile(n, 50), total = sum(n) by bin(_time, 1h), status');
    assert.deepEqual(percentiles.totals?.rows.map((row) => [row[0], row[2]]), whole.rows.map((row) => [row[0], row[1]]));
  });

  test('more groups than the default limit: the status still counts every row', async () => {
    const { rows, status } = await run('minutes | where status != 404 | summarize count() by n');
    assert.equal(rows.length, 1000);
    assert.deepEqual([status.rowsExamined, status.rowsMatched], [1500, 1000]);
    const unfiltered = await run('minutes | summarize count() by n');
    assert.deepEqual([unfiltered.status.rowsExamined, unfiltered.status.rowsMatched, unfiltered.status.minBlockTime], [1500, 1500, '2024-02-01T00:00:00Z']);
  });

  test('an empty range still has one totals row for a summary without other keys', async () => {
    const { totals, rows, status } = await runApl(
      fixture.database,
      { apl: 'minutes | summarize count() by bin(_time, 1h)', startTime: '2030-01-01T00:00:00Z', endTime: '2030-01-02T00:00:00Z' },
      readAllButSecret,
    );
    assert.deepEqual(rows, []);
    assert.deepEqual(totals?.rows, [[0]]);
    assert.deepEqual([status.rowsExamined, status.rowsMatched], [0, 0]);
  });
});

// Here the tables change by hand, so the tests tell the database as the event store does.
describe('columns are read again when a table changes', () => {
  test('an added column, a widened column, a table dropped and made again', async () => {
    assert.deepEqual((await run('minutes | where n < 2 | project n')).rows, [[1], [0]]);
    await fixture.database.run(`ALTER TABLE events.minutes ADD COLUMN label VARCHAR; UPDATE events.minutes SET label = 'm' || n`);
    fixture.database.eventSchemaChanged();
    assert.deepEqual((await run('minutes | where n < 2 | project label')).rows, [['m1'], ['m0']]);

    await fixture.database.run(`ALTER TABLE events.minutes ALTER COLUMN n TYPE DOUBLE`);
    fixture.database.eventSchemaChanged();
    const schema = await run('minutes | getschema | where ColumnName == "n" | project ColumnType');
    assert.deepEqual(schema.rows, [['float']]);

    await fixture.database.run(`DROP TABLE events.minutes; CREATE TABLE events.minutes ("_time" TIMESTAMP NOT NULL, "_sys^Time" TIMESTAMP NOT NULL, word VARCHAR);
      INSERT INTO events.minutes VALUES (TIMESTAMP '2024-02-01', TIMESTAMP '2024-02-01', 'again')`);
    fixture.database.eventSchemaChanged();
    assert.deepEqual((await run('minutes | project word')).rows, [['again']]);
    await assert.rejects(run('minutes | project n'), /n/);
  });

  test('a change nobody announced: a query that fails on the cached columns runs again on fresh ones', async () => {
    await assert.rejects(run('later | count'));
    await fixture.database.run(`CREATE TABLE events.later ("_time" TIMESTAMP NOT NULL, "_sys^Time" TIMESTAMP NOT NULL); INSERT INTO events.later VALUES (TIMESTAMP '2024-02-01', TIMESTAMP '2024-02-01')`);
    assert.deepEqual((await run('later | count')).rows, [[1]]);
  });
});
