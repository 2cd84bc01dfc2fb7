import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

const sourceFolders = ['language', 'server', 'cli', 'client', 'service'];

/**
 * Returns the path of a bundle under dist/, rebuilding first when it is missing or older than
 * a source file (`npm test` builds up front; this keeps a single test file runnable on its own).
 */
export function builtBundle(name: 'server.js' | 'cli.js'): string {
  const bundle = path.join(projectRoot, 'dist', name);
  if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestSourceTime()) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: projectRoot, stdio: 'inherit' });
  }
  return bundle;
}

function newestSourceTime(): number {
  let newest = 0;
  for (const folder of sourceFolders) {
    const entries = readdirSync(path.join(projectRoot, folder), { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}
