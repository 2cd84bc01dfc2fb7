/**
 * A result the service cut at its default limit, as the results view learns of it: from a real
 * service over HTTP through the extension's client and `toResultsModel`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection } from '../../client/connection.ts';
import { toResultsModel } from '../../client/resultsModel.ts';
import { startTestService, type TestService } from '../service/harness.ts';

describe('truncation in the results model', () => {
  let service: TestService;
  let connection: Connection;
  const eventCount = 1_234;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };

  before(async () => {
    service = await startTestService();
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'many', description: '' } })).status, 200);
    const start = Date.parse('2026-11-20T10:00:00Z');
    const ndjson = Array.from({ length: eventCount }, (_, index) => JSON.stringify({ _time: new Date(start + index * 1000).toISOString(), n: index % 50 })).join('\n');
    assert.equal((await service.call('POST', '/v1/datasets/many/ingest', { rawBody: ndjson, headers: { 'Content-Type': 'application/x-ndjson' } })).body.ingested, eventCount);
    connection = new Connection({ url: service.url, token: service.adminToken, orgId: 'local' });
  });
  after(() => service.stop());

  const run = async (apl: string, defaultLimit?: number) => toResultsModel(await connection.queryApl(apl, { ...range, ...(defaultLimit && { defaultLimit }) }), { query: apl, ...range });

  it('events cut at 1,000: shown 1,000 of the rows matched', async () => {
    const model = await run("['many']");
    assert.equal(model.matches.rows.length, 1000);
    assert.equal(model.status.limitedTo, 1000);
    assert.equal(model.status.rowsBeforeLimit, eventCount);
  });

  it('a re-run with a larger limit has every row and no cut', async () => {
    const model = await run("['many']", 10_000);
    assert.equal(model.matches.rows.length, eventCount);
    assert.equal(model.status.limitedTo, undefined);
  });

  it('an aggregation cut at the limit does not claim the events matched are its rows', async () => {
    const model = await run("['many'] | summarize count() by n, bin(_time, 1s)");
    assert.equal(model.status.limitedTo, 1000);
    assert.equal(model.status.rowsBeforeLimit, undefined);
  });

  it('a query with its own limit is not cut', async () => {
    const model = await run("['many'] | take 5");
    assert.equal(model.status.limitedTo, undefined);
  });
});
