/**
 * `apl serve --memory-limit` as users start it: the built CLI in a process of its own, whose
 * queries past the limit answer a 400 naming it while the process keeps serving.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli, startCliService, stopCliService, type CliService } from '../service/cliService.ts';

const token = 'xapt-memory-limit-test';

describe('apl serve --memory-limit', { timeout: 120_000 }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'apl-memory-limit-'));
  let service: CliService;

  before(async () => {
    service = await startCliService(['--data', folder, '--memory-limit', '256MiB'], { ...process.env, APL_ADMIN_TOKEN: token });
  });
  after(async () => {
    await stopCliService(service);
    rmSync(folder, { recursive: true, force: true });
  });

  const query = async (apl: string) => {
    const response = await fetch(`${service.url}/v1/datasets/_apl?format=tabular`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' },
      body: JSON.stringify({ apl }),
    });
    return { status: response.status, body: (await response.json()) as { message: string; tables: { columns: unknown[][] }[] } };
  };

  it('answers a query past the limit with a 400 naming it, then goes on answering', async () => {
    const reply = await query('print r = range(1, 1000000) | mv-expand r | extend s = strrep(tostring(r), 300) | summarize count() by s | count');
    assert.equal(reply.status, 400);
    assert.match(reply.body.message, /^the query needs more memory than the service allows \(256\.0 MiB\)/);
    const next = await query('print r = range(1, 1000000000) | mv-expand r | count');
    assert.equal(next.status, 200);
    assert.deepEqual(next.body.tables[0]!.columns, [[1_048_576]]);
  });

  it('refuses a size it cannot read', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(process.execPath, [cli, 'serve', '--memory-limit', 'lots'], (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      ),
    );
    assert.equal(result.code, 2);
    assert.match(result.stderr, /invalid --memory-limit 'lots': expected a size such as 512MB or 4GB/);
  });
});
