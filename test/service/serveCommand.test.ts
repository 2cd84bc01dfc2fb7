/**
 * `apl serve` as users start it: the built CLI in its own process, with its start-up lines, its
 * credentials file, the org header check, `--demo`, and a restart over the same data directory.
 * (`cliService.ts` builds `dist/cli.js` when it is missing or stale.)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cli, countEvents, startCliService, stopCliService, type CliService } from './cliService.ts';

const demoEvents = 250;

/** The environment without an inherited APL_ADMIN_TOKEN, plus `extra`. */
function environment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { APL_ADMIN_TOKEN: _ignored, ...rest } = process.env;
  return { ...rest, ...extra };
}

function call(served: CliService, method: string, path: string, token: string, options: { org?: string; body?: string; type?: string } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (options.org !== undefined) headers['X-Axiom-Org-Id'] = options.org;
  if (options.type !== undefined) headers['Content-Type'] = options.type;
  return fetch(served.url + path, { method, headers, body: options.body });
}

describe('apl serve', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-serve-'));
  const credentials = join(dataDir, 'credentials.json');
  let generatedToken: string;
  let first: CliService;

  before(async () => {
    assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
    first = await startCliService(['--data', dataDir, '--demo', '--demo-events', String(demoEvents)], environment());
  });
  after(async () => {
    if (first.child.exitCode === null && first.child.signalCode === null) await stopCliService(first);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes a generated admin token to credentials.json, mode 0600, and says where it is', async () => {
    const where = await first.line(/^admin token: /);
    assert.ok(where.includes(credentials), `"${where}" names ${credentials}`);
    assert.equal(statSync(credentials).mode & 0o777, 0o600);
    const stored = JSON.parse(readFileSync(credentials, 'utf8')) as { token: string; orgId: string };
    assert.match(stored.token, /^xapt-.{20,}$/);
    assert.ok(where.includes(stored.orgId));
    generatedToken = stored.token;
  });

  it('creates the demo datasets with the requested number of events', async () => {
    assert.equal(await first.line(/^demo datasets /), 'demo datasets created: sample-http-logs, otel-demo-traces');
    const response = await call(first, 'GET', '/v2/datasets', generatedToken, { org: 'local' });
    assert.equal(response.status, 200);
    const names = ((await response.json()) as { name: string }[]).map((dataset) => dataset.name).sort();
    assert.deepEqual(names, ['otel-demo-traces', 'sample-http-logs']);
  });

  it('checks X-Axiom-Org-Id for the personal token', async () => {
    const missing = await call(first, 'GET', '/v2/datasets', generatedToken);
    assert.equal(missing.status, 403);
    assert.match(((await missing.json()) as { message: string }).message, /X-Axiom-Org-Id/);
    const wrong = await call(first, 'GET', '/v2/datasets', generatedToken, { org: 'elsewhere' });
    assert.equal(wrong.status, 403);
    assert.match(((await wrong.json()) as { message: string }).message, /elsewhere/);
    // The identity endpoints take the personal token without the header, as the Go client calls them.
    assert.equal((await call(first, 'GET', '/v2/user', generatedToken)).status, 200);
    assert.equal((await call(first, 'GET', '/v2/datasets', 'xapt-not-the-admin', { org: 'local' })).status, 401);
  });

  it('keeps data, tokens and the admin token across a restart, and creates the demo data only once', async () => {
    const created = await call(first, 'POST', '/v2/datasets', generatedToken, {
      org: 'local',
      type: 'application/json',
      body: JSON.stringify({ name: 'kept' }),
    });
    assert.equal(created.status, 200);
    const ingested = await call(first, 'POST', '/v1/datasets/kept/ingest', generatedToken, {
      org: 'local',
      type: 'application/x-ndjson',
      body: '{"n":1}\n{"n":2}\n{"n":3}\n',
    });
    assert.equal(((await ingested.json()) as { ingested: number }).ingested, 3);
    const apiToken = (await (
      await call(first, 'POST', '/v2/tokens', generatedToken, {
        org: 'local',
        type: 'application/json',
        body: JSON.stringify({ name: 'survivor', orgCapabilities: { datasets: ['read'] } }),
      })
    ).json()) as { token: string };
    assert.equal(await stopCliService(first), 0);

    const second = await startCliService(['--data', dataDir, '--demo', '--demo-events', String(demoEvents)], environment());
    try {
      assert.equal(await second.line(/^demo datasets /), 'demo datasets already present');
      assert.equal(JSON.parse(readFileSync(credentials, 'utf8')).token, generatedToken);
      const datasets = await call(second, 'GET', '/v2/datasets', apiToken.token);
      assert.equal(datasets.status, 200);
      const names = ((await datasets.json()) as { name: string }[]).map((dataset) => dataset.name).sort();
      assert.deepEqual(names, ['kept', 'otel-demo-traces', 'sample-http-logs']);
    } finally {
      assert.equal(await stopCliService(second), 0);
    }
    assert.equal(await countEvents(dataDir, 'kept'), 3);
    assert.equal(await countEvents(dataDir, 'sample-http-logs'), demoEvents);
    assert.equal(await countEvents(dataDir, 'otel-demo-traces'), demoEvents);
  });

  it('takes the admin token from APL_ADMIN_TOKEN over credentials.json', async () => {
    const override = 'xapt-from-the-environment';
    const third = await startCliService(['--data', dataDir], environment({ APL_ADMIN_TOKEN: override }));
    try {
      assert.equal(await third.line(/^admin token: /), 'admin token: the value of APL_ADMIN_TOKEN');
      assert.equal((await call(third, 'GET', '/v2/datasets', override, { org: 'local' })).status, 200);
      assert.equal((await call(third, 'GET', '/v2/datasets', generatedToken, { org: 'local' })).status, 401);
      // The file is left as it was for the next start without the variable.
      assert.equal(JSON.parse(readFileSync(credentials, 'utf8')).token, generatedToken);
    } finally {
      assert.equal(await stopCliService(third), 0);
    }
  });

  it('refuses a malformed --demo-events with a usage error', async () => {
    const child = spawn(process.execPath, [cli, 'serve', '--data', dataDir, '--demo-events', 'many'], {
      env: environment(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 2);
    assert.match(stderr, /--demo-events/);
  });
});
