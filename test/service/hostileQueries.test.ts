import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

/**
 * Queries that used to overflow the stack, break the SQL text or drop the connection: each gets
 * a 200 or a clear 400 over real HTTP, and the service answers the next query.
 */
describe('hostile APL over HTTP', { timeout: 120_000 }, () => {
  let service: TestService;

  before(async () => {
    service = await startTestService();
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'sample-http-logs', description: '' } })).status, 200);
    const events = [1, 2, 3].map((a) => ({ _time: '2026-01-01T00:00:00Z', a }));
    const ingest = await service.call('POST', '/v1/datasets/sample-http-logs/ingest', { body: events });
    assert.equal(ingest.body.ingested, 3);
  });
  after(() => service.stop());

  const query = (apl: string) =>
    service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl, startTime: '2025-01-01T00:00:00Z', endTime: '2027-01-01T00:00:00Z' } });

  /** The first row of a tabular answer, by column name. */
  const firstRow = (body: { tables: { fields: { name: string }[]; columns: unknown[][] }[] }) =>
    Object.fromEntries(body.tables[0]!.fields.map((field, i) => [field.name, body.tables[0]!.columns[i]![0]]));

  async function answersNextQuery(): Promise<void> {
    const reply = await query('print ok = 1');
    assert.equal(reply.status, 200);
    assert.equal(firstRow(reply.body).ok, 1);
  }

  async function assertClear400(apl: string, message: RegExp): Promise<void> {
    const reply = await query(apl);
    assert.equal(reply.status, 400, JSON.stringify(reply.body));
    assert.equal(reply.body.code, 400);
    assert.match(reply.body.message, message);
    await answersNextQuery();
  }

  // 13 MB of statements took the service past V8's heap limit while parsing (it died after about 60 s):
  // a text past 1 MiB is now one syntax error, before any tree is built.
  it('answers 13 MB of APL with a clear 400 and stays up', async () => {
    const started = Date.now();
    await assertClear400('print x = 1; '.repeat(1_000_000), /APL is read up to 1 MiB/);
    assert.ok(Date.now() - started < 20_000, `answered after ${Date.now() - started} ms`);
  });

  it('answers 600 nested parentheses with the nesting error at the 101st', async () => {
    await assertClear400(`print x = ${'('.repeat(600)}1${')'.repeat(600)}`, /^line: 1, col: 111: Expression nested too deeply \(more than 100 levels\)/);
  });

  it('answers 600 nested not( with the nesting error', async () => {
    await assertClear400(`print x = ${'not('.repeat(600)}true${')'.repeat(600)}`, /nested too deeply/);
  });

  it('runs a where clause of 3,000 or-terms', async () => {
    const chain = Array.from({ length: 3000 }, (_, i) => `a == ${i + 2}`).join(' or ');
    const reply = await query(`['sample-http-logs'] | where ${chain} | summarize n = count()`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(firstRow(reply.body).n, 2);
    await answersNextQuery();
  });

  it('runs a sum of 500 terms and refuses a longer one with a clear error', async () => {
    const sum = (count: number) => Array.from({ length: count }, () => '1').join(' + ');
    const reply = await query(`print s = ${sum(501)}`);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.equal(firstRow(reply.body).s, 501);
    await assertClear400(`print s = ${sum(3000)}`, /^line: 1, col: \d+: more than 500 operators in one chain/);
  });

  it('round-trips a NUL character in a string literal', async () => {
    const reply = await query('print s = "a\u0000b", n = strlen("a\u0000b")');
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(firstRow(reply.body), { s: 'a\u0000b', n: 3 });
    await answersNextQuery();
  });

  it('answers parse_json of 5,000 nested brackets with a clear error', async () => {
    await assertClear400('print j = parse_json(strcat(strrep("[", 5000), strrep("]", 5000)))', /nests deeper than 1000 levels/);
  });

  it('answers a dynamic literal of 5,000 nested brackets with the nesting error', async () => {
    await assertClear400(`print j = dynamic(${'['.repeat(5000)}${']'.repeat(5000)})`, /nested too deeply/);
  });

  it('refuses an ingested event nesting 5,000 deep as a failed event', async () => {
    const deep = `{"_time":"2026-01-01T00:00:00Z","deep":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const reply = await service.call('POST', '/v1/datasets/sample-http-logs/ingest', { rawBody: deep, headers: { 'Content-Type': 'application/x-ndjson' } });
    assert.equal(reply.status, 200);
    assert.equal(reply.body.failed, 1);
    assert.match(reply.body.failures[0].error, /nests deeper than 1000 levels/);
    await answersNextQuery();
  });
});
