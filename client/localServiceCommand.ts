/**
 * Which `apl` CLI runs the local service. The packaged extension does not carry the CLI (the service
 * needs DuckDB's native library, built per platform), so it is looked for in order: the
 * `apl.localService.cliPath` setting, the CLI built next to the extension in a checkout of this
 * repository, then `apl` on the PATH (`npm link` in the repository puts it there).
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

export interface CliLaunch {
  /** The program to run and the arguments before `serve`. */
  program: string;
  args: string[];
  /** Where it was found, for messages. */
  source: 'setting' | 'checkout' | 'path';
}

export function findServiceCli(extensionPath: string, configuredPath: string, searchPath = process.env.PATH ?? ''): CliLaunch | undefined {
  if (configuredPath) return launchFor(configuredPath, 'setting');
  const builtCli = path.join(extensionPath, 'dist', 'cli.js');
  if (existsSync(builtCli) && canResolve('@duckdb/node-api', extensionPath)) {
    return { program: process.execPath, args: [builtCli], source: 'checkout' };
  }
  for (const directory of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(directory, process.platform === 'win32' ? 'apl.cmd' : 'apl');
    if (isExecutable(candidate)) return { program: candidate, args: [], source: 'path' };
  }
  return undefined;
}

/** A `.js` file runs with this Node; anything else is run as a program. */
function launchFor(file: string, source: CliLaunch['source']): CliLaunch {
  return /\.[cm]?js$/.test(file) ? { program: process.execPath, args: [file], source } : { program: file, args: [], source };
}

function canResolve(specifier: string, from: string): boolean {
  try {
    createRequire(path.join(from, 'package.json')).resolve(specifier);
    return true;
  } catch {
    return false;
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
