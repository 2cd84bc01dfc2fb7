import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { datasetWithEvents, startTestService, type TestService } from './harness.ts';

/**
 * Longs past 2^53 keep every digit from ingest to the reply, as the public service's JSON does: a
 * double would answer 9007199254740993 as …992 and the largest long as 9223372036854775808.
 */
describe('integers past 2^53 on the wire', () => {
  let service: TestService;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
  const ids = ['9007199254740993', '9223372036854775807', '-9223372036854775808', '42', '99999999999999'];

  before(async () => {
    service = await startTestService();
    const events = ids.map((id, index) => ({ _time: `2026-11-20T10:0${index}:00Z`, idText: id }));
    assert.equal((await datasetWithEvents(service, 'big', events)).body.ingested, ids.length);
  });
  after(() => service.stop());

  const apl = (text: string, format: string) =>
    service.call('POST', `/v1/datasets/_apl?format=${format}`, { body: { apl: `['big'] | extend id = tolong(idText) | ${text}`, ...range } });
  const expected = ids.map((id) => (Number.isSafeInteger(Number(id)) ? Number(id) : BigInt(id)));

  it('answers longs and dynamic values holding them exactly in the tabular format', async () => {
    const reply = await apl('sort by _time asc | project id, span = bag_pack("span", id).span, text = tostring(id)', 'tabular');
    assert.equal(reply.status, 200);
    const [id, span, text] = reply.body.tables[0].columns;
    assert.deepEqual(id, expected);
    assert.deepEqual(span, expected);
    assert.deepEqual(text, ids);
  });

  it('answers them exactly in the legacy format, as group keys and as aggregates', async () => {
    const matches = await apl('sort by _time asc | project id', 'legacy');
    assert.deepEqual(matches.body.matches.map((match: { data: { id: unknown } }) => match.data.id), expected);
    const groups = await apl('summarize n = count(), top = max(id) by id', 'legacy');
    assert.equal(groups.status, 200);
    const totals = groups.body.buckets.totals as { group: { id: unknown }; aggregations: { op: string; value: unknown }[] }[];
    assert.deepEqual(new Set(totals.map((total) => total.group.id)), new Set(expected));
    for (const total of totals) assert.deepEqual(total.aggregations.find((aggregation) => aggregation.op === 'top')?.value, total.group.id);
  });

  // NDJSON without arrays is read by DuckDB (read_json); a JSON array, or NDJSON with arrays of such
  // numbers, event by event in JavaScript.
  for (const [format, contentType, body] of [
    ['NDJSON', 'application/x-ndjson', (lines: string[]) => lines.join('\n')],
    ['a JSON array', 'application/json', (lines: string[]) => `[${lines.join(',')}]`],
  ] as const) {
    it(`keeps ingested integers exact, in fields, nested fields and arrays, from ${format}`, async () => {
      const dataset = `ingested-${format.length}`;
      await datasetWithEvents(service, dataset, []);
      const list = (id: string) => (format === 'NDJSON' ? '' : `,"list":[${id}]`);
      const lines = ids.map((id, index) => `{"_time":"2026-11-20T10:0${index}:00Z","id":${id},"span":{"id":${id}},"huge":18446744073709551615${list(id)}}`);
      const ingest = await service.call('POST', `/v1/datasets/${dataset}/ingest`, { rawBody: body(lines), headers: { 'Content-Type': contentType } });
      assert.equal(ingest.body.ingested, ids.length);
      const first = format === 'NDJSON' ? 'id' : 'list[0]';
      const reply = await service.call('POST', '/v1/datasets/_apl?format=tabular', {
        body: { apl: `['${dataset}'] | sort by _time asc | project id, span = ['span.id'], first = ${first}, huge`, ...range },
      });
      assert.equal(reply.status, 200, reply.body?.message);
      const [id, span, firstValues, huge] = reply.body.tables[0].columns;
      assert.deepEqual({ id, span, firstValues }, { id: expected, span: expected, firstValues: expected });
      // Past a long's range a number is stored as a double, as the public service's float fields are.
      assert.deepEqual(new Set(huge), new Set([18446744073709552000n]));
      const fields = await service.call('GET', `/v2/datasets/${dataset}/fields`);
      assert.equal(fields.body.find((field: { name: string }) => field.name === 'id')?.type, 'integer');
    });

    it(`stores a number past a double's range as null, as JSON.parse's Infinity always was, from ${format}`, async () => {
      const dataset = `past-${format.length}`;
      await datasetWithEvents(service, dataset, []);
      const lines = [`{"_time":"2026-11-20T10:00:00Z","past":${'9'.repeat(400)},"over":1e400,"n":1}`];
      const ingest = await service.call('POST', `/v1/datasets/${dataset}/ingest`, { rawBody: body(lines), headers: { 'Content-Type': contentType } });
      assert.equal(ingest.body.ingested, 1);
      // Nulls make no field.
      const fields = await service.call('GET', `/v2/datasets/${dataset}/fields`);
      assert.deepEqual(fields.body.map((field: { name: string }) => field.name).sort(), ['_sysTime', '_time', 'n']);
    });
  }

  it('orders them by value beside smaller numbers in a structured query', async () => {
    const reply = await service.call('POST', '/v1/datasets/big/query', {
      body: { ...range, virtualFields: [{ alias: 'id', expr: 'tolong(idText)' }], aggregations: [{ op: 'count', alias: 'n' }], groupBy: ['id'], order: [{ field: 'id', desc: true }] },
    });
    assert.equal(reply.status, 200);
    const sorted = [...expected].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    assert.deepEqual(reply.body.buckets.totals.map((total: { group: { id: unknown } }) => total.group.id), sorted);
  });
});
