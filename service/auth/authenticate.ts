/** Turns a request's `Authorization` (and, for personal tokens, `X-Axiom-Org-Id`) into a principal. */
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../http/types.ts';
import type { Principal } from './capabilities.ts';
import { localUser, type Credentials } from './personal.ts';
import { sameDigest, sha256 } from './secrets.ts';
import type { TokenRegistry } from './tokens.ts';

export interface Authenticator {
  /** `orgHeaderOptional`: identity endpoints the clients call without the org header. */
  authenticate(headers: IncomingHttpHeaders, orgHeaderOptional: boolean): Promise<Principal>;
}

export function createAuthenticator(credentials: Credentials, tokens: TokenRegistry): Authenticator {
  const personal = sha256(credentials.token);
  return {
    async authenticate(headers, orgHeaderOptional) {
      const authorization = headers.authorization;
      if (!authorization) throw new HttpError(401, 'missing Authorization header: expected "Bearer <token>"');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
      if (!match) throw new HttpError(401, 'malformed Authorization header: expected "Bearer <token>"');
      const secret = match[1]!;
      if (secret.startsWith('xapt-')) {
        if (!sameDigest(sha256(secret), personal)) throw new HttpError(401, 'invalid token');
        const org = headerValue(headers['x-axiom-org-id']);
        if (org === undefined && !orgHeaderOptional) {
          throw new HttpError(403, `personal tokens need the X-Axiom-Org-Id header (this service's organisation is "${credentials.orgId}")`);
        }
        if (org !== undefined && org !== credentials.orgId) {
          throw new HttpError(403, `organisation "${org}" not found: this service has only "${credentials.orgId}"`);
        }
        return { kind: 'personal', userId: localUser.id, orgId: credentials.orgId };
      }
      if (secret.startsWith('xaat-')) {
        const principal = await tokens.authenticate(secret, credentials.orgId);
        if (principal) return principal;
        throw new HttpError(401, 'invalid or expired token');
      }
      throw new HttpError(401, 'invalid token: expected an "xaat-" API token or an "xapt-" personal token');
    },
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? undefined : first;
}
