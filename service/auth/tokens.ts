/** API tokens (`xaat-…`): stored with a sha256 of the secret, never the secret itself. */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '../store/database.ts';
import { formatTimestamp } from '../time.ts';
import { HttpError } from '../http/types.ts';
import { isObject } from '../http/validate.ts';
import {
  actions,
  datasetCapabilityNames,
  orgAreas,
  type Action,
  type DatasetCapabilities,
  type OrgCapabilities,
  type Principal,
} from './capabilities.ts';
import { newSecret, sameDigest, sha256 } from './secrets.ts';

export interface ApiToken {
  id: string;
  name: string;
  description: string;
  /** null: never expires, as the public service answers (the JS and Go clients take null for "none"). */
  expiresAt: string | null;
  datasetCapabilities: DatasetCapabilities;
  orgCapabilities: OrgCapabilities;
  samlAuthenticated: boolean;
}

export interface TokenInput {
  name: string;
  description: string;
  expiresAt: Date | undefined;
  datasetCapabilities: DatasetCapabilities;
  orgCapabilities: OrgCapabilities;
}

interface TokenRow extends Record<string, unknown> {
  id: string;
  name: string;
  description: string;
  expires_at: string | null;
  dataset_capabilities: string;
  org_capabilities: string;
  secret_sha256: string;
}

/** Tokens whose rows are kept in memory; past this many the cache starts over. */
const maxCachedTokens = 1000;

export class TokenRegistry {
  /**
   * Rows of tokens that authenticated, by secret digest: every request with an API token looks
   * its token up, and the shared connection runs one statement at a time. Every change to a
   * token goes through this registry and drops them all.
   */
  private readonly byDigest = new Map<string, TokenRow>();
  /** Moves with every write, so a lookup that began before one keeps nothing it read. */
  private writes = 0;

  constructor(private readonly database: Database) {}

  /** A new row changes no row kept (unknown secrets are not kept): nothing is dropped. */
  async create(input: TokenInput): Promise<ApiToken & { token: string }> {
    const secret = newSecret('xaat-');
    const token = await this.insert(this.database, input, secret);
    return { ...token, token: secret };
  }

  /** Live tokens, oldest first; a regenerated token's predecessor is not listed. */
  async list(): Promise<ApiToken[]> {
    const rows = await this.database.all<TokenRow>('SELECT * FROM api_tokens WHERE NOT retired ORDER BY created, id');
    return rows.map(toApiToken);
  }

  async get(id: string): Promise<ApiToken | undefined> {
    const row = await this.database.one<TokenRow>('SELECT * FROM api_tokens WHERE id = $1 AND NOT retired', [id]);
    return row && toApiToken(row);
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.written(() => this.database.all('DELETE FROM api_tokens WHERE id = $1 AND NOT retired RETURNING id', [id]));
    return rows.length > 0;
  }

  /**
   * Issues a new token (new id and secret) carrying the old one's settings, or `replacement`'s, and
   * retires the old one: unlisted, but its secret keeps working until `existingExpiresAt` (never
   * longer than it would have anyway). `check` sees the new token's settings before anything is
   * written and may throw to refuse them.
   */
  async regenerate(
    id: string,
    existingExpiresAt: Date,
    newExpiresAt: Date | undefined,
    replacement: TokenInput | undefined,
    check: (input: TokenInput) => void,
  ): Promise<(ApiToken & { token: string }) | undefined> {
    return this.written(() => this.database.transaction(async (tx) => {
      const row = await tx.one<TokenRow>('SELECT * FROM api_tokens WHERE id = $1 AND NOT retired', [id]);
      if (!row) return undefined;
      const old = toApiToken(row);
      const input: TokenInput = replacement ?? {
        name: old.name,
        description: old.description,
        expiresAt: newExpiresAt,
        datasetCapabilities: old.datasetCapabilities,
        orgCapabilities: old.orgCapabilities,
      };
      if (replacement && newExpiresAt) input.expiresAt = newExpiresAt;
      check(input);
      const oldExpiry = row.expires_at === null ? undefined : new Date(row.expires_at);
      const retiredAt = oldExpiry && oldExpiry < existingExpiresAt ? oldExpiry : existingExpiresAt;
      await tx.run('UPDATE api_tokens SET retired = true, expires_at = $2 WHERE id = $1', [
        id,
        retiredAt.toISOString(),
      ]);
      const secret = newSecret('xaat-');
      return { ...(await this.insert(tx, input, secret)), token: secret };
    }));
  }

