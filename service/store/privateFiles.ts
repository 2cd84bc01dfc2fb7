/**
 * The data directory holds every event and token hash: like `credentials.json` it is for its owner
 * only. The directory is 0700 and the database file 0600, made so on every open (data directories
 * from before are fixed too). DuckDB creates its `.wal` file anew after each checkpoint, with the
 * process's file mode mask, so the service sets that mask to 077: whatever it creates from then on
 * (the log, spooled ingest segments) is private as well.
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';

export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  try {
    process.umask(0o077);
  } catch {
    // Worker threads may not change the mask; the directory's mode still keeps others out.
  }
}

/** Gives the database file and its log, where they exist, mode 0600. */
export function makeDatabaseFilesPrivate(path: string): void {
  for (const file of [path, `${path}.wal`]) if (existsSync(file)) chmodSync(file, 0o600);
}
