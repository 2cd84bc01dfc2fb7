/**
 * How much memory DuckDB may use, and where and how much it may spill to disk when a statement
 * needs more: a query past both fails with DuckDB's "Out of Memory Error" (answered as a 400 by
 * the engine, engine/resultLimits.ts) instead of growing until the kernel ends the service.
 */
import { statfsSync } from 'node:fs';
import { totalmem } from 'node:os';
import { join } from 'node:path';

/**
 * Half of the machine's memory (or of the container's, when it is limited). DuckDB's own default
 * is 80%, which leaves too little for the JavaScript side, which holds each result a second time
 * while it turns it into the response, and for everything else on the machine.
 */
function defaultMemoryLimitBytes(): number {
  const constrained = process.constrainedMemory?.() ?? 0;
  const available = constrained > 0 ? Math.min(constrained, totalmem()) : totalmem();
  return Math.floor(available / 2);
}

/** The DuckDB settings that bound a statement's memory and its spill files under the data directory. */
export function memorySettings(dataDir: string, memoryLimitBytes = defaultMemoryLimitBytes()): Record<string, string> {
  const tempDirectory = join(dataDir, 'duckdb.tmp');
  return {
    memory_limit: `${memoryLimitBytes}B`,
    temp_directory: tempDirectory,
    max_temp_directory_size: `${maxSpillBytes(dataDir, memoryLimitBytes)}B`,
  };
}

/**
 * Twice the memory limit, but never more than a quarter of the disk space free when the service
 * starts: spill files share the disk with the events, and DuckDB's default (90% of the free
 * space) would let one query leave ingest no room to write.
 */
function maxSpillBytes(dataDir: string, memoryLimitBytes: number): number {
  let free = Number.POSITIVE_INFINITY;
  try {
    const stats = statfsSync(dataDir);
    free = stats.bavail * stats.bsize;
  } catch {
    // No figure for this file system: the memory-based bound alone.
  }
  return Math.floor(Math.min(2 * memoryLimitBytes, free / 4));
}

const units: Record<string, number> = {
  b: 1, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40,
  k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40,
};

/**
 * A size as `apl serve --memory-limit` takes it: a number and a unit, `512MB`, `4GB`, `1.5GiB`,
 * `2g` (KB, MB… are powers of 1000, KiB, MiB… and the one-letter forms powers of 1024, as DuckDB
 * reads them). Undefined when the text is not one.
 */
export function parseByteSize(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(text);
  if (!match) return undefined;
  const unit = units[(match[2] || 'b').toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Math.floor(Number(match[1]) * unit);
  return Number.isSafeInteger(bytes) && bytes > 0 ? bytes : undefined;
}
