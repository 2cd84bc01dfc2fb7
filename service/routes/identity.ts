/**
 * `/v2/user` (read and rename), the older `/v1/user`, `/v2/orgs`, `/v2/orgs/{id}`: the one user and
 * organisation of this service, as far as the official clients' identity checks read them.
 */
import { orgCapability } from '../auth/capabilities.ts';
import { localOrg, localUser } from '../auth/personal.ts';
import { notFound, type Route } from '../http/types.ts';
import { expectObject, requiredString } from '../http/validate.ts';
import type { User } from '../store/users.ts';

/** A fixed, valid moment for the organisation's timestamps (the clients only parse them). */
const epoch = '2026-01-01T00:00:00Z';

const role = { id: 'owner', name: 'Owner' };

const v2User = (user: User) => ({ id: user.id, name: user.name, email: user.email, role });

const organisation = {
  id: localOrg.id,
  name: localOrg.name,
  slug: localOrg.slug,
  plan: 'personal',
  planCreated: epoch,
  lastUsageSync: epoch,
  role: 'owner',
  primaryEmail: localUser.email,
  license: {
    id: 'local',
    issuer: 'apl serve',
    issuedTo: localOrg.id,
    issuedAt: epoch,
    validFrom: epoch,
    expiresAt: '2100-01-01T00:00:00Z',
    tier: 'personal',
    dailyIngestGb: 0,
    maxUsers: 1,
    maxTeams: 0,
    maxDatasets: 0,
    maxQueriesPerSecond: 0,
    maxQueryWindowSeconds: 0,
    maxAuditWindowSeconds: 0,
    withRBAC: false,
    withAuths: [],
    error: '',
  },
  paymentStatus: 'na',
  metaCreated: epoch,
  metaModified: epoch,
};

export const identityRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/user',
    orgHeaderOptional: true,
    handler: async (context) => ({ status: 200, body: v2User(await context.services.users.current()) }),
  },
  {
    method: 'PUT',
    path: '/v2/user',
    orgHeaderOptional: true,
    // The reference asks no capability of the user themself; an API token is not the user, so it
    // needs the users area's update.
    capability: orgCapability('users', 'update'),
    handler: async (context) => {
      const name = requiredString(expectObject(await context.json()), 'name');
      return { status: 200, body: v2User(await context.services.users.rename(name)) };
    },
  },
  {
    method: 'GET',
    path: '/v1/user',
    orgHeaderOptional: true,
    handler: async (context) => {
      const user = await context.services.users.current();
      return { status: 200, body: { id: user.id, name: user.name, email: user.email, role: role.id, permissions: [] } };
    },
  },
  {
    method: 'GET',
    path: '/v2/orgs',
    orgHeaderOptional: true,
    handler: async () => ({ status: 200, body: [organisation] }),
  },
  {
    method: 'GET',
    path: '/v2/orgs/:id',
    orgHeaderOptional: true,
    handler: async (context) => {
      if (context.params.id !== localOrg.id) throw notFound(`organisation "${context.params.id}"`);
      return { status: 200, body: organisation };
    },
  },
];
