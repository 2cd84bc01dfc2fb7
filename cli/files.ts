import { stat } from 'node:fs/promises';
import * as path from 'node:path';
import glob from 'fast-glob';
import { UsageError } from './command.ts';

const ignore = ['**/node_modules/**', '**/.git/**'];

/**
 * Turns command-line paths into files: a file stays as given, a directory stands for every
 * `*.apl` below it, anything else is a glob (quoted, so the shell left it alone). Paths come
 * back as the user wrote them, without duplicates, in argument order.
 */
export async function expandFileArguments(args: readonly string[], cwd: string): Promise<string[]> {
  const files: string[] = [];
  const seen = new Set<string>();
  for (const arg of args) {
    for (const file of await expandArgument(arg, cwd)) {
      const key = path.resolve(cwd, file);
      if (seen.has(key)) continue;
      seen.add(key);
      files.push(file);
    }
  }
  return files;
}

async function expandArgument(arg: string, cwd: string): Promise<string[]> {
  const stats = await stat(path.resolve(cwd, arg)).catch(() => undefined);
  if (stats?.isFile()) return [arg];
  if (stats?.isDirectory()) {
    const found = await glob('**/*.apl', { cwd: path.resolve(cwd, arg), ignore, onlyFiles: true });
    return found.sort().map((file) => path.join(arg, file));
  }
  if (glob.isDynamicPattern(arg)) {
    const found = await glob(arg, { cwd, ignore, onlyFiles: true, absolute: path.isAbsolute(arg) });
    if (found.length === 0) throw new UsageError(`no files match ${arg}`);
    return found.sort();
  }
  throw new UsageError(`no such file or directory: ${arg}`);
}
