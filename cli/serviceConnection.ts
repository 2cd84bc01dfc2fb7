/**
 * Where `apl run` and `apl ingest` send requests: `--url`/`--org-id`, else the variables the
 * official Axiom clients read (`AXIOM_URL`, `AXIOM_TOKEN`, `AXIOM_ORG_ID`), else the local service
 * `apl serve` runs with its admin token. The token is never taken from a flag (it would sit in the
 * shell's history).
 */
import { Connection } from '../client/connection.ts';
import { isLocalUrl, localAdminToken, localOrgId, localServiceUrl } from '../client/localService.ts';
import { UsageError } from './command.ts';

/** The help lines of --url and --org-id, their descriptions starting at `column`. */
export function connectionOptionLines(column: number): string {
  return [
    ['--url URL', `The service (default $AXIOM_URL, else ${localServiceUrl})`],
    ['--org-id ID', 'Organisation sent with personal tokens (default $AXIOM_ORG_ID)'],
  ]
    .map(([flag, text]) => `  ${flag!.padEnd(column - 2)}${text}`)
    .join('\n');
}

export const tokenUsage = `The token comes from $AXIOM_TOKEN, else, for the local service, from APL_ADMIN_TOKEN or the
credentials file 'apl serve' writes.`;

export const connectionFlags = {
  url: { type: 'string' },
  'org-id': { type: 'string' },
} as const;

/** Where requests go, and the token and organisation they carry; `token` is undefined when none was found. */
export interface ServiceTarget {
  url: string;
  token: string | undefined;
  orgId: string | undefined;
}

export async function serviceTarget(
  flags: { url?: string; 'org-id'?: string },
  environment: NodeJS.ProcessEnv = process.env,
): Promise<ServiceTarget> {
  const url = flags.url ?? (environment.AXIOM_URL || localServiceUrl);
  if (!/^https?:\/\//.test(url)) throw new UsageError(`invalid --url '${url}' (expected http:// or https://)`);
  const local = isLocalUrl(new URL(url));
  const orgId = flags['org-id'] ?? (environment.AXIOM_ORG_ID || (local && !environment.AXIOM_TOKEN ? localOrgId : undefined));
  return { url, token: await serviceToken(url, environment), orgId };
}

/** $AXIOM_TOKEN, else, for a service on this machine, the local service's admin token (if it has written one). */
export async function serviceToken(url: string, environment: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  return environment.AXIOM_TOKEN || (isLocalUrl(new URL(url)) ? await localAdminToken(environment) : undefined);
}

export async function serviceConnection(
  flags: { url?: string; 'org-id'?: string },
  environment: NodeJS.ProcessEnv = process.env,
): Promise<Connection> {
  const { url, token, orgId } = await serviceTarget(flags, environment);
  if (!token) throw new UsageError(`no token for ${url}: set AXIOM_TOKEN`);
  return new Connection({ url, token, orgId });
}

/** What went wrong with a request that got no answer (the service's own errors are ServiceErrors). */
export function requestFailure(error: unknown, url: string): string {
  if ((error as { code?: unknown }).code === 'ECONNREFUSED') return `nothing answers at ${url} (start the local service with 'apl serve')`;
  return error instanceof Error ? error.message : String(error);
}
