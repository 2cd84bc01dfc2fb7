/**
 * The one organisation and its admin's personal token. The token comes from `APL_ADMIN_TOKEN`,
 * else from `<data dir>/credentials.json`, else it is generated and written there (mode 0600).
 */
import { existsSync, readFileSync, writeFileSync, chmodSync } from 'node:fs';
import { join } from 'node:path';
import { newSecret, sha256 } from './secrets.ts';

export interface Credentials {
  orgId: string;
  token: string;
  /** Where the token can be read, for the start-up message. */
  source: 'environment' | string;
}

export const localOrg = { id: 'local', name: 'Local', slug: 'local' } as const;
export const localUser = { id: 'admin', name: 'Admin', email: 'admin@localhost' } as const;

export function credentialsPath(dataDir: string): string {
  return join(dataDir, 'credentials.json');
}

export function loadCredentials(dataDir: string, environment: NodeJS.ProcessEnv = process.env): Credentials {
  const fromEnvironment = environment.APL_ADMIN_TOKEN;
  if (fromEnvironment) {
    if (!fromEnvironment.startsWith('xapt-')) throw new Error('APL_ADMIN_TOKEN must start with "xapt-"');
    return { orgId: localOrg.id, token: fromEnvironment, source: 'environment' };
  }
  const path = credentialsPath(dataDir);
  if (existsSync(path)) {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as { token?: unknown };
    if (typeof stored.token !== 'string' || !stored.token.startsWith('xapt-')) {
      throw new Error(`${path} holds no "xapt-" token`);
    }
    return { orgId: localOrg.id, token: stored.token, source: path };
  }
  const token = newSecret('xapt-');
  writeFileSync(path, JSON.stringify({ orgId: localOrg.id, token }, null, 2) + '\n', { mode: 0o600 });
  chmodSync(path, 0o600);
  return { orgId: localOrg.id, token, source: path };
}

export function personalDigest(credentials: Credentials): string {
  return sha256(credentials.token);
}
