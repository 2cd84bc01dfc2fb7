import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

type Grant = { datasetCapabilities?: object; orgCapabilities?: object };

interface Row {
  method: string;
  /** Built per call: each row gets fresh fixtures where it consumes them. */
  request(service: TestService): Promise<{ path: string; body?: unknown; rawBody?: string; headers?: Record<string, string> }>;
  /** The grant an API token needs; undefined when any authenticated caller may call. */
  grant?: Grant;
  allowed: number;
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}`;

async function dataset(service: TestService): Promise<string> {
  const name = unique('auth');
  assert.equal((await service.call('POST', '/v2/datasets', { body: { name } })).status, 200);
  return name;
}

async function token(service: TestService): Promise<string> {
  return (await service.call('POST', '/v2/tokens', { body: { name: unique('t') } })).body.id;
}

async function annotation(service: TestService): Promise<string> {
  const name = await dataset(service);
  return (await service.call('POST', '/v2/annotations', { body: { datasets: [name], type: 'deploy' } })).body.id;
}

const org = (area: string, action: string): Grant => ({ orgCapabilities: { [area]: [action] } });
const onDataset = (name: string, capability: string, action: string): Grant => ({
  datasetCapabilities: { [name]: { [capability]: [action] } },
});

const ndjson = { 'Content-Type': 'application/x-ndjson' };

// Dataset capabilities are granted on "*" here; per-dataset grants have their own tests below.
const rows: Record<string, Row> = {
  'list datasets': { method: 'GET', request: async () => ({ path: '/v2/datasets' }), grant: org('datasets', 'read'), allowed: 200 },
  'create dataset': {
    method: 'POST',
    request: async () => ({ path: '/v2/datasets', body: { name: unique('new') } }),
    grant: org('datasets', 'create'),
    allowed: 200,
  },
  'get dataset': { method: 'GET', request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}` }), grant: org('datasets', 'read'), allowed: 200 },
  'update dataset': {
    method: 'PUT',
    request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}`, body: { description: 'x' } }),
    grant: org('datasets', 'update'),
    allowed: 200,
  },
  'delete dataset': { method: 'DELETE', request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}` }), grant: org('datasets', 'delete'), allowed: 204 },
  'trim dataset': {
    method: 'POST',
    request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/trim`, body: { maxDuration: '1h' } }),
    grant: onDataset('*', 'trim', 'update'),
    allowed: 204,
  },
  'vacuum dataset': {
    method: 'POST',
    request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/vacuum` }),
    grant: onDataset('*', 'vacuum', 'update'),
    allowed: 200,
  },
  'list fields': { method: 'GET', request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/fields` }), grant: onDataset('*', 'query', 'read'), allowed: 200 },
  'get field': { method: 'GET', request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/fields/_time` }), grant: onDataset('*', 'query', 'read'), allowed: 200 },
  'update field': {
    method: 'PUT',
    request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/fields/_time`, body: { description: 'when' } }),
    grant: org('datasets', 'update'),
    allowed: 200,
  },
  'list map fields': { method: 'GET', request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/mapfields` }), grant: org('datasets', 'read'), allowed: 200 },
  'create map field': {
    method: 'POST',
    request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/mapfields`, body: { name: 'attrs' } }),
    grant: org('datasets', 'update'),
    allowed: 200,
  },
  'replace map fields': {
    method: 'PUT',
    request: async (s) => ({ path: `/v2/datasets/${await dataset(s)}/mapfields`, body: ['a'] }),
    grant: org('datasets', 'update'),
    allowed: 200,
  },
  'delete map field': {
    method: 'DELETE',
    request: async (s) => {
      const name = await dataset(s);
      await s.call('POST', `/v2/datasets/${name}/mapfields`, { body: { name: 'attrs' } });
      return { path: `/v2/datasets/${name}/mapfields/attrs` };
    },
    grant: org('datasets', 'update'),
    allowed: 204,
  },
  'list datasets (v1)': { method: 'GET', request: async () => ({ path: '/v1/datasets' }), grant: org('datasets', 'read'), allowed: 200 },
  'create dataset (v1)': {
    method: 'POST',
    request: async () => ({ path: '/v1/datasets', body: { name: unique('new-v1') } }),
    grant: org('datasets', 'create'),
    allowed: 200,
  },
  'get dataset (v1)': { method: 'GET', request: async (s) => ({ path: `/v1/datasets/${await dataset(s)}` }), grant: org('datasets', 'read'), allowed: 200 },
  'update dataset (v1)': {
    method: 'PUT',
    request: async (s) => ({ path: `/v1/datasets/${await dataset(s)}`, body: { description: 'x' } }),
    grant: org('datasets', 'update'),
    allowed: 200,
  },
  'delete dataset (v1)': { method: 'DELETE', request: async (s) => ({ path: `/v1/datasets/${await dataset(s)}` }), grant: org('datasets', 'delete'), allowed: 204 },
  'trim dataset (v1)': {
    method: 'POST',
    request: async (s) => ({ path: `/v1/datasets/${await dataset(s)}/trim`, body: { maxDuration: '1h' } }),
    grant: onDataset('*', 'trim', 'update'),
    allowed: 200,
  },
  ingest: {
    method: 'POST',
    request: async (s) => ({ path: `/v1/datasets/${await dataset(s)}/ingest`, rawBody: '{"a":1}\n', headers: ndjson }),
    grant: onDataset('*', 'ingest', 'create'),
    allowed: 200,
  },
  'APL query': {
    method: 'POST',
    request: async (s) => ({ path: '/v1/datasets/_apl?format=tabular', body: { apl: `['${await dataset(s)}']` } }),
    grant: onDataset('*', 'query', 'read'),
    allowed: 200,
  },
  'APL query at the edge path': {
    method: 'POST',
    request: async (s) => ({ path: '/v1/query/_apl?format=tabular', body: { apl: `['${await dataset(s)}']` } }),
    grant: onDataset('*', 'query', 'read'),
    allowed: 200,
  },
  'legacy query': {
    method: 'POST',
    request: async (s) => ({ path: `/v1/datasets/${await dataset(s)}/query`, body: {} }),
    grant: onDataset('*', 'query', 'read'),
    allowed: 200,
  },
  'list tokens': { method: 'GET', request: async () => ({ path: '/v2/tokens' }), grant: org('apiTokens', 'read'), allowed: 200 },
  'create token': { method: 'POST', request: async () => ({ path: '/v2/tokens', body: { name: unique('t') } }), grant: org('apiTokens', 'create'), allowed: 200 },
  'get token': { method: 'GET', request: async (s) => ({ path: `/v2/tokens/${await token(s)}` }), grant: org('apiTokens', 'read'), allowed: 200 },
  'delete token': { method: 'DELETE', request: async (s) => ({ path: `/v2/tokens/${await token(s)}` }), grant: org('apiTokens', 'delete'), allowed: 204 },
  'regenerate token': {
    method: 'POST',
    request: async (s) => ({
      path: `/v2/tokens/${await token(s)}/regenerate`,
      body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z', newTokenExpiresAt: '2099-02-01T00:00:00Z' },
    }),
    grant: org('apiTokens', 'update'),
    allowed: 200,
  },
  'create annotation': {
    method: 'POST',
    request: async (s) => ({ path: '/v2/annotations', body: { datasets: [await dataset(s)], type: 'deploy' } }),
    grant: org('annotations', 'create'),
    allowed: 201,
  },
  'list annotations': { method: 'GET', request: async () => ({ path: '/v2/annotations' }), grant: org('annotations', 'read'), allowed: 200 },
  'get annotation': { method: 'GET', request: async (s) => ({ path: `/v2/annotations/${await annotation(s)}` }), grant: org('annotations', 'read'), allowed: 200 },
  'update annotation': {
    method: 'PUT',
    request: async (s) => ({ path: `/v2/annotations/${await annotation(s)}`, body: { title: 'new' } }),
    grant: org('annotations', 'update'),
    allowed: 200,
  },
  'delete annotation': { method: 'DELETE', request: async (s) => ({ path: `/v2/annotations/${await annotation(s)}` }), grant: org('annotations', 'delete'), allowed: 204 },
  'get user': { method: 'GET', request: async () => ({ path: '/v2/user' }), allowed: 200 },
  'rename user': { method: 'PUT', request: async () => ({ path: '/v2/user', body: { name: 'Admin' } }), grant: org('users', 'update'), allowed: 200 },
  'get user (v1)': { method: 'GET', request: async () => ({ path: '/v1/user' }), allowed: 200 },
  'list orgs': { method: 'GET', request: async () => ({ path: '/v2/orgs' }), allowed: 200 },
  'get org': { method: 'GET', request: async () => ({ path: '/v2/orgs/local' }), allowed: 200 },
};

describe('service: auth matrix', () => {
  let service: TestService;
  let expired: string;
  let powerless: string;
  before(async () => {
    service = await startTestService();
    // Every capability there is, but expired (a token cannot be created already expired).
    const expiresAt = new Date(Date.now() + 1000);
    expired = (
      await service.call('POST', '/v2/tokens', {
        body: {
          name: 'expired',
          expiresAt: expiresAt.toISOString(),
          datasetCapabilities: { '*': { query: ['read'], trim: ['update'], vacuum: ['update'], ingest: ['create'] } },
          orgCapabilities: {
            datasets: ['create', 'read', 'update', 'delete'],
            apiTokens: ['create', 'read', 'update', 'delete'],
            annotations: ['create', 'read', 'update', 'delete'],
            users: ['update'],
          },
        },
      })
    ).body.token;
    powerless = (await service.call('POST', '/v2/tokens', { body: { name: 'powerless' } })).body.token;
    assert.equal(typeof expired, 'string');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt.getTime() - Date.now() + 50)));
  });
  after(() => service.stop());

  const grantedToken = async (grant: Grant) =>
    (await service.call('POST', '/v2/tokens', { body: { name: unique('granted'), ...grant } })).body.token as string;

  for (const [name, row] of Object.entries(rows)) {
    describe(name, () => {
      const attempt = async (token: string | null) => {
        const { path, body, rawBody, headers } = await row.request(service);
        return service.call(row.method, path, { token, body, rawBody, headers });
      };
      it('401 without a token', async () => {
        const response = await attempt(null);
        assert.equal(response.status, 401);
        assert.deepEqual(Object.keys(response.body).sort(), ['code', 'message']);
      });
      it('401 with an unknown token', async () => {
        assert.equal((await attempt('xaat-not-a-real-token')).status, 401);
        assert.equal((await attempt('xapt-123')).status, 401);
        assert.equal((await attempt('no-prefix')).status, 401);
      });
      it('401 with an expired token', async () => {
        assert.equal((await attempt(expired)).status, 401);
      });
      if (row.grant) {
        it('403 with a token lacking the capability', async () => {
          const response = await attempt(powerless);
          assert.equal(response.status, 403);
          assert.match(response.body.message, /capability/);
        });
      }
      it(`${row.allowed} with a token holding the capability`, async () => {
        const allowedToken = row.grant ? await grantedToken(row.grant) : powerless;
        assert.equal((await attempt(allowedToken)).status, row.allowed);
      });
      it(`${row.allowed} with the personal token`, async () => {
        assert.equal((await attempt(service.adminToken)).status, row.allowed);
      });
    });
  }

  it('checks dataset capabilities per dataset', async () => {
    const mine = await dataset(service);
    const theirs = await dataset(service);
    const scoped = await grantedToken(onDataset(mine, 'trim', 'update'));
    const body = { maxDuration: '1h' };
    assert.equal((await service.call('POST', `/v2/datasets/${mine}/trim`, { token: scoped, body })).status, 204);
    const refused = await service.call('POST', `/v2/datasets/${theirs}/trim`, { token: scoped, body });
    assert.equal(refused.status, 403);
    assert.match(refused.body.message, new RegExp(theirs));
  });

  it('does not let one org capability stand in for another action', async () => {
    const reader = await grantedToken(org('datasets', 'read'));
    assert.equal((await service.call('GET', '/v2/datasets', { token: reader })).status, 200);
    assert.equal((await service.call('POST', '/v2/datasets', { token: reader, body: { name: unique('no') } })).status, 403);
  });

  it('checks X-Axiom-Org-Id for the personal token', async () => {
    const wrong = await service.call('GET', '/v2/datasets', { headers: { 'X-Axiom-Org-Id': 'other' } });
    assert.equal(wrong.status, 403);
    assert.match(wrong.body.message, /other/);
    const missing = await service.call('GET', '/v2/datasets', { headers: { 'X-Axiom-Org-Id': '' } });
    assert.equal(missing.status, 403);
    assert.match(missing.body.message, /X-Axiom-Org-Id/);
    // The Go client drops the header on the identity endpoints.
    assert.equal((await service.call('GET', '/v2/user', { headers: { 'X-Axiom-Org-Id': '' } })).status, 200);
    // API tokens need no org header.
    assert.equal((await service.call('GET', '/v2/user', { token: powerless })).status, 200);
  });
});
