/**
 * `/v2/user`, `/v2/orgs`, `/v2/orgs/{id}`: the one user and organisation of this service, as far as
 * the official clients' identity checks read them.
 */
import { localOrg, localUser } from '../auth/personal.ts';
import { notFound, type Route } from '../http/types.ts';

/** A fixed, valid moment for the organisation's timestamps (the clients only parse them). */
const epoch = '2026-01-01T00:00:00Z';

const user = { id: localUser.id, name: localUser.name, email: localUser.email, role: { id: 'owner', name: 'Owner' } };

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
    handler: async () => ({ status: 200, body: user }),
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
