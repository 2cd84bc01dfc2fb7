/**
 * Ingest throughput of the local service against DuckDB's own NDJSON reader, in one run:
 *
 *   npm run bench:service                     (builds first)
 *   node --import tsx bench/service.bench.ts --events 200000 --batch 10000 --concurrency 1,4
 *
 * Writes one NDJSON file of synthetic web-log events (nested `geo` object, a dozen fields), then
 *   1. for each count of clients in `--concurrency` (default 1 and 4: one sender, and a shipper
 *      with a few connections), starts `dist/cli.js serve` in a fresh data directory and POSTs the
 *      file in batches of `--batch` events (NDJSON; each client sends its next request once its
 *      last is answered, and every answer comes only once the events are committed);
 *   2. times DuckDB's `CREATE TABLE … AS SELECT * FROM read_json(file)` into a fresh database file,
 *      and DuckDB storing the same batches with a commit each (the ceiling when a request is
 *      answered after its commit).
 * Reports events/s for each, the ratio to read_json (target ≥ 75%), the service's peak RSS (VmHWM), and when
 * the service had written its write-ahead log into the database file after the last answer (it
 * checkpoints once ingest has been quiet for a while; the DuckDB side's figure includes that work).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import { duckdbOptions, quietBeforeCheckpointMs } from '../service/store/database.ts';
import { quoteString } from '../service/store/sqlText.ts';
import { writeEvents } from './service-workload.ts';
import { repoRoot } from './lib/paths.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    batch: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '1,4' },
  },
});
const eventCount = Number(values.events);
const batchSize = Number(values.batch);
const concurrencies = values.concurrency.split(',').map(Number);
const target = 0.75;
const token = 'xapt-bench';
const cli = join(repoRoot, 'dist/cli.js');

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
 * Where each request body of `batchSize` lines starts and ends in the file, found before the clock
 * starts: cutting a body out then costs the client one read, not a search for every newline (the
 * client shares the cores with the service).
 */
async function batchRanges(path: string): Promise<[number, number][]> {
  const ranges: [number, number][] = [];
  let offset = 0;
  let start = 0;
  let lines = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let end = chunk.indexOf(10); end >= 0; end = chunk.indexOf(10, end + 1)) {
      if (++lines < batchSize) continue;
      ranges.push([start, offset + end + 1]);
      start = offset + end + 1;
      lines = 0;
    }
    offset += chunk.byteLength;
  }
  if (start < offset) ranges.push([start, offset]);
  return ranges;
}

/** The request bodies, each read from the file when it is about to be sent. */
async function* batches(path: string, ranges: readonly [number, number][]): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  try {
    for (const [start, end] of ranges) {
      const body = Buffer.allocUnsafe(end - start);
      const { bytesRead } = await file.read(body, 0, body.byteLength, start);
      if (bytesRead !== body.byteLength) throw new Error(`short read at ${start}`);
      yield body;
    }
  } finally {
    await file.close();
  }
}

/**
 * One POST over node:http (fetch's stream plumbing cost the client, which shares the cores with
 * the service, more CPU per request than the whole body's bytes).
 */
function post(url: string, agent: Agent, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(body.byteLength) } }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** CPU seconds (user + system, all threads) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second here).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

interface Measured {
  seconds: number;
  /** CPU seconds of the service process (or of DuckDB in this process) while measured. */
  cpu: number;
}

