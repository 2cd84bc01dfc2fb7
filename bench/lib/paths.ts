import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The repository root, found by walking up from the working directory (npm runs scripts from
 * the root). Works whether the sources load as CommonJS or as ES modules.
 */
function findRepoRoot(start: string): string {
  for (let directory = resolve(start); ; directory = dirname(directory)) {
    if (existsSync(join(directory, 'package.json')) && existsSync(join(directory, 'bench', 'schema.json'))) return directory;
    if (dirname(directory) === directory) throw new Error('run the benchmark from inside the repository');
  }
}

export const repoRoot = findRepoRoot(process.cwd());
export const benchDirectory = join(repoRoot, 'bench');
