/**
 * Ingest throughput of the local service against DuckDB's own NDJSON reader, in one run:
 *
 *   npm run bench:service                     (builds first)
 *   node --import tsx bench/service.bench.ts --events 200000 --batch 10000
 *
 * Writes one NDJSON file of synthetic web-log events (nested `geo` object, a dozen fields), then
 *   1. starts `dist/cli.js serve` in a fresh data directory and POSTs the file in batches of
 *      `--batch` events (NDJSON, one request at a time, each answered only once committed);
 *   2. times DuckDB's `CREATE TABLE … AS SELECT * FROM read_json(file)` into a fresh database file.
 * Reports events/s for both, the ratio (target ≥ 75%), and the service's peak RSS (VmHWM).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { Random } from '../service/demo/random.ts';
import { repoRoot } from './lib/paths.ts';

const { values } = parseArgs({
  options: { events: { type: 'string', default: '1000000' }, batch: { type: 'string', default: '10000' } },
});
const eventCount = Number(values.events);
const batchSize = Number(values.batch);
const target = 0.75;
const token = 'xapt-bench';
const cli = join(repoRoot, 'dist/cli.js');

function writeEvents(path: string): void {
  const random = new Random(42);
  const start = Date.UTC(2026, 0, 1);
  const methods = ['GET', 'GET', 'GET', 'POST', 'PUT', 'DELETE'];
  const cities = [['Paris', 'France'], ['Seattle', 'United States'], ['Tokyo', 'Japan'], ['Camaquã', 'Brazil']];
  const lines: string[] = [];
  for (let index = 0; index < eventCount; index++) {
    const [city, country] = random.pick(cities);
    lines.push(
      JSON.stringify({
        _time: new Date(start + index * 10).toISOString(),
        id: random.uuid(),
        method: random.pick(methods),
        status: random.pick(['200', '200', '200', '404', '500']),
        uri: `/api/v1/${random.hex(4)}/${random.hex(6)}`,
        req_duration_ms: random.logNormal(1.2, 0.7),
        resp_body_size_bytes: random.int(900, 5500),
        resp_header_size_bytes: random.int(18, 100),
        is_tls: random.chance(0.7),
        geo: { city, country },
        user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
      }),
    );
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

async function serve(dataDir: string): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [cli, 'serve', '--data', dataDir, '--port', '0'], {
    env: { ...process.env, APL_ADMIN_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`apl serve exited with ${code}`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match) resolve(match[1]!);
    });
  });
  return { child, url };
}

/**
 * The file in request bodies of `batchSize` lines, cut at newlines in the raw bytes as the file
 * streams in (splitting into line strings and joining them again cost the client more CPU than
 * the service spends on a request, on the same cores).
 */
async function* batches(path: string): AsyncGenerator<Buffer> {
  let parts: Buffer[] = [];
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, end + 1)) {
      if (++lines < batchSize) continue;
      parts.push(chunk.subarray(start, end + 1));
      yield Buffer.concat(parts);
      parts = [];
      lines = 0;
      start = end + 1;
    }
    if (start < chunk.length) parts.push(chunk.subarray(start));
  }
  if (parts.length > 0) yield Buffer.concat(parts);
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function benchService(path: string, dataDir: string): Promise<{ seconds: number; peakRss: number }> {
  const { child, url } = await serve(dataDir);
  const headers = { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local' };
  try {
    const created = await fetch(`${url}/v2/datasets`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'bench', description: '' }),
    });
    if (created.status !== 200) throw new Error(`create dataset: ${created.status} ${await created.text()}`);
    let ingested = 0;
    const started = performance.now();
    for await (const body of batches(path)) {
      const response = await fetch(`${url}/v1/datasets/bench/ingest`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/x-ndjson' },
        body,
      });
      const status = (await response.json()) as { ingested: number; failed: number };
      if (response.status !== 200 || status.failed > 0) throw new Error(`ingest: ${response.status} ${JSON.stringify(status)}`);
      ingested += status.ingested;
    }
    const seconds = (performance.now() - started) / 1000;
    if (ingested !== eventCount) throw new Error(`ingested ${ingested} of ${eventCount}`);
    return { seconds, peakRss: peakRssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function benchDuckDb(path: string, dataDir: string): Promise<number> {
  const instance = await DuckDBInstance.create(join(dataDir, 'reference.duckdb'));
  const connection = await instance.connect();
  try {
    const started = performance.now();
    await connection.run(`CREATE TABLE reference AS SELECT * FROM read_json('${path.replaceAll("'", "''")}', format = 'newline_delimited')`);
    const seconds = (performance.now() - started) / 1000;
    const count = (await connection.runAndReadAll('SELECT count(*) AS n FROM reference')).getRowObjectsJS()[0]!.n;
    if (Number(count) !== eventCount) throw new Error(`DuckDB read ${count} of ${eventCount}`);
    return seconds;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function main(): Promise<void> {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run npm run build');
  const work = mkdtempSync(join(tmpdir(), 'apl-bench-service-'));
  try {
    const path = join(work, 'events.ndjson');
    writeEvents(path);
    const megabytes = statSync(path).size / 1024 / 1024;
    console.log(`${eventCount} events, ${megabytes.toFixed(0)} MiB NDJSON, batches of ${batchSize}`);
    const duckdbSeconds = await benchDuckDb(path, work);
    const service = await benchService(path, join(work, 'service'));
    const ours = eventCount / service.seconds;
    const theirs = eventCount / duckdbSeconds;
    const ratio = ours / theirs;
    console.log(`service ingest over HTTP : ${Math.round(ours).toLocaleString('en')} events/s (${service.seconds.toFixed(2)} s)`);
    console.log(`DuckDB read_json         : ${Math.round(theirs).toLocaleString('en')} events/s (${duckdbSeconds.toFixed(2)} s)`);
    console.log(`ratio                    : ${(ratio * 100).toFixed(0)}% (target ≥ ${target * 100}%) ${ratio >= target ? 'met' : 'MISSED'}`);
    console.log(`service peak RSS         : ${service.peakRss.toFixed(0)} MiB`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
