/**
 * A query's work stops when its client goes away and when its time limit passes: the real service
 * over HTTP, a heavy query over millions of events in a real DuckDB file, and this process's CPU
 * time (the service runs in it) to see that DuckDB has really stopped, not just the answer.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, type TestService } from './harness.ts';
import { cpuShare, fillLargeDataset, heavyApl, msUntilIdle, ownCpuMs } from './queryLoad.ts';

const rows = 4_000_000;
/** How soon after the abort the process must be idle (the interrupt itself lands within milliseconds). */
const idleBoundMs = 600;

describe('stopping queries', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-cancel-'));
  let service: TestService;

  before(async () => {
    service = await startTestService({ dataDir });
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'big' } })).status, 200);
    await fillLargeDataset(service.services.database, 'big', rows);
    // The first query builds the parser and warms the engine: a second of CPU that is not DuckDB's.
    assert.equal((await service.call('POST', '/v1/datasets/_apl', { body: { apl: "['big'] | take 1" } })).status, 200);
    assert.notEqual(await msUntilIdle(ownCpuMs, performance.now()), undefined, 'the process is idle before the tests');
  });
  after(async () => {
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends a heavy query, aborts it once DuckDB is busy with it, and answers the ms from the abort until the process is idle. */
  async function abortWhileBusy(path: string, body: unknown): Promise<number> {
    const controller = new AbortController();
    const sent = performance.now();
    const headers = { Authorization: `Bearer ${service.adminToken}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' };
    const answer = fetch(service.url + path, { method: 'POST', headers, body: JSON.stringify(body), signal: controller.signal });
    answer.catch(() => undefined);
    let busy = 0;
    for (let i = 0; i < 15 && busy < 0.3; i++) busy = await cpuShare(ownCpuMs, 100);
    // Let it run a while longer, still busy, so that the abort lands in the middle of the work.
    busy = Math.min(busy, await cpuShare(ownCpuMs, 400));
    assert.ok(busy >= 0.3, `the query keeps DuckDB busy before the abort (${busy.toFixed(2)} of a core)`);
    controller.abort();
    const aborted = performance.now();
    // Well before it would end by itself (it takes seconds): what follows is the abort's doing.
    assert.ok(aborted - sent < 2500, `aborted ${Math.round(aborted - sent)} ms after sending`);
    await assert.rejects(answer, { name: 'AbortError' });
    const idle = await msUntilIdle(ownCpuMs, aborted, { timeoutMs: 30_000 });
    assert.ok(idle !== undefined, 'the process goes idle');
    return idle;
  }

  it('stops an APL query within moments of its client going away', async () => {
    const idle = await abortWhileBusy('/v1/datasets/_apl?format=tabular', { apl: heavyApl('big') });
    console.log(`APL query: abort -> idle ${idle} ms`);
    assert.ok(idle <= idleBoundMs, `idle ${idle} ms after the abort (bound ${idleBoundMs} ms)`);
    // The service goes on answering queries on the same connections.
    const next = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['big'] | take 1 | count" } });
    assert.equal(next.status, 200);
    assert.equal(next.body.tables[0].columns[0][0], 1);
  });

  it('stops a structured query within moments of its client going away', async () => {
    const query = {
      virtualFields: [{ alias: 'h', expr: 'hash_sha256(strcat(hash_sha256(strcat(uri, n)), n))' }],
      filter: { op: 'starts-with', field: 'h', value: '00' },
      aggregations: [{ op: 'count' }],
      startTime: '2023-01-01T00:00:00Z',
      endTime: '2025-01-01T00:00:00Z',
    };
    const idle = await abortWhileBusy('/v1/datasets/big/query', query);
    console.log(`structured query: abort -> idle ${idle} ms`);
    assert.ok(idle <= idleBoundMs, `idle ${idle} ms after the abort (bound ${idleBoundMs} ms)`);
  });

  describe('with a time limit of 300 ms', () => {
    const limitMs = 300;
    before(async () => {
      await service.stop();
      service = await startTestService({ dataDir, queryTimeLimitMs: limitMs });
    });

    it('answers 400 soon after the limit, and the work stops', async () => {
      const started = performance.now();
      const response = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: heavyApl('big') } });
      const answered = performance.now();
      assert.equal(response.status, 400);
      assert.match(response.body.message, /ran longer than 0\.3 s and was stopped/);
      assert.ok(answered - started < limitMs + 700, `answered after ${Math.round(answered - started)} ms`);
      const idle = await msUntilIdle(ownCpuMs, answered, { timeoutMs: 30_000 });
      console.log(`time limit: answered after ${Math.round(answered - started)} ms, idle ${idle} ms later`);
      assert.ok(idle !== undefined && idle <= idleBoundMs, `idle ${idle} ms after the answer`);
    });

    it('answers on time when DuckDB is inside one huge value, and range() stops at 2^20 elements as in Kusto', async () => {
      // One row holding a list of range() is a single value DuckDB evaluates without checking for interrupts.
      const started = performance.now();
      const response = await service.call('POST', '/v1/datasets/_apl?format=tabular', {
        body: { apl: 'print r = range(1, 200000000) | mv-expand r | summarize sum(r)' },
      });
      const answered = performance.now();
      assert.equal(response.status, 400);
      assert.ok(answered - started < limitMs + 700, `answered after ${Math.round(answered - started)} ms`);
      // The statement winds down on its own: bounded by range()'s cap (it was about a minute of CPU without it).
      const idle = await msUntilIdle(ownCpuMs, answered, { timeoutMs: 30_000 });
      console.log(`huge value: answered after ${Math.round(answered - started)} ms, idle ${idle} ms later`);
      assert.ok(idle !== undefined && idle < 15_000, `idle ${idle} ms after the answer`);
    });
  });
});
