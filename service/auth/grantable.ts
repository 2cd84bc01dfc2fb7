/**
 * Which capabilities a caller may hand to a token it creates or regenerates: an API token only
 * those it holds itself (else a token allowed to create tokens could mint an all-powerful one);
 * a personal token anything.
 */
import { HttpError } from '../http/types.ts';
import type { Action, DatasetCapabilities, OrgCapabilities, Principal } from './capabilities.ts';

export interface Grant {
  datasetCapabilities: DatasetCapabilities;
  orgCapabilities: OrgCapabilities;
  expiresAt: Date | undefined;
}

/** Throws a 403 naming the first capability (or expiry) in `grant` that the caller does not hold. */
export function assertGrantable(principal: Principal, grant: Grant): void {
  const missing = firstNotHeld(principal, grant);
  if (missing !== undefined) {
    throw new HttpError(403, `forbidden: a token cannot grant ${missing}, which it does not hold itself`);
  }
}

function firstNotHeld(principal: Principal, grant: Grant): string | undefined {
  if (principal.kind === 'personal') return undefined;
  for (const [area, granted] of Object.entries(grant.orgCapabilities) as [string, Action[]][]) {
    const held = principal.orgCapabilities[area as keyof OrgCapabilities] ?? [];
    const action = granted.find((candidate) => !held.includes(candidate));
    if (action !== undefined) return `the capability ${area}|${action}`;
  }
  for (const [dataset, capabilities] of Object.entries(grant.datasetCapabilities)) {
    // A grant on "*" needs the caller's own "*" grant; one on a named dataset is covered by either.
    const sources = [principal.datasetCapabilities['*'], dataset === '*' ? undefined : principal.datasetCapabilities[dataset]];
    for (const [name, granted] of Object.entries(capabilities) as [string, Action[]][]) {
      const held = new Set(sources.flatMap((source) => source?.[name as keyof typeof source] ?? []));
      const action = granted.find((candidate) => !held.has(candidate));
      if (action !== undefined) return `the capability ${name}|${action} on dataset "${dataset}"`;
    }
  }
  // Minting a token that outlives the caller would extend the caller's own reach in time.
  if (principal.expiresAt !== undefined) {
    if (grant.expiresAt === undefined) return 'a token without expiry (its own expires)';
    if (grant.expiresAt.getTime() > principal.expiresAt.getTime()) {
      return `an expiry after its own (${principal.expiresAt.toISOString()})`;
    }
  }
  return undefined;
}
