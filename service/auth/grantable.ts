/**
 * Which capabilities a caller may hand to a token it creates or regenerates: an API token only
 * those it holds itself (else a token allowed to create tokens could mint an all-powerful one);
 * a personal token anything.
 */
import { HttpError } from '../http/types.ts';
import { datasetCapability, describeCapability, holds, orgCapability, type Action, type DatasetCapabilityName, type OrgArea, type Principal } from './capabilities.ts';
import type { TokenInput } from './tokens.ts';

export type Grant = Pick<TokenInput, 'datasetCapabilities' | 'orgCapabilities' | 'expiresAt'>;

/** Throws a 403 naming the first capability (or expiry) in `grant` that the caller does not hold. */
export function assertGrantable(principal: Principal, grant: Grant): void {
  const missing = firstNotHeld(principal, grant);
  if (missing !== undefined) {
    throw new HttpError(403, `forbidden: a token cannot grant ${missing}, which it does not hold itself`);
  }
}

function firstNotHeld(principal: Principal, grant: Grant): string | undefined {
  if (principal.kind === 'personal') return undefined;
  for (const [area, granted] of Object.entries(grant.orgCapabilities) as [OrgArea, Action[]][]) {
    const action = granted.find((candidate) => !holds(principal, orgCapability(area, candidate)));
    if (action !== undefined) return `the capability ${describeCapability(orgCapability(area, action))}`;
  }
  // A grant on "*" needs the caller's own "*" grant; one on a named dataset is covered by either (see holds).
  for (const [dataset, capabilities] of Object.entries(grant.datasetCapabilities)) {
    for (const [name, granted] of Object.entries(capabilities) as [DatasetCapabilityName, Action[]][]) {
      const action = granted.find((candidate) => !holds(principal, datasetCapability(name, candidate), dataset));
      if (action !== undefined) return `the capability ${describeCapability(datasetCapability(name, action))} on dataset "${dataset}"`;
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
