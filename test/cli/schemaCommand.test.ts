/**
 * `apl schema` and `apl check --url` as users run them: the built CLI in a process of its own,
 * against the built `apl serve` on a loopback port with a DuckDB file in a temporary directory.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { cli, startCliService, stopCliService, type CliService } from '../service/cliService.ts';

const token = 'xapt-cli-schema-test';
const queries = "['web'] | where status == 500 | project method\n\n['web'] | where user_agent contains 'Firefox'\n\n['nosuch'] | count\n";

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('apl schema and apl check --url against apl serve', { timeout: 120_000 }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'apl-cli-schema-'));
  let service: CliService;
  let environment: NodeJS.ProcessEnv;

  before(async () => {
    service = await startCliService(['--data', path.join(folder, 'data')], { ...process.env, APL_ADMIN_TOKEN: token });
    // The local admin token, as `apl serve` users have it; no AXIOM_* variable from the outside.
    environment = { PATH: process.env.PATH, HOME: folder, APL_ADMIN_TOKEN: token };
    writeFileSync(path.join(folder, 'web.ndjson'), `${JSON.stringify({ _time: '2026-01-10T00:00:00Z', status: 500, method: 'GET' })}\n`);
    writeFileSync(path.join(folder, 'queries.apl'), queries);
    const ingested = await apl(['ingest', '--create', '--url', service.url, 'web', 'web.ndjson']);
    assert.equal(ingested.code, 0, ingested.stderr);
  });
  after(async () => {
    await stopCliService(service);
    rmSync(folder, { recursive: true, force: true });
  });

  function apl(args: string[], env: NodeJS.ProcessEnv = environment): Promise<RunResult> {
    return new Promise((resolve) => {
      execFile(process.execPath, [cli, ...args], { cwd: folder, env, timeout: 60_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      });
    });
  }

  it('prints the datasets and their fields as the schema file apl check reads', async () => {
    const result = await apl(['schema', '--url', service.url]);
    assert.equal(result.code, 0, result.stderr);
    const schema = JSON.parse(result.stdout) as { datasets: { name: string; fields: { name: string; type: string }[] }[] };
    const web = schema.datasets.find((dataset) => dataset.name === 'web');
    assert.ok(web, result.stdout);
    const types = Object.fromEntries(web.fields.map((field) => [field.name, field.type]));
    assert.equal(types.status, 'integer');
    assert.equal(types.method, 'string');

    writeFileSync(path.join(folder, 'schema.json'), result.stdout);
    const checked = await apl(['check', '--schema', 'schema.json', 'queries.apl']);
    assert.equal(checked.code, 1, checked.stderr);
    assert.deepEqual(checked.stdout.trimEnd().split('\n'), [
      "queries.apl:3:17: error: Unknown column 'user_agent'.",
      "queries.apl:5:1: error: Unknown dataset 'nosuch'.",
      'Checked 1 file: 2 errors, 0 warnings',
    ]);
  });

  it('takes the service from $AXIOM_URL', async () => {
    const result = await apl(['schema'], { ...environment, AXIOM_URL: service.url });
    assert.equal(result.code, 0, result.stderr);
    assert.ok(JSON.parse(result.stdout).datasets.some((dataset: { name: string }) => dataset.name === 'web'));
  });

  it('check --url reads the schema straight from the service, as from the saved file', async () => {
    const fromFile = await apl(['check', '--schema', 'schema.json', '--format', 'json', 'queries.apl']);
    const fromService = await apl(['check', '--url', service.url, '--format', 'json', 'queries.apl']);
    assert.equal(fromService.code, 1, fromService.stderr);
    assert.deepEqual(
      JSON.parse(fromService.stdout).map((problem: { code: string }) => problem.code),
      ['unknown-column', 'unknown-dataset'],
    );
    assert.equal(fromService.stdout, fromFile.stdout);
  });

  it('says when nothing answers: apl schema exits 1, apl check exits 2', async () => {
    const schema = await apl(['schema', '--url', 'http://127.0.0.1:9']);
    assert.equal(schema.code, 1);
    assert.equal(schema.stdout, '');
    assert.match(schema.stderr, /^apl schema: cannot read the schema from http:\/\/127\.0\.0\.1:9: nothing answers at/);
    const check = await apl(['check', '--url', 'http://127.0.0.1:9', 'queries.apl']);
    assert.equal(check.code, 2);
    assert.equal(check.stdout, '');
    assert.match(check.stderr, /^apl check: cannot read the schema from http:\/\/127\.0\.0\.1:9: nothing answers at/);
  });

  it('reports a refused token, and refuses --schema with --url and --org-id without it', async () => {
    const refused = await apl(['schema', '--url', service.url], { PATH: process.env.PATH, HOME: folder, AXIOM_TOKEN: 'xapt-wrong' });
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^apl schema: cannot read the schema from http:\/\/127\.0\.0\.1:\d+: 40[13]: /);
    const both = await apl(['check', '--schema', 'schema.json', '--url', service.url, 'queries.apl']);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /^apl check: give either --schema or --url, not both/);
    const orgAlone = await apl(['check', '--org-id', 'acme', 'queries.apl']);
    assert.equal(orgAlone.code, 2);
    assert.match(orgAlone.stderr, /^apl check: --org-id goes with --url/);
  });
});
