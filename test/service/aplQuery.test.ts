import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

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

  it('names an unknown column the way the editor does', async () => {
    const reply = await query("['web'] | where stauts == 500");
    assert.equal(reply.status, 400);
    assert.equal(reply.body.detail.message, "Unknown column 'stauts'. Did you mean 'status'?");
  });
});
