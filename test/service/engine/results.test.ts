import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runApl } from '../../../service/engine/index.ts';
import { toTabular } from '../../../service/engine/results/tabular.ts';
import { toLegacy } from '../../../service/engine/results/legacy.ts';
import { readAllButSecret, useFixture } from './fixture.ts';

const { database, run } = useFixture();

test('status figures: rows examined in range, rows matched by the filters, elapsed µs', async () => {
  const result = await run('logs | where status >= 400');
  assert.equal(result.rows.length, 3);
  assert.equal(result.status.rowsExamined, 8);
  assert.equal(result.status.rowsMatched, 3);
  assert.ok(result.status.elapsedTime > 0);
  assert.equal(result.status.minBlockTime, '2024-01-01T10:00:00Z');
  assert.equal(result.status.maxBlockTime, '2024-01-01T12:50:00Z');
});

test('the time range bounds _time', async () => {
  const result = await runApl(database(), { apl: 'logs | count', startTime: '2024-01-01T11:00:00Z', endTime: '2024-01-01T12:15:00Z' }, readAllButSecret);
  assert.deepEqual(result.rows, [[3]]);
  assert.deepEqual(result.range, { field: '_time', start: '2024-01-01T11:00:00Z', end: '2024-01-01T12:15:00Z' });
});

test('no end time: now applies, with the documented message', async () => {
  const result = await runApl(database(), { apl: 'logs | count' }, readAllButSecret);
  assert.deepEqual(result.rows, [[8]]);
  assert.equal(result.status.messages[0]?.code, 'apl_implicitendtimeofnowapplied_1');
});

test('tabular: one column-major table with fields, order and range', async () => {
  const body = toTabular(await run('logs | where id < 3 | project id, method')) as any;
  assert.equal(body.format, 'tabular');
  assert.equal(body.tables.length, 1);
  const table = body.tables[0];
  assert.equal(table.name, '0');
  assert.deepEqual(table.sources, [{ name: 'logs' }]);
  assert.deepEqual(table.fields, [{ name: 'id', type: 'integer' }, { name: 'method', type: 'string' }]);
  assert.deepEqual(table.columns, [[2, 1], ['get', 'GET']]);
  assert.deepEqual(body.datasetNames, ['logs']);
  assert.equal(body.status.rowsMatched, 2);
});

test('tabular: time-binned summarize has buckets, agg descriptors and a _totals table', async () => {
  const body = toTabular(await run('logs | summarize count(), avg(duration) by bin(_time, 1h), ok')) as any;
  assert.equal(body.tables.length, 2);
  const [table, totals] = body.tables;
  assert.deepEqual(table.buckets, { field: '_time', size: 3_600_000_000_000 });
  assert.deepEqual(table.groups, [{ name: '_time' }, { name: 'ok' }]);
  assert.deepEqual(table.fields[2], { name: 'count_', type: 'integer', agg: { name: 'count' } });
  assert.deepEqual(table.fields[3], { name: 'avg_duration', type: 'float', agg: { name: 'avg', fields: ['duration'] } });
  assert.deepEqual(table.order, [{ field: '_time', desc: false }, { field: 'count_', desc: true }]);
  assert.equal(totals.name, '_totals');
  assert.deepEqual(totals.fields.map((field: any) => field.name), ['ok', 'count_', 'avg_duration']);
  // Totals agree with the buckets: the counts per ok value add up.
  const perOk = new Map<unknown, number>();
  table.columns[1].forEach((ok: unknown, i: number) => perOk.set(ok, (perOk.get(ok) ?? 0) + table.columns[2][i]));
  totals.columns[0].forEach((ok: unknown, i: number) => assert.equal(totals.columns[1][i], perOk.get(ok)));
  assert.equal(totals.columns[1][0], 5);
});

test('dcount and dcountif count distinct values exactly', async () => {
  await database().run(`CREATE TABLE events.many AS
    SELECT TIMESTAMP '2024-01-01 10:00:00' + to_seconds(i) AS "_time", TIMESTAMP '2024-01-01 10:00:00' AS "_sys^Time", i % 1000 AS k
    FROM range(5000) AS numbers(i)`);
  const result = await run('many | summarize dcount(k), dcountif(k, k < 100), dcount(k % 7)');
  assert.deepEqual(result.rows, [[1000, 100, 7]]);
});

test('tabular: dcount reports as distinct', async () => {
  const body = toTabular(await run('logs | summarize dcount(method)')) as any;
  assert.deepEqual(body.tables[0].fields[0].agg, { name: 'distinct', fields: ['method'] });
});

test('legacy: matches carry system fields outside data and nest dotted names', async () => {
  const body = toLegacy(await run('logs | where id == 1 | project _time, _sysTime, id, ["geo.city"]')) as any;
  assert.equal(body.format, 'legacy');
  assert.equal(body.matches.length, 1);
  const match = body.matches[0];
  assert.equal(match._time, '2024-01-01T10:00:00Z');
  assert.equal(match._sysTime, '2024-01-01T10:00:01Z');
  assert.deepEqual(match.data, { id: 1, geo: { city: 'Berlin' } });
  assert.deepEqual(body.buckets, { series: [], totals: [] });
});

test('legacy: time-binned aggregation becomes series and totals', async () => {
  const body = toLegacy(await run('logs | summarize n = count() by bin(_time, 1h)')) as any;
  assert.deepEqual(body.matches, []);
  assert.equal(body.buckets.series.length, 3);
  assert.deepEqual(body.buckets.series[0], {
    startTime: '2024-01-01T10:00:00Z',
    endTime: '2024-01-01T11:00:00Z',
    groups: [{ id: 1, group: {}, aggregations: [{ op: 'n', value: 3 }] }],
  });
  assert.deepEqual(body.buckets.totals, [{ id: 1, group: {}, aggregations: [{ op: 'n', value: 8 }] }]);
});
