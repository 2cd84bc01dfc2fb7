/**
 * The local service `apl serve` runs: its default address and organisation, where it keeps its data
 * and the admin token it uses. What the extension and the `apl` CLI need to reach it with no setup.
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import * as path from 'node:path';

export const localServiceUrl = 'http://127.0.0.1:8080';
/** The one organisation of the local service. */
export const localOrgId = 'local';

/** Whether `url` points at this machine (where a local service can run). */
export function isLocalUrl(url: URL): boolean {
  return ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

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
