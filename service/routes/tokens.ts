/** `/v2/tokens…`: API token create, list, get, delete, regenerate. */
import { orgCapability } from '../auth/capabilities.ts';
import { assertGrantable } from '../auth/grantable.ts';
import { parseDatasetCapabilities, parseOrgCapabilities, type TokenInput } from '../auth/tokens.ts';
import { HttpError, notFound, type Route } from '../http/types.ts';
import { expectObject, optionalString, optionalTimestamp, requiredString, type JsonObject } from '../http/validate.ts';

/** An optional expiry, refused when it has already passed: such a token could never be used. */
function futureTimestamp(body: JsonObject, field: string): Date | undefined {
  const date = optionalTimestamp(body, field);
  if (date !== undefined && date.getTime() <= Date.now()) {
    throw new HttpError(400, `invalid request body: "${field}" must be in the future, got ${date.toISOString()}`);
  }
  return date;
}

function tokenInput(body: JsonObject): TokenInput {
  return {
    name: requiredString(body, 'name'),
    description: optionalString(body, 'description') ?? '',
    expiresAt: futureTimestamp(body, 'expiresAt'),
    datasetCapabilities: parseDatasetCapabilities(body.datasetCapabilities),
    orgCapabilities: parseOrgCapabilities(body.orgCapabilities),
  };
}

export const tokenRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/tokens',
    capability: orgCapability('apiTokens', 'read'),
    handler: async (context) => ({ status: 200, body: await context.services.tokens.list() }),
  },
  {
    method: 'POST',
    path: '/v2/tokens',
    capability: orgCapability('apiTokens', 'create'),
    handler: async (context) => {
      const input = tokenInput(expectObject(await context.json()));
      assertGrantable(context.principal, input);
      return { status: 200, body: await context.services.tokens.create(input) };
    },
  },
  {
    method: 'GET',
    path: '/v2/tokens/:id',
    capability: orgCapability('apiTokens', 'read'),
    handler: async (context) => {
      const token = await context.services.tokens.get(context.params.id!);
      if (!token) throw notFound(`token "${context.params.id}"`);
      return { status: 200, body: token };
    },
  },
  {
    method: 'DELETE',
    path: '/v2/tokens/:id',
    capability: orgCapability('apiTokens', 'delete'),
    handler: async (context) => {
      if (!(await context.services.tokens.delete(context.params.id!))) throw notFound(`token "${context.params.id}"`);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/v2/tokens/:id/regenerate',
    capability: orgCapability('apiTokens', 'update'),
    handler: async (context) => {
      const body = expectObject(await context.json());
      if (body.existingTokenExpiresAt === undefined || body.existingTokenExpiresAt === null) {
        throw new HttpError(400, 'invalid request body: "existingTokenExpiresAt" is required');
      }
      // A zero time means "now": the old secret stops working at once.
      const existingExpiresAt = optionalTimestamp(body, 'existingTokenExpiresAt') ?? new Date();
      const replacement =
        body.newToken === undefined || body.newToken === null
          ? undefined
          : tokenInput(expectObject(body.newToken, '"newToken"'));
      const regenerated = await context.services.tokens.regenerate(
        context.params.id!,
        existingExpiresAt,
        futureTimestamp(body, 'newTokenExpiresAt'),
        replacement,
        // Regenerating hands out a secret for the new token's capabilities, so the caller must hold them.
        (input) => assertGrantable(context.principal, input),
      );
      if (!regenerated) throw notFound(`token "${context.params.id}"`);
      return { status: 200, body: regenerated };
    },
  },
];
