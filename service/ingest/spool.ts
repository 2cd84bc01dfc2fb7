/**
 * The directory ingest segments are spooled to: `<data dir>/spool`. A service killed mid-request
 * leaves its segment files behind; the next start empties the directory.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export function spoolDirectory(dataDir: string): string {
  return join(dataDir, 'spool');
}

/** Creates the spool directory, or empties what a previous run left in it. */
export function resetSpool(dataDir: string): void {
  const directory = spoolDirectory(dataDir);
  rmSync(directory, { recursive: true, force: true });
  mkdirSync(directory, { recursive: true });
}
