/**
 * The APL body's `defaultLimit` over HTTP: the rows a query without its own limit returns (the
 * results view re-runs a cut result with a larger one), bounded and validated.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

describe('POST /v1/datasets/_apl with defaultLimit', () => {
  let service: TestService;
  const eventCount = 1_500;

  before(async () => {
    service = await startTestService();
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'many', description: '' } })).status, 200);
    const start = Date.parse('2026-11-20T10:00:00Z');
    const ndjson = Array.from({ length: eventCount }, (_, index) => JSON.stringify({ _time: new Date(start + index * 1000).toISOString(), n: index })).join('\n');
    const ingest = await service.call('POST', '/v1/datasets/many/ingest', { rawBody: ndjson, headers: { 'Content-Type': 'application/x-ndjson' } });
    assert.equal(ingest.body.ingested, eventCount);
  });
  after(() => service.stop());

  const query = (apl: string, extra: Record<string, unknown> = {}) =>
    service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl, startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z', ...extra } });
  const limitWarning = (body: { status: { messages: { code: string }[] } }) => body.status.messages.some((message) => message.code === 'default_limit_warning');

  it('cuts a query without a limit at 1000 rows and says so', async () => {
    const reply = await query("['many']");
    assert.equal(reply.status, 200);
    assert.equal(reply.body.tables[0].columns[0].length, 1000);
    assert.equal(reply.body.status.rowsMatched, eventCount);
    assert.ok(limitWarning(reply.body));
  });

  it('returns up to defaultLimit rows, newest first, and no warning when all fit', async () => {
    const reply = await query("['many']", { defaultLimit: 10_000 });
    assert.equal(reply.status, 200);
    const ns = reply.body.tables[0].columns[reply.body.tables[0].fields.findIndex((field: { name: string }) => field.name === 'n')];
    assert.equal(ns.length, eventCount);
    assert.equal(ns[0], eventCount - 1);
    assert.ok(!limitWarning(reply.body));
  });

  it('cuts at a smaller defaultLimit, with the warning naming it', async () => {
    const reply = await query("['many']", { defaultLimit: 10 });
    assert.equal(reply.body.tables[0].columns[0].length, 10);
    assert.ok(reply.body.status.messages.some((message: { msg: string }) => /default limit of 10 was/.test(message.msg)));
  });

  it("leaves a query's own limit alone, and treats 0 as the default", async () => {
    assert.equal((await query("['many'] | take 5", { defaultLimit: 10_000 })).body.tables[0].columns[0].length, 5);
    assert.equal((await query("['many']", { defaultLimit: 0 })).body.tables[0].columns[0].length, 1000);
  });

  it('answers a 400 naming the field for a limit past 500,000 or not an integer', async () => {
    for (const defaultLimit of [500_001, -1, 2.5, '100']) {
      const reply = await query("['many']", { defaultLimit });
      assert.equal(reply.status, 400, `defaultLimit ${JSON.stringify(defaultLimit)}`);
      assert.match(reply.body.message, /"defaultLimit" must be an integer from 0 to 500000/);
    }
  });
});
