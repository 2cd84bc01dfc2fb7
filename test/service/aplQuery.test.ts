import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { keysOf, startTestService, type TestService } from './harness.ts';

/** The APL endpoint end to end: HTTP → auth → engine → DuckDB → wire shapes. */
describe('POST /v1/datasets/_apl', () => {
  let service: TestService;
  const events = [
    { _time: '2026-11-20T10:05:00Z', status: 200, method: 'GET', uri: '/a' },
    { _time: '2026-11-20T10:35:00Z', status: 500, method: 'GET', uri: '/b' },
    { _time: '2026-11-20T11:10:00Z', status: 500, method: 'POST', uri: '/a' },
  ];

  before(async () => {
    service = await startTestService();
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'web', description: '' } })).status, 200);
    const ndjson = events.map((event) => JSON.stringify(event)).join('\n');
    const ingest = await service.call('POST', '/v1/datasets/web/ingest', {
      rawBody: ndjson,
      headers: { 'Content-Type': 'application/x-ndjson' },
    });
    assert.equal(ingest.body.ingested, 3);
  });
  after(() => service.stop());

  const query = (apl: string, format = 'tabular', token?: string) =>
    service.call('POST', `/v1/datasets/_apl?format=${format}`, { body: { apl, startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' }, token });

  it('answers a time-binned count in the tabular format', async () => {
    const reply = await query("['web'] | where status >= 500 | summarize count() by bin(_time, 1h)");
    assert.equal(reply.status, 200);
    const table = reply.body.tables[0];
    assert.deepEqual(
      table.fields.map((field: { name: string }) => field.name),
      ['_time', 'count_'],
    );
    const counts = table.columns[1] as number[];
    assert.equal(counts.reduce((sum, count) => sum + count, 0), 2);
    assert.equal(reply.body.status.rowsMatched, 2);
  });

  it('answers the same at the edge path /v1/query/_apl', async () => {
    const apl = "['web'] | summarize count() by method";
    const body = { apl, startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
    const [v1, edge] = await Promise.all(['/v1/datasets/_apl', '/v1/query/_apl'].map((path) => service.call('POST', `${path}?format=tabular`, { body })));
    assert.equal(edge.status, 200);
    assert.deepEqual(edge.body.tables, v1.body.tables);
    assert.equal((await service.call('POST', '/v1/query/_apl?format=tabular', { rawBody: '' })).status, 422);
  });

  it('answers matches in the legacy format', async () => {
    const reply = await query("['web'] | where method == 'GET' | project _time, uri", 'legacy');
    assert.equal(reply.status, 200);
    assert.equal(reply.body.matches.length, 2);
    assert.deepEqual(reply.body.matches.map((match: { data: { uri: string } }) => match.data.uri).sort(), ['/a', '/b']);
  });

  it('turns an invalid query into a 400 with the language service message and position', async () => {
    const reply = await query("['web']\n| where status ==");
    assert.equal(reply.status, 400);
    assert.equal(reply.body.code, 400);
    assert.equal(reply.body.detail.line, 2);
    assert.match(reply.body.detail.message, /Expected an expression/);
    assert.match(reply.body.message, /^line: 2, col: \d+: Expected an expression/);
  });

  const statusKeys = [
    'blocksCached', 'blocksExamined', 'blocksMatched', 'cacheStatus', 'elapsedTime', 'isEstimate', 'isPartial', 'maxBlockTime', 'maxCursor',
    'messages', 'minBlockTime', 'minCursor', 'numGroups', 'rowsExamined', 'rowsMatched',
  ];

  it('tabular: every top-level, status and table key of an event scan', async () => {
    const reply = await query("['web'] | where status == 500");
    assert.equal(reply.status, 200);
    assert.deepEqual(keysOf(reply.body), ['datasetNames', 'fieldsMetaMap', 'format', 'status', 'tables']);
    assert.equal(reply.body.format, 'tabular');
    assert.deepEqual(reply.body.datasetNames, ['web']);
    assert.deepEqual(reply.body.fieldsMetaMap.web.map((field: { name: string }) => field.name).sort(), ['_sysTime', '_time', 'method', 'status', 'uri']);
    const status = reply.body.status;
    assert.deepEqual(keysOf(status), statusKeys);
    assert.ok(Number.isInteger(status.elapsedTime) && status.elapsedTime > 0);
    assert.deepEqual([status.rowsExamined, status.rowsMatched, status.numGroups], [3, 2, 0]);
    assert.deepEqual([status.isPartial, status.isEstimate, status.cacheStatus], [false, false, 1]);
    assert.deepEqual([status.minBlockTime, status.maxBlockTime], ['2026-11-20T10:05:00Z', '2026-11-20T11:10:00Z']);
    assert.deepEqual(status.messages, []);
    assert.equal(typeof status.minCursor, 'string');
    assert.equal(reply.body.tables.length, 1);
    const table = reply.body.tables[0];
    assert.deepEqual(keysOf(table), ['columns', 'fields', 'groups', 'name', 'order', 'range', 'sources']);
    assert.equal(table.name, '0');
    assert.deepEqual(table.sources, [{ name: 'web' }]);
    // System fields first, then the dataset's fields alphabetically; no _rowId.
    assert.deepEqual(table.fields.map((field: { name: string }) => field.name), ['_sysTime', '_time', 'method', 'status', 'uri']);
    assert.deepEqual(table.fields.map((field: { type: string }) => field.type), ['datetime', 'datetime', 'string', 'integer', 'string']);
    assert.deepEqual(table.order, [{ field: '_time', desc: true }]);
    assert.deepEqual(table.groups, []);
    assert.deepEqual(table.range, { field: '_time', start: '2026-11-20T00:00:00Z', end: '2026-11-21T00:00:00Z' });
    // Column-major, one array per field, newest first.
    assert.equal(table.columns.length, 5);
    assert.deepEqual(table.columns[1], ['2026-11-20T11:10:00Z', '2026-11-20T10:35:00Z']);
    assert.deepEqual(table.columns.slice(2), [['POST', 'GET'], [500, 500], ['/a', '/b']]);
  });

  it('tabular: no matching rows still sends one empty array per field', async () => {
    const reply = await query("['web'] | where status == 999 | project uri, status");
    const table = reply.body.tables[0];
    assert.deepEqual(table.fields, [{ name: 'uri', type: 'string' }, { name: 'status', type: 'integer' }]);
    assert.deepEqual(table.columns, [[], []]);
    assert.equal(reply.body.status.rowsMatched, 0);
  });

  it('tabular: a plain summarize is one table with groups and agg descriptors named as the Go client accepts', async () => {
    const reply = await query(
      "['web'] | summarize count(), dcount(uri), percentile(status, 95), make_set(uri), make_list(uri), avg(status), arg_max(status, uri), topk(uri, 1), countif(status > 200), rate(status), phrases(uri, 2), spotlight(status > 200, uri) by method",
    );
    assert.equal(reply.status, 200);
    assert.equal(reply.body.tables.length, 1);
    const table = reply.body.tables[0];
    assert.deepEqual(table.groups, [{ name: 'method' }]);
    assert.equal(table.buckets, undefined);
    const allowed = new Set(['count', 'countif', 'distinct', 'distinctif', 'sum', 'sumif', 'avg', 'avgif', 'min', 'minif', 'max', 'maxif', 'topk', 'topkif', 'percentiles', 'percentilesif', 'histogram', 'histogramif', 'stdev', 'stdevif', 'variance', 'varianceif', 'argmin', 'argmax', 'rate', 'makeset', 'makesetif', 'makelist', 'makelistif', 'computed', 'spotlight']);
    const aggregated = table.fields.filter((field: { agg?: unknown }) => field.agg);
    assert.ok(aggregated.length >= 11);
    for (const field of aggregated) assert.ok(allowed.has(field.agg.name), `agg.name ${field.agg.name} of ${field.name}`);
    const byName = Object.fromEntries(table.fields.map((field: { name: string }, i: number) => [field.name, { field, column: table.columns[i] }]));
    assert.deepEqual(byName.count_.field, { name: 'count_', type: 'integer', agg: { name: 'count' } });
    assert.deepEqual(byName.dcount_uri.field.agg, { name: 'distinct', fields: ['uri'] });
    assert.deepEqual(byName.percentile_status.field.agg, { name: 'percentiles', fields: ['status'], args: [95] });
    assert.deepEqual(byName['topk_uri'].field.agg, { name: 'topk', fields: ['uri'], args: [1] });
    // Groups come in the order of the rows; topk cells are key/count/error objects.
    const methods = table.columns[0] as string[];
    const get = methods.indexOf('GET');
    assert.deepEqual(byName.count_.column[get], 2);
    assert.deepEqual(byName['topk_uri'].column[get].length, 1);
    assert.deepEqual(keysOf(byName['topk_uri'].column[get][0]), ['count', 'error', 'key']);
    assert.equal(reply.body.status.numGroups, 2);
  });

  it('tabular: a time-binned summarize has buckets, the _time-first order and a _totals table', async () => {
    const reply = await query("['web'] | summarize n = count() by bin(_time, 30m), method");
    const [table, totals] = reply.body.tables;
    assert.deepEqual(keysOf(table), ['buckets', 'columns', 'fields', 'groups', 'name', 'order', 'range', 'sources']);
    assert.deepEqual(table.buckets, { field: '_time', size: 1_800_000_000_000 });
    assert.deepEqual(table.groups, [{ name: '_time' }, { name: 'method' }]);
    assert.deepEqual(table.order, [{ field: '_time', desc: false }, { field: 'n', desc: true }]);
    assert.deepEqual(table.columns[0], ['2026-11-20T10:00:00Z', '2026-11-20T10:30:00Z', '2026-11-20T11:00:00Z']);
    assert.deepEqual(keysOf(totals), ['columns', 'fields', 'groups', 'name', 'order', 'range', 'sources']);
    assert.equal(totals.name, '_totals');
    assert.deepEqual(totals.fields.map((field: { name: string }) => field.name), ['method', 'n']);
    assert.deepEqual(totals.groups, [{ name: 'method' }]);
    assert.deepEqual(totals.order, [{ field: 'n', desc: true }]);
    assert.deepEqual(totals.columns, [['GET', 'POST'], [2, 1]]);
  });

  it('legacy: every top-level, status, request and match key', async () => {
    const reply = await query("['web'] | where uri == '/a' | project _time, _sysTime, method, status", 'legacy');
    assert.equal(reply.status, 200);
    assert.deepEqual(keysOf(reply.body), ['buckets', 'datasetNames', 'fieldsMetaMap', 'format', 'matches', 'request', 'status']);
    assert.equal(reply.body.format, 'legacy');
    assert.deepEqual(keysOf(reply.body.status), statusKeys);
    assert.deepEqual(reply.body.buckets, { series: [], totals: [] });
    assert.deepEqual(reply.body.datasetNames, ['web']);
    const request = reply.body.request;
    const { fieldsMeta, order, ...echo } = request;
    assert.deepEqual(echo, {
      startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z', resolution: 'auto', aggregations: [], groupBy: [], limit: 1000,
      filter: null, virtualFields: [], project: [], cursor: '', includeCursor: false, continuationToken: '',
    });
    assert.deepEqual(order, [{ field: '_time', desc: true }]);
    assert.deepEqual(fieldsMeta, []);
    assert.equal(reply.body.matches.length, 2);
    const match = reply.body.matches[0];
    assert.deepEqual(keysOf(match), ['_rowId', '_sysTime', '_time', 'data']);
    assert.equal(match._time, '2026-11-20T11:10:00Z');
    assert.equal(typeof match._rowId, 'string');
    assert.equal(typeof match._sysTime, 'string');
    assert.deepEqual(match.data, { method: 'POST', status: 500 });
  });

  it('legacy: aggregations become totals, time bins become series', async () => {
    const plain = await query("['web'] | summarize hits = count() by method", 'legacy');
    assert.deepEqual(plain.body.matches, []);
    assert.deepEqual(plain.body.buckets.series, []);
    const totals = [...plain.body.buckets.totals].sort((a, b) => a.group.method.localeCompare(b.group.method));
    assert.deepEqual(totals.map((entry: object) => keysOf(entry)), [['aggregations', 'group', 'id'], ['aggregations', 'group', 'id']]);
    assert.deepEqual(totals.map((entry: { group: object; aggregations: object }) => [entry.group, entry.aggregations]), [
      [{ method: 'GET' }, [{ op: 'hits', value: 2 }]],
      [{ method: 'POST' }, [{ op: 'hits', value: 1 }]],
    ]);
    assert.deepEqual(plain.body.request.aggregations, [{ alias: 'hits', op: 'count', field: '*', argument: null }]);
    assert.deepEqual(plain.body.request.groupBy, ['method']);

    const binned = await query("['web'] | summarize hits = count() by bin(_time, 1h)", 'legacy');
    assert.equal(binned.body.request.resolution, '3600s');
    assert.deepEqual(binned.body.buckets.series.map((bucket: object) => keysOf(bucket)), [['endTime', 'groups', 'startTime'], ['endTime', 'groups', 'startTime']]);
    assert.deepEqual(binned.body.buckets.series[0], { startTime: '2026-11-20T10:00:00Z', endTime: '2026-11-20T11:00:00Z', groups: [{ id: 1, group: {}, aggregations: [{ op: 'hits', value: 2 }] }] });
    assert.deepEqual(binned.body.buckets.totals, [{ id: 1, group: {}, aggregations: [{ op: 'hits', value: 3 }] }]);
  });

  it('both formats: no end time applies now with the documented warning', async () => {
    for (const format of ['tabular', 'legacy']) {
      const reply = await service.call('POST', `/v1/datasets/_apl?format=${format}`, { body: { apl: "['web'] | count", startTime: '2026-11-20T00:00:00Z' } });
      assert.equal(reply.status, 200);
      const [message] = reply.body.status.messages;
      assert.deepEqual(keysOf(message), ['code', 'count', 'msg', 'priority']);
      assert.deepEqual([message.priority, message.code, message.count], ['warn', 'apl_implicitendtimeofnowapplied_1', 1]);
      assert.match(message.msg, /^line: 1, col: \d+: implicit end time of 'now' applied$/);
    }
  });

  it('reads a range bound before the epoch from the first event on, and refuses one past the year 9999', async () => {
    const ask = (range: Record<string, string>) => service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['web'] | count", ...range } });
    const early = await ask({ startTime: 'now-9999999999999999999h', endTime: '2026-11-21T00:00:00Z' });
    assert.equal(early.status, 200);
    assert.equal(early.body.status.minBlockTime.slice(0, 4), '2026');
    const refused: Record<string, string>[] = [{ endTime: 'now+9999999999999999999h' }, { startTime: '10000-01-01T00:00:00Z' }, { endTime: 'now-1e400h' }];
    for (const range of refused) {
      const late = await ask(range);
      assert.equal(late.status, 400, JSON.stringify(range));
      assert.match(late.body.message, /^invalid (start|end)Time /);
    }
  });

  it('names an unknown column the way the editor does', async () => {
    const reply = await query("['web'] | where stauts == 500");
    assert.equal(reply.status, 400);
    assert.equal(reply.body.detail.message, "Unknown column 'stauts'. Did you mean 'status'?");
  });
});