/** Seconds until the service's write-ahead log is empty (checkpointed), polling; NaN after a minute. */
async function untilCheckpointed(dataDir: string): Promise<number> {
  const wal = join(dataDir, 'apl.duckdb.wal');
  const started = performance.now();
  while (performance.now() - started < 60_000) {
    if (!existsSync(wal) || statSync(wal).size === 0) return (performance.now() - started) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Number.NaN;
}

async function benchService(path: string, dataDir: string, concurrency: number): Promise<Measured & { peakRss: number; clientCpu: number; checkpointed: number }> {
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
    const ranges = await batchRanges(path);
    const startCpu = cpuSeconds(child.pid!);
    const startClientCpu = ownCpuSeconds();
    const started = performance.now();
    const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
    const bodies = batches(path, ranges);
    // Each client sends its next request once its last one is answered.
    const client = async () => {
      for (;;) {
        const next = await bodies.next();
        if (next.done) return;
        const response = await post(`${url}/v1/datasets/bench/ingest`, agent, { ...headers, 'Content-Type': 'application/x-ndjson' }, next.value);
        const status = JSON.parse(response.text) as { ingested: number; failed: number };
        if (response.status !== 200 || status.failed > 0) throw new Error(`ingest: ${response.status} ${response.text}`);
        ingested += status.ingested;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSeconds(child.pid!) - startCpu;
    const clientCpu = ownCpuSeconds() - startClientCpu;
    if (ingested !== eventCount) throw new Error(`ingested ${ingested} of ${eventCount}`);
    const checkpointed = await untilCheckpointed(dataDir);
    return { seconds, cpu, clientCpu, checkpointed, peakRss: peakRssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function benchDuckDb(path: string, dataDir: string): Promise<Measured> {
  const instance = await DuckDBInstance.create(join(dataDir, 'reference.duckdb'));
  const connection = await instance.connect();
  try {
    const startCpu = ownCpuSeconds();
    const started = performance.now();
    await connection.run(`CREATE TABLE reference AS SELECT * FROM read_json(${quoteString(path)}, format = 'newline_delimited')`);
    const seconds = (performance.now() - started) / 1000;
    const cpu = ownCpuSeconds() - startCpu;
    const count = (await connection.runAndReadAll('SELECT count(*) AS n FROM reference')).getRowObjectsJS()[0]!.n;
    if (Number(count) !== eventCount) throw new Error(`DuckDB read ${count} of ${eventCount}`);
    return { seconds, cpu };
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/**
 * DuckDB alone storing the same batches the way an acknowledged request must be: one transaction
 * each, committed to the write-ahead log (each batch read from a file of its own, written before
 * the clock starts, its columns declared as read_json detects them in the first; the service's
 * DuckDB settings). This is the ceiling for any design that answers a request after DuckDB's commit.
 */
async function benchDuckDbCommits(path: string, dataDir: string): Promise<Measured> {
  const ranges = await batchRanges(path);
  const files: string[] = [];
  let index = 0;
  for await (const body of batches(path, ranges)) {
    const file = join(dataDir, `batch-${index++}.ndjson`);
    writeFileSync(file, body);
    files.push(file);
  }
  const database = join(dataDir, 'commits.duckdb');
  const instance = await DuckDBInstance.create(database, duckdbOptions());
  const connection = await instance.connect();
  let columns = '';
  const source = (file: string) => `read_json(${quoteString(file)}, format = 'newline_delimited'${columns})`;
  try {
    await connection.run(`CREATE TABLE reference AS SELECT * FROM ${source(files[0]!)} LIMIT 0`);
    // Declared like the service declares them, so that no batch pays for DuckDB's type detection.
    const described = (await connection.runAndReadAll('DESCRIBE reference')).getRowObjectsJS() as { column_name: string; column_type: string }[];
    columns = `, columns = {${described.map((column) => `${quoteString(column.column_name)}: ${quoteString(column.column_type)}`).join(', ')}}`;
    const startCpu = ownCpuSeconds();
    const started = performance.now();
    for (const file of files) {
      await connection.run('BEGIN TRANSACTION');
      await connection.run(`INSERT INTO reference SELECT * FROM ${source(file)}`);
      await connection.run('COMMIT');
    }
    return { seconds: (performance.now() - started) / 1000, cpu: ownCpuSeconds() - startCpu };
  } finally {
    connection.closeSync();
    instance.closeSync();
    for (const file of [...files, database, `${database}.wal`]) rmSync(file, { force: true });
  }
}

async function main(): Promise<void> {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run npm run build');
  const work = mkdtempSync(join(tmpdir(), 'apl-bench-service-'));
  try {
    const path = join(work, 'events.ndjson');
    writeEvents(path, eventCount);
    const megabytes = statSync(path).size / 1024 / 1024;
    console.log(`${eventCount} events, ${megabytes.toFixed(0)} MiB NDJSON, batches of ${batchSize}`);
    console.log(`load average before      : ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
    const duckdb = await benchDuckDb(path, work);
    const commits = await benchDuckDbCommits(path, work);
    const theirs = eventCount / duckdb.seconds;
    console.log(`DuckDB read_json         : ${Math.round(theirs).toLocaleString('en')} events/s (${duckdb.seconds.toFixed(2)} s; CPU ${duckdb.cpu.toFixed(2)} s)`);
    console.log(`DuckDB, a commit a batch : ${Math.round(eventCount / commits.seconds).toLocaleString('en')} events/s (${commits.seconds.toFixed(2)} s; CPU ${commits.cpu.toFixed(2)} s; one connection, the service's DuckDB settings)`);
    for (const concurrency of concurrencies) {
      const service = await benchService(path, join(work, `service-${concurrency}`), concurrency);
      const ours = eventCount / service.seconds;
      const ratio = ours / theirs;
      const clients = `${concurrency} client${concurrency === 1 ? '' : 's'}`;
      console.log(`service, ${clients.padEnd(16)}: ${Math.round(ours).toLocaleString('en')} events/s (${service.seconds.toFixed(2)} s; service CPU ${service.cpu.toFixed(2)} s, client CPU ${service.clientCpu.toFixed(2)} s; peak RSS ${service.peakRss.toFixed(0)} MiB)`);
      console.log(`  ratio to read_json     : ${(ratio * 100).toFixed(0)}% (target ≥ ${target * 100}%) ${ratio >= target ? 'met' : 'MISSED'}`);
      console.log(`  log checkpointed       : ${service.checkpointed.toFixed(1)} s after the last answer (after ${quietBeforeCheckpointMs / 1000} s without writes)`);
    }
    console.log(`load average after       : ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
