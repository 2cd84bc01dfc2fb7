/**
 * Light requests are not starved by heavy queries: `apl serve` in its own process (it sizes
 * libuv's thread pool for its query queue at start-up) over a large dataset; with four heavy
 * queries keeping it busy, `/v2/user` and a tiny query both answer before any heavy one does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openServices } from '../../service/index.ts';
import { startCliService, stopCliService, type CliService } from './cliService.ts';
import { cpuShare, fillLargeDataset, heavyApl, processCpuMs } from './queryLoad.ts';

const token = 'xapt-fairness-test-token';
const headers = { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' };

describe('fairness between heavy queries and light requests', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-fair-'));
  let served: CliService;

  before(async () => {
    const services = await openServices({ dataDir, maxBodyBytes: 1 << 20 });
    try {
      await services.datasets.create({ name: 'big', kind: 'axiom:events:v1', description: '', who: 'test', useRetentionPeriod: false, retentionDays: 0 }, new Date());
      await services.events.createDataset('big');
      await fillLargeDataset(services.database, 'big', 2_000_000);
    } finally {
      await services.database.close();
    }
    const { UV_THREADPOOL_SIZE: _unset, ...rest } = process.env;
    served = await startCliService(['--data', dataDir], { ...rest, APL_ADMIN_TOKEN: token });
  });
  after(async () => {
    await stopCliService(served);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const query = (apl: string) =>
    fetch(`${served.url}/v1/datasets/_apl?format=tabular`, { method: 'POST', headers, body: JSON.stringify({ apl }) });

  it('answers /v2/user and a tiny query while four heavy queries run', async () => {
    // Warm the parser and engine so that the tiny query measures waiting, not a first compile.
    assert.equal((await query("['big'] | take 1")).status, 200);
    const finished: string[] = [];
    const took: string[] = [];
    const track = (name: string, response: Promise<Response>) => {
      const sent = performance.now();
      return response.then(async (answer) => {
        await answer.text();
        finished.push(`${name} ${answer.status}`);
        took.push(`${name} ${Math.round(performance.now() - sent)} ms`);
      });
    };
    const heavy = [1, 2, 3, 4].map((i) => track(`heavy${i}`, query(heavyApl('big'))));
    // DuckDB is busy with them before the light requests go out.
    let busy = 0;
    const cpu = () => processCpuMs(served.child.pid!);
    for (let i = 0; i < 20 && busy < 0.5; i++) busy = await cpuShare(cpu, 200);
    assert.ok(busy >= 0.5, `the heavy queries keep the service busy (${busy.toFixed(2)} of a core)`);
    assert.equal(finished.length, 0, 'no heavy query has finished yet');
    const light = [track('user', fetch(`${served.url}/v2/user`, { headers })), track('tiny', query('print x = 1'))];
    await Promise.all([...light, ...heavy]);
    console.log(`finished in order: ${took.join(', ')}`);
    assert.deepEqual(finished.slice(0, 2).sort(), ['tiny 200', 'user 200']);
    assert.deepEqual(finished.slice(2).sort(), ['heavy1 200', 'heavy2 200', 'heavy3 200', 'heavy4 200']);
  });
});
