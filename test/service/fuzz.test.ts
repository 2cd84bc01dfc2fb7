/**
 * Random requests to the ingest and APL endpoints of a real service: whatever their shape, size or
 * encoding, each gets an answer that is not a 5xx, within a bounded time, and the service goes on
 * answering. The seed is printed by fast-check on a failure; `FUZZ_SEED` replays it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { aplRequest, ingestRequest } from './fuzzArbitraries.ts';
import { startTestService, type TestService } from './harness.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 150);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** Far above any answer here: a request still open this long has hung. */
const answerWithinMs = 20_000;

describe('fuzzing the ingest and APL endpoints', () => {
  let service: TestService;
  const datasets = ['fuzz-a', 'Fuzz-A'];
  before(async () => {
    service = await startTestService({ maxBodyBytes: 1024 * 1024 });
    for (const name of datasets) {
      assert.equal((await service.call('POST', '/v2/datasets', { body: { name, description: '' } })).status, 200);
    }
  });
  after(() => service.stop());

  /** Sends a request and answers its status; a dropped connection or a hang fails the property. */
  const send = async (path: string, body: Uint8Array | string, headers: Record<string, string>): Promise<number> => {
    const response = await fetch(service.url + path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.adminToken}`, 'X-Axiom-Org-Id': 'local', ...headers },
      body,
      signal: AbortSignal.timeout(answerWithinMs),
    });
    const text = await response.text();
    if (response.status >= 500) assert.fail(`${path} answered ${response.status}: ${text}`);
    if (text !== '') {
      const reply = JSON.parse(text);
      if (response.status >= 400) assert.equal(typeof reply.message, 'string', `an error body names its problem: ${text}`);
    }
    return response.status;
  };

  it('answers every ingest body without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(ingestRequest(), fc.constantFrom(...datasets), async (request, dataset) => {
        await send(`/v1/datasets/${dataset}/ingest${request.query}`, request.body, request.headers);
      }),
      { numRuns: runs, seed },
    );
    // Still serving, and what it stored is queryable.
    assert.equal(await send('/v1/datasets/_apl?format=tabular', JSON.stringify({ apl: "['fuzz-a'] | count" }), {}), 200);
  });

  it('answers every APL query without a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(aplRequest(), async (request) => {
        await send('/v1/datasets/_apl?format=tabular', JSON.stringify(request), { 'Content-Type': 'application/json' });
      }),
      { numRuns: runs, seed },
    );
  });
});
