/**
 * Heavy queries for the tests of time limits, cancellation and fairness: a large event table
 * written straight into a real DuckDB file (ingesting millions of events over HTTP would take
 * minutes), a query that keeps DuckDB busy for seconds over it, and a process's CPU time, to see
 * when the work has really stopped.
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../../service/store/database.ts';
import { eventTable } from '../../service/store/eventStore.ts';
import { storedIdent } from '../../service/store/storedNames.ts';

/** Two SHA-256 per event, a filter and a count: seconds of CPU over millions of rows, little memory, and DuckDB checks for interrupts between its vectors. */
export const heavyApl = (dataset: string) => `['${dataset}'] | where hash_sha256(strcat(hash_sha256(strcat(uri, n)), n)) startswith '00' | count`;

/**
 * Replaces the event table of the (created) `dataset` with `rows` synthetic events: `_time` one
 * microsecond apart from 2024-01-01, `uri` and `n`.
 */
export async function fillLargeDataset(database: Database, dataset: string, rows: number): Promise<void> {
  const table = eventTable(dataset);
  await database.run(`DROP TABLE IF EXISTS ${table}`);
  await database.run(
    `CREATE TABLE ${table} AS SELECT TIMESTAMP '2024-01-01' + to_microseconds(i) AS "_time", TIMESTAMP '2024-01-01' AS ${storedIdent('_sysTime')}, '/page/' || (i % 1000) AS uri, i AS n FROM range(${rows}) t(i)`,
  );
  database.eventSchemaChanged();
  // Written into the database file now, not by a checkpoint that would keep the CPU busy during a test.
  await database.checkpoint();
}

/** CPU milliseconds (user and system, every thread) this process has used. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** CPU milliseconds another process has used, from /proc/<pid>/stat (Linux; clock ticks of 10 ms). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) * 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface IdleOptions {
  /** Length of each measured window. */
  windowMs?: number;
  /** A window using less than this share of one core counts as idle. */
  idleShare?: number;
  /** Give up after this long. */
  timeoutMs?: number;
}

/**
 * Milliseconds from `since` (a `performance.now()`) to the start of the first window in which the
 * process used less than `idleShare` of a core; undefined if none came within the timeout.
 */
export async function msUntilIdle(cpuMs: () => number, since: number, options: IdleOptions = {}): Promise<number | undefined> {
  const { windowMs = 50, idleShare = 0.1, timeoutMs = 20_000 } = options;
  while (performance.now() - since < timeoutMs) {
    const start = performance.now();
    const before = cpuMs();
    await sleep(windowMs);
    const used = cpuMs() - before;
    const elapsed = performance.now() - start;
    if (used < idleShare * elapsed) return Math.max(0, Math.round(start - since));
  }
  return undefined;
}

/** The share of one core the process uses over the next `windowMs`. */
export async function cpuShare(cpuMs: () => number, windowMs = 300): Promise<number> {
  const start = performance.now();
  const before = cpuMs();
  await sleep(windowMs);
  return (cpuMs() - before) / (performance.now() - start);
}
