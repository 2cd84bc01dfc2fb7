/**
 * `apl ingest` and `apl run` as users run them: the built CLI in a process of its own, against the
 * built `apl serve` on a loopback port with a DuckDB file in a temporary directory.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { cli, startCliService, stopCliService, type CliService } from '../service/cliService.ts';

const token = 'xapt-cli-commands-test';
const day = Date.UTC(2026, 0, 10);
const range = ['--start', '2026-01-01', '--end', '2026-02-01'];

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('apl ingest and apl run against apl serve', { timeout: 120_000 }, () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'apl-cli-service-'));
  let service: CliService;
  let environment: NodeJS.ProcessEnv;

  before(async () => {
    service = await startCliService(['--data', path.join(folder, 'data')], { ...process.env, APL_ADMIN_TOKEN: token });
    // The local admin token, as `apl serve` users have it; no AXIOM_* variable from the outside.
    environment = { PATH: process.env.PATH, HOME: folder, APL_ADMIN_TOKEN: token, AXIOM_URL: service.url };
  });
  after(async () => {
    await stopCliService(service);
    rmSync(folder, { recursive: true, force: true });
  });

  function apl(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunResult> {
    return new Promise((resolve) => {
      const child = execFile(process.execPath, [cli, ...args], { cwd: folder, env: options.env ?? environment, timeout: 60_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
      });
      child.stdin!.end(options.input ?? '');
    });
  }

  function file(name: string, content: string): string {
    writeFileSync(path.join(folder, name), content);
    return name;
  }

  const event = (i: number) => ({ _time: new Date(day + i * 1000).toISOString(), i, method: ['GET', 'POST'][i % 2], note: 'n'.repeat(300) });

  it('refuses a dataset that does not exist unless told to create it', async () => {
    const events = file('few.ndjson', `${JSON.stringify(event(0))}\n`);
    const refused = await apl(['ingest', 'cli-logs', events]);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /dataset cli-logs not found \(--create creates it\)/);
    const created = await apl(['ingest', '--create', 'cli-logs', events]);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^ingested 1 event into cli-logs in [\d.]+ s\n$/);
  });

  it('streams a file larger than one request in several, and every event is stored', async () => {
    // 12,000 events of ~370 bytes: two requests of about 4 MB.
    const lines = Array.from({ length: 12_000 }, (_, i) => JSON.stringify(event(i + 1))).join('\n');
    const events = file('many.jsonl', `${lines}\n`);
    const sent = await apl(['ingest', 'cli-logs', events, '--concurrency', '3']);
    assert.equal(sent.code, 0, sent.stderr);
    assert.match(sent.stdout, /^ingested 12,000 events into cli-logs/);
    const counted = await apl(['run', '--apl', "['cli-logs'] | summarize n = count(), total = sum(i)", ...range, '--format', 'json']);
    assert.equal(counted.code, 0, counted.stderr);
    // Events 0 to 12,000, each once.
    assert.deepEqual(JSON.parse(counted.stdout), [{ n: 12_001, total: (12_000 * 12_001) / 2 }]);
  });

  it('reads CSV from standard input, quoted newlines and all, a JSON array file and a gzipped one', async () => {
    const csv = `_time,city,note\n2026-01-10T00:00:00Z,Paris,"two\nlines"\n2026-01-10T00:00:01Z,Tokyo,plain\n`;
    const fromStdin = await apl(['ingest', '--create', '--format', 'csv', 'cli-places'], { input: csv });
    assert.equal(fromStdin.code, 0, fromStdin.stderr);
    const json = file('places.json', JSON.stringify([{ _time: '2026-01-10T00:00:02Z', city: 'Lima', note: 'array' }]));
    assert.equal((await apl(['ingest', 'cli-places', json])).code, 0);
    const packed = 'places.ndjson.gz';
    writeFileSync(path.join(folder, packed), gzipSync(`${JSON.stringify({ _time: '2026-01-10T00:00:03Z', city: 'Oslo', note: 'gzip' })}\n`));
    assert.equal((await apl(['ingest', 'cli-places', packed])).code, 0);
    const listed = await apl(['run', '--apl', "['cli-places'] | project city, note | order by city asc", ...range, '--format', 'ndjson']);
    assert.equal(listed.code, 0, listed.stderr);
    assert.deepEqual(
      listed.stdout.trim().split('\n').map((line) => JSON.parse(line)),
      [
        { city: 'Lima', note: 'array' },
        { city: 'Oslo', note: 'gzip' },
        { city: 'Paris', note: 'two\nlines' },
        { city: 'Tokyo', note: 'plain' },
      ],
    );
  });

  it('reports events the service refused, with their reasons, and exits 1', async () => {
    const mixed = file('mixed.ndjson', `{"ok":1}\n7\n{"ok":2}\n`);
    const sent = await apl(['ingest', 'cli-places', mixed]);
    assert.equal(sent.code, 1);
    assert.match(sent.stdout, /^ingested 2 events into cli-places in [\d.]+ s; 1 failed\n$/);
    assert.match(sent.stderr, /apl ingest: event must be a JSON object, got number/);
  });

  it('prints a query’s matches as a table, its status on stderr', async () => {
    const queries = file('queries.apl', "// by method\n['cli-logs']\n| summarize count() by method\n| order by method asc\n\n['cli-logs'] | where nosuch == 1\n");
    const table = await apl(['run', `${queries}:3`, ...range]);
    assert.equal(table.code, 0, table.stderr);
    assert.deepEqual(table.stdout.split('\n'), ['method  count_', '------  ------', 'GET       6001', 'POST      6000', '']);
    assert.match(table.stderr, /^2 rows · 12,001 rows examined, 12,001 matched · [\d.]+ ms\n$/);
  });

  it('takes any span for --since, and refuses what is not one', async () => {
    // The events are from 2026-01-10: a span reaching back that far finds them, a short one does not.
    const days = Math.ceil((Date.now() - day) / 86_400_000) + 1;
    const query = "['cli-logs'] | count";
    const wide = await apl(['run', '--apl', query, '--since', `${days}d`, '--format', 'json']);
    assert.deepEqual(JSON.parse(wide.stdout), [{ count: 12_001 }]);
    const narrow = await apl(['run', '--apl', query, '--since', '90s', '--format', 'json']);
    assert.deepEqual(JSON.parse(narrow.stdout), [{ count: 0 }]);
    const wrong = await apl(['run', '--apl', query, '--since', 'yesterday']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /invalid --since 'yesterday'/);
  });

  it('points a query error at its place in the file and exits 1', async () => {
    const result = await apl(['run', 'queries.apl:6', ...range]);
    assert.equal(result.code, 1);
    assert.equal(result.stderr, "queries.apl:6:22: error: Unknown column 'nosuch'.\n");
  });

  it('asks which query to run when a file holds several, and exits 2', async () => {
    const result = await apl(['run', 'queries.apl']);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /queries\.apl holds 2 queries \(lines 1, 6\): name one as queries\.apl:LINE/);
  });

  it('needs a token for a service other than the local one, and says when nothing answers', async () => {
    const remote = await apl(['run', '--apl', "['x']", '--url', 'https://api.example.invalid'], { env: { PATH: process.env.PATH, HOME: folder } });
    assert.equal(remote.code, 2);
    assert.match(remote.stderr, /no token for https:\/\/api\.example\.invalid: set AXIOM_TOKEN/);
    const closed = await apl(['run', '--apl', "['x']", '--url', 'http://127.0.0.1:9'], { env: { PATH: process.env.PATH, HOME: folder, APL_ADMIN_TOKEN: token } });
    assert.equal(closed.code, 1);
    assert.match(closed.stderr, /nothing answers at http:\/\/127\.0\.0\.1:9/);
  });
});
