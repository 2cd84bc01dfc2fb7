/**
 * Where `apl serve` keeps its data by default, and the admin token it uses: what the extension and
 * the `apl` CLI need to reach the local service with no setup.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import * as path from 'node:path';

/** `$XDG_DATA_HOME/apl`, else `~/.local/share/apl`. */
export function defaultDataDir(environment: NodeJS.ProcessEnv = process.env): string {
  const base = environment.XDG_DATA_HOME || path.join(homedir(), '.local', 'share');
  return path.join(base, 'apl');
}

/** `APL_ADMIN_TOKEN`, else the token `apl serve` wrote to its default data directory. */
export async function localAdminToken(environment: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  if (environment.APL_ADMIN_TOKEN) return environment.APL_ADMIN_TOKEN;
  try {
    const stored = JSON.parse(await readFile(path.join(defaultDataDir(environment), 'credentials.json'), 'utf8')) as { token?: unknown };
    return typeof stored.token === 'string' ? stored.token : undefined;
  } catch {
    return undefined;
  }
}
