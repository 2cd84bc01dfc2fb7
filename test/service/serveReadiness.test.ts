/**
 * `apl serve --demo` as users start it: while the demo datasets are still loading, requests answer
 * 503 with Retry-After, never "Unknown dataset" or a partial count; then the full data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startCliService, stopCliService, type CliService } from './cliService.ts';

const token = 'xapt-readiness-test-token';
const demoEvents = 100_000;

function environment(): NodeJS.ProcessEnv {
  return { ...process.env, APL_ADMIN_TOKEN: token };
}

describe('apl serve --demo while loading', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-ready-'));
  let served: CliService | undefined;
  after(async () => {
    if (served) await stopCliService(served);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After until the demo data is in, then the whole of it', async () => {
    served = await startCliService(['--data', dataDir, '--demo', '--demo-events', String(demoEvents)], environment());
    const headers = { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' };
    const seen: number[] = [];
    let userReady = false;
    for (let attempt = 0; attempt < 2000; attempt++) {
      const response = await fetch(`${served.url}/v1/datasets/_apl?format=tabular`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ apl: "['sample-http-logs'] | count" }),
      });
      const body = (await response.json()) as { code?: number; message?: string; tables?: { columns: unknown[][] }[] };
      seen.push(response.status);
      if (response.status === 503) {
        assert.equal(response.headers.get('retry-after'), '1');
        assert.equal(body.code, 503);
        assert.match(body.message!, /starting \(loading the demo datasets\)/);
        assert.ok(!userReady, 'no 503 once /v2/user answered');
        // Start Local Service polls /v2/user: it waits too, unless the loading ended in between.
        const user: number = (await fetch(`${served.url}/v2/user`, { headers })).status;
        if (user !== 503) assert.equal(user, 200);
        userReady = user === 200;
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      assert.equal(response.status, 200, `after ${seen.length} requests: ${JSON.stringify(body)}`);
      assert.equal((await fetch(`${served.url}/v2/user`, { headers })).status, 200);
      assert.equal(body.tables![0]!.columns[0]![0], demoEvents, 'every demo event is there at the first answer');
      break;
    }
    assert.ok(seen.includes(503), 'a request came while the demo data was loading');
    assert.equal(seen.at(-1), 200);
  });
});
