/**
 * Named connections (`apl.connections`): reading the setting, the default list, presets, where each
 * token is kept, and which connection a run uses. No `vscode` import: unit-tested on its own.
 */

export interface NamedConnection {
  name: string;
  /** Base URL of an Axiom-compatible service. */
  url: string;
  /** Sent as `X-Axiom-Org-Id`; empty sends no header. */
  orgId: string;
}

/** The single service settings of earlier versions (`apl.service.url`, `apl.service.orgId`). */
export interface LegacyService {
  url: string;
  orgId: string;
}

export const defaultConnectionName = 'local';

export interface ConnectionPreset extends NamedConnection {
  label: string;
  detail: string;
}

/**
 * Offered by Add Connection. Axiom's account and dataset APIs live on api.axiom.co whatever the
 * organisation's edge deployment (US East 1 or EU Central 1); the edge domains serve ingest and query
 * only, so they cannot carry a connection that lists datasets and fields.
 */
export function connectionPresets(local: LegacyService): ConnectionPreset[] {
  return [
    { label: 'Local service', detail: `apl serve on this machine (${local.url})`, name: defaultConnectionName, url: local.url, orgId: local.orgId },
    { label: 'Axiom', detail: 'https://api.axiom.co: organisations in US East 1 or EU Central 1; a personal token needs the org id', name: 'axiom', url: 'https://api.axiom.co', orgId: '' },
  ];
}

export interface ConnectionList {
  connections: NamedConnection[];
  /** One line per entry that was left out, for a warning. */
  problems: string[];
}

/**
 * The connections the `apl.connections` setting lists. Entries without a usable name or URL, and
 * repeated names, are left out with a problem each. An empty (or unset) list is one connection,
 * `local`, on the legacy URL setting, so that users of `apl.service.url` keep what they had.
 */
export function readConnectionList(raw: unknown, legacy: LegacyService): ConnectionList {
  const connections: NamedConnection[] = [];
  const problems: string[] = [];
  const entries = Array.isArray(raw) ? raw : [];
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) problems.push('apl.connections is not a list; using the apl.service.url setting');
  entries.forEach((entry, index) => {
    const where = `apl.connections[${index}]`;
    if (typeof entry !== 'object' || entry === null) return void problems.push(`${where} is not an object`);
    const record = entry as Record<string, unknown>;
    const name = typeof record.name === 'string' ? record.name.trim() : '';
    const nameProblem = connectionNameProblem(name);
    if (nameProblem) return void problems.push(`${where}: ${nameProblem}`);
    if (connections.some((each) => each.name === name)) return void problems.push(`${where}: the name "${name}" is used twice`);
    const url = typeof record.url === 'string' ? record.url.trim() : '';
    const urlProblem = connectionUrlProblem(url);
    if (urlProblem) return void problems.push(`${where} (${name}): ${urlProblem}`);
    const orgId = typeof record.orgId === 'string' ? record.orgId.trim() : '';
    connections.push({ name, url: url.replace(/\/+$/, ''), orgId });
  });
  if (connections.length === 0) connections.push({ name: defaultConnectionName, url: legacy.url.replace(/\/+$/, ''), orgId: legacy.orgId });
  return { connections, problems };
}

/** Why `name` cannot name a connection; undefined when it can. */
export function connectionNameProblem(name: string): string | undefined {
  if (!name) return 'a connection needs a name';
  if (name.length > 64) return 'a name has at most 64 characters';
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(name)) return `"${name}": use letters, digits, "-", "_" and "." (starting with a letter or digit)`;
  return undefined;
}

/** Why `url` cannot be a service URL; undefined when it can. */
export function connectionUrlProblem(url: string): string | undefined {
  if (!url) return 'a connection needs a URL';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `"${url}" is not an http or https URL`;
  return undefined;
}

/** The SecretStorage key of a connection's token. */
export function tokenKey(name: string): string {
  return `apl.serviceToken.${name}`;
}

/** Where earlier versions kept their one token; it moves to the default (first) connection. */
export const legacyTokenKey = 'apl.serviceToken';

export type ConnectionChoice = { connection: NamedConnection; source: 'file' | 'active' | 'default' } | { error: string };

/**
 * The connection a run uses: the one a file names (`// connection: prod` on its first line) wins,
 * then the active one of the workspace, then the first of the list.
 */
export function chooseConnection(connections: readonly NamedConnection[], active: string | undefined, named: string | undefined): ConnectionChoice {
  if (named !== undefined) {
    const connection = connections.find((each) => each.name === named);
    if (connection) return { connection, source: 'file' };
    return { error: `the file names the connection "${named}", which apl.connections does not list (it has ${connections.map((each) => each.name).join(', ')})` };
  }
  const chosen = active === undefined ? undefined : connections.find((each) => each.name === active);
  return chosen ? { connection: chosen, source: 'active' } : { connection: connections[0]!, source: 'default' };
}

/** The list to store once a connection is added or replaced (by name; `replacing` renames). */
export function withConnection(connections: readonly NamedConnection[], connection: NamedConnection, replacing?: string): NamedConnection[] {
  const old = replacing ?? connection.name;
  const index = connections.findIndex((each) => each.name === old);
  if (index < 0) return [...connections, connection];
  return connections.map((each, at) => (at === index ? connection : each));
}