  /** The principal of a live, unexpired token with this secret, if any. */
  async authenticate(secret: string, orgId: string, now = new Date()): Promise<Principal | undefined> {
    const digest = sha256(secret);
    const row = await this.rowOf(digest);
    if (!row || !sameDigest(row.secret_sha256, digest)) return undefined;
    const expiresAt = row.expires_at === null ? undefined : new Date(row.expires_at);
    if (expiresAt !== undefined && expiresAt.getTime() <= now.getTime()) return undefined;
    return {
      kind: 'token',
      tokenId: row.id,
      orgId,
      datasetCapabilities: JSON.parse(row.dataset_capabilities) as DatasetCapabilities,
      orgCapabilities: JSON.parse(row.org_capabilities) as OrgCapabilities,
      ...(expiresAt === undefined ? {} : { expiresAt }),
    };
  }

  /** The row of the token with this digest, live, retired or expired; unknown digests are not kept. */
  private async rowOf(digest: string): Promise<TokenRow | undefined> {
    const cached = this.byDigest.get(digest);
    if (cached) return cached;
    const writes = this.writes;
    const row = await this.database.one<TokenRow>('SELECT * FROM api_tokens WHERE secret_sha256 = $1', [digest]);
    if (row && writes === this.writes) {
      if (this.byDigest.size >= maxCachedTokens) this.byDigest.clear();
      this.byDigest.set(digest, row);
    }
    return row;
  }

  /** Runs a write of tokens; whatever was kept, or read while it ran, is dropped once it has ended. */
  private async written<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.writes++;
      this.byDigest.clear();
    }
  }

  private async insert(db: Queryable, input: TokenInput, secret: string): Promise<ApiToken> {
    const id = randomUUID();
    await db.run(
      `INSERT INTO api_tokens (id, name, description, expires_at, dataset_capabilities, org_capabilities,
         secret_sha256, created, retired) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false)`,
      [
        id,
        input.name,
        input.description,
        input.expiresAt ? input.expiresAt.toISOString() : null,
        JSON.stringify(input.datasetCapabilities),
        JSON.stringify(input.orgCapabilities),
        sha256(secret),
        new Date().toISOString(),
      ],
    );
    return toApiToken({
      id,
      name: input.name,
      description: input.description,
      expires_at: input.expiresAt ? input.expiresAt.toISOString() : null,
      dataset_capabilities: JSON.stringify(input.datasetCapabilities),
      org_capabilities: JSON.stringify(input.orgCapabilities),
      secret_sha256: '',
    });
  }
}

function toApiToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    expiresAt: row.expires_at === null ? null : formatTimestamp(new Date(row.expires_at)),
    datasetCapabilities: JSON.parse(row.dataset_capabilities) as DatasetCapabilities,
    orgCapabilities: JSON.parse(row.org_capabilities) as OrgCapabilities,
    samlAuthenticated: false,
  };
}

function parseActions(value: unknown, field: string, allowed: readonly Action[]): Action[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new HttpError(400, `invalid request body: "${field}" must be an array of actions`);
  }
  const chosen = (value as string[]).filter((item) => item !== '');
  const unknown = chosen.find((item) => !(allowed as readonly string[]).includes(item));
  if (unknown !== undefined) {
    throw new HttpError(400, `invalid request body: "${field}" has unknown action "${unknown}" (allowed: ${allowed.join(', ')})`);
  }
  return chosen.length > 0 ? (chosen as Action[]) : undefined;
}

/** Validates `datasetCapabilities`; null members (Go sends every key) are dropped. */
export function parseDatasetCapabilities(value: unknown): DatasetCapabilities {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new HttpError(400, 'invalid request body: "datasetCapabilities" must be an object');
  const result: DatasetCapabilities = {};
  for (const [dataset, grant] of Object.entries(value)) {
    if (grant === null) continue;
    if (!isObject(grant)) {
      throw new HttpError(400, `invalid request body: "datasetCapabilities.${dataset}" must be an object`);
    }
    const parsed: DatasetCapabilities[string] = {};
    for (const [name, list] of Object.entries(grant)) {
      if (!(datasetCapabilityNames as readonly string[]).includes(name)) {
        throw new HttpError(400, `invalid request body: unknown dataset capability "${name}"`);
      }
      const chosen = parseActions(list, `datasetCapabilities.${dataset}.${name}`, actions);
      if (chosen) parsed[name as keyof typeof parsed] = chosen;
    }
    result[dataset] = parsed;
  }
  return result;
}

/** Validates `orgCapabilities`; null members are dropped. */
export function parseOrgCapabilities(value: unknown): OrgCapabilities {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new HttpError(400, 'invalid request body: "orgCapabilities" must be an object');
  const result: OrgCapabilities = {};
  for (const [area, list] of Object.entries(value)) {
    if (!(orgAreas as readonly string[]).includes(area)) {
      throw new HttpError(400, `invalid request body: unknown org capability area "${area}"`);
    }
    const chosen = parseActions(list, `orgCapabilities.${area}`, actions);
    if (chosen) result[area as keyof OrgCapabilities] = chosen;
  }
  return result;
}
