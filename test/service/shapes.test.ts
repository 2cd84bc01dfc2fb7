import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { keysOf, startTestService, type TestService } from './harness.ts';

// Key sets the official Go client accepts in strict decoding (reference §1.1).
const datasetKeys = keysOf({
  id: 0, name: 0, kind: 0, description: 0, who: 0, created: 0, updatedAt: 0, canWrite: 0,
  useRetentionPeriod: 0, retentionDays: 0, mapFields: 0,
});
const tokenKeys = ['datasetCapabilities', 'description', 'expiresAt', 'id', 'name', 'orgCapabilities', 'samlAuthenticated'];
const annotationKeys = ['datasets', 'description', 'endTime', 'id', 'time', 'title', 'type', 'url'];
const orgKeys = keysOf({
  id: 0, name: 0, slug: 0, plan: 0, planCreated: 0, lastUsageSync: 0, role: 0, primaryEmail: 0, license: 0,
  paymentStatus: 0, metaCreated: 0, metaModified: 0,
});
const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d*[1-9])?Z$/;

describe('service: success shapes', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  it('creates, reads, updates, lists and deletes a dataset with exactly the dataset keys', async () => {
    const created = await service.call('POST', '/v2/datasets', { body: { name: 'shapes', description: 'first' } });
    assert.equal(created.status, 200);
    assert.deepEqual(keysOf(created.body), datasetKeys);
    assert.equal(created.body.id, 'shapes');
    assert.equal(created.body.name, 'shapes');
    assert.equal(created.body.kind, 'axiom:events:v1');
    assert.deepEqual(created.body.mapFields, []);
    assert.match(created.body.created, rfc3339);
    assert.match(created.body.updatedAt, rfc3339);

    const updated = await service.call('PUT', '/v2/datasets/shapes', {
      body: { description: 'second', useRetentionPeriod: true, retentionDays: 7 },
    });
    assert.equal(updated.status, 200);
    assert.deepEqual(keysOf(updated.body), datasetKeys);
    assert.equal(updated.body.description, 'second');
    assert.equal(updated.body.retentionDays, 7);
    assert.equal(updated.body.created, created.body.created);

    const fetched = await service.call('GET', '/v2/datasets/shapes');
    assert.deepEqual(fetched.body, updated.body);
    const listed = await service.call('GET', '/v2/datasets');
    assert.equal(listed.status, 200);
    assert.deepEqual(listed.body.find((dataset: { id: string }) => dataset.id === 'shapes'), updated.body);

    const deleted = await service.call('DELETE', '/v2/datasets/shapes');
    assert.equal(deleted.status, 204);
    assert.equal(deleted.body, undefined);
    assert.equal((await service.call('GET', '/v2/datasets/shapes')).status, 404);
  });

  it('re-creates a deleted dataset empty', async () => {
    for (let round = 0; round < 2; round++) {
      assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'again' } })).status, 200);
      const fields = await service.call('GET', '/v2/datasets/again/fields');
      assert.deepEqual(fields.body.map((field: { name: string }) => field.name).sort(), ['_sysTime', '_time']);
      assert.equal((await service.call('DELETE', '/v2/datasets/again')).status, 204);
    }
  });

  it('trims a dataset with a Go duration and answers 204', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'trimmed' } });
    for (const maxDuration of ['1s', '1h0m0s', '1.5h']) {
      const trimmed = await service.call('POST', '/v2/datasets/trimmed/trim', { body: { maxDuration } });
      assert.equal(trimmed.status, 204, maxDuration);
    }
  });

  it('lists and reads fields as name, type, description, unit, hidden', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'fielded' } });
    const fields = await service.call('GET', '/v2/datasets/fielded/fields');
    assert.equal(fields.status, 200);
    for (const field of fields.body) assert.deepEqual(keysOf(field), ['description', 'hidden', 'name', 'type', 'unit']);
    const time = await service.call('GET', '/v2/datasets/fielded/fields/_time');
    assert.deepEqual(time.body, { name: '_time', type: 'datetime', description: '', unit: '', hidden: false });
    const missing = await service.call('GET', '/v2/datasets/fielded/fields/nope');
    assert.equal(missing.status, 404);
    assert.match(missing.body.message, /not found/);
  });

  it('manages map fields as the Go client expects', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'mapped' } });
    assert.deepEqual((await service.call('GET', '/v2/datasets/mapped/mapfields')).body, []);
    const created = await service.call('POST', '/v2/datasets/mapped/mapfields', { body: { name: 'attrs' } });
    assert.deepEqual([created.status, created.body], [200, { name: 'attrs' }]);
    assert.equal((await service.call('POST', '/v2/datasets/mapped/mapfields', { body: { name: 'attrs' } })).status, 409);
    assert.equal((await service.call('POST', '/v2/datasets/mapped/mapfields', { body: { name: '__invalid__' } })).status, 400);
    assert.deepEqual((await service.call('GET', '/v2/datasets/mapped')).body.mapFields, ['attrs']);
    assert.equal((await service.call('PUT', '/v2/datasets/mapped/mapfields', { body: ['dupe', 'dupe'] })).status, 400);
    const replaced = await service.call('PUT', '/v2/datasets/mapped/mapfields', { body: ['a', 'b'] });
    assert.deepEqual(replaced.body, ['a', 'b']);
    assert.equal((await service.call('DELETE', '/v2/datasets/mapped/mapfields/a')).status, 204);
    assert.equal((await service.call('DELETE', '/v2/datasets/mapped/mapfields/a')).status, 404);
    assert.deepEqual((await service.call('PUT', '/v2/datasets/mapped/mapfields', { body: [] })).body, []);
    assert.deepEqual((await service.call('GET', '/v2/datasets/mapped/mapfields')).body, []);
  });

  it('creates a token whose get equals the create response minus the secret', async () => {
    const created = await service.call('POST', '/v2/tokens', {
      body: {
        name: 'ci-ingest',
        description: 'for CI',
        expiresAt: '2099-02-01T00:00:00Z',
        datasetCapabilities: { '*': { ingest: ['create'], query: null } },
        orgCapabilities: { annotations: ['create', 'read'] },
      },
    });
    assert.equal(created.status, 200);
    assert.deepEqual(keysOf(created.body), [...tokenKeys, 'token'].sort());
    assert.match(created.body.token, /^xaat-/);
    assert.equal(created.body.expiresAt, '2099-02-01T00:00:00Z');
    assert.deepEqual(created.body.datasetCapabilities, { '*': { ingest: ['create'] } });
    const { token: _secret, ...withoutSecret } = created.body;
    const fetched = await service.call('GET', `/v2/tokens/${created.body.id}`);
    assert.deepEqual(fetched.body, withoutSecret);
    const listed = await service.call('GET', '/v2/tokens');
    assert.deepEqual(listed.body.find((token: { id: string }) => token.id === created.body.id), withoutSecret);
    for (const token of listed.body) assert.equal('token' in token, false);
    assert.equal((await service.call('DELETE', `/v2/tokens/${created.body.id}`)).status, 204);
    assert.equal((await service.call('GET', `/v2/tokens/${created.body.id}`)).status, 404);
  });

  it('creates, reads, lists, updates and deletes annotations with exactly the annotation keys', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'ann-a' } });
    await service.call('POST', '/v2/datasets', { body: { name: 'ann-b' } });
    const created = await service.call('POST', '/v2/annotations', {
      body: {
        datasets: ['ann-a'],
        type: 'deploy',
        title: 'Release 1.2',
        description: 'text',
        url: 'https://example.invalid/pr/1',
        time: '2026-01-01T00:00:00Z',
      },
    });
    assert.equal(created.status, 201);
    assert.deepEqual(keysOf(created.body), annotationKeys);
    assert.match(created.body.id, /^ann_/);
    assert.equal(created.body.time, '2026-01-01T00:00:00Z');
    assert.equal(created.body.endTime, null);
    assert.deepEqual((await service.call('GET', `/v2/annotations/${created.body.id}`)).body, created.body);

    const updated = await service.call('PUT', `/v2/annotations/${created.body.id}`, {
      body: { datasets: ['ann-b'], endTime: '2026-01-01T01:00:00.5Z' },
    });
    assert.equal(updated.status, 200);
    assert.deepEqual(updated.body, { ...created.body, datasets: ['ann-b'], endTime: '2026-01-01T01:00:00.5Z' });
    assert.deepEqual((await service.call('GET', '/v2/annotations?datasets=ann-a')).body, []);
    assert.deepEqual((await service.call('GET', '/v2/annotations?datasets=ann-a,ann-b')).body, [updated.body]);
    assert.deepEqual((await service.call('GET', '/v2/annotations?datasets=ann-a&datasets=ann-b')).body, [updated.body]);

    assert.equal((await service.call('DELETE', `/v2/annotations/${created.body.id}`)).status, 204);
    assert.equal((await service.call('GET', `/v2/annotations/${created.body.id}`)).status, 404);
  });

  it('filters annotations by start and end, tolerating Go\'s repeated zero start', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'ann-time' } });
    const at = async (time: string, endTime?: string) =>
      (await service.call('POST', '/v2/annotations', { body: { datasets: ['ann-time'], type: 'mark', time, endTime } })).body.id;
    const early = await at('2026-01-01T00:00:00Z');
    const ranged = await at('2026-01-02T00:00:00Z', '2026-01-04T00:00:00Z');
    const late = await at('2026-01-10T00:00:00Z');
    const ids = async (query: string) =>
      (await service.call('GET', `/v2/annotations?datasets=ann-time${query}`)).body.map((a: { id: string }) => a.id);
    assert.deepEqual(await ids(''), [early, ranged, late]);
    assert.deepEqual(await ids('&start=2026-01-03T00:00:00Z'), [ranged, late]);
    assert.deepEqual(await ids('&end=2026-01-03T00:00:00Z'), [early, ranged]);
    assert.deepEqual(await ids('&start=2026-01-03T00:00:00Z&end=2026-01-05T00:00:00Z'), [ranged]);
    assert.deepEqual(await ids('&start=0001-01-01T00:00:00Z&start=0001-01-01T00:00:00Z'), [early, ranged, late]);
  });

  it('answers the identity endpoints the official clients call', async () => {
    const user = await service.call('GET', '/v2/user', { headers: { 'X-Axiom-Org-Id': '' } });
    assert.equal(user.status, 200);
    assert.deepEqual(keysOf(user.body), ['email', 'id', 'name', 'role']);
    assert.deepEqual(keysOf(user.body.role), ['id', 'name']);

    const orgs = await service.call('GET', '/v2/orgs');
    assert.equal(orgs.status, 200);
    assert.equal(orgs.body.length, 1);
    assert.deepEqual(keysOf(orgs.body[0]), orgKeys);
    for (const key of ['planCreated', 'lastUsageSync', 'metaCreated', 'metaModified']) assert.match(orgs.body[0][key], rfc3339);
    assert.ok(['', 'success', 'na', 'failed', 'blocked'].includes(orgs.body[0].paymentStatus));
    const org = await service.call('GET', `/v2/orgs/${orgs.body[0].id}`);
    assert.deepEqual(org.body, orgs.body[0]);
    assert.equal((await service.call('GET', '/v2/orgs/elsewhere')).status, 404);
  });

  it('routes the query endpoints', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'queried' } });
    const apl = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['queried']" } });
    assert.equal(apl.status, 200);
    assert.deepEqual(apl.body.tables[0].columns.map((column: unknown[]) => column.length), [0, 0]);
    const legacy = await service.call('POST', '/v1/datasets/queried/query', { body: {} });
    assert.equal(legacy.status, 200);
    assert.deepEqual(legacy.body.matches, []);
    assert.equal((await service.call('POST', '/v1/datasets/absent/query', { body: {} })).status, 404);
    assert.equal((await service.call('POST', '/v1/datasets/_apl?format=tabular', { rawBody: '' })).status, 422);
  });

  it('puts a trace id and the rate-limit headers on every response, query limits on query responses', async () => {
    for (const [method, path] of [['GET', '/v2/datasets'], ['GET', '/nowhere'], ['POST', '/v1/datasets/_apl']]) {
      const response = await service.call(method!, path!, method === 'POST' ? { body: { apl: 'x' } } : {});
      assert.ok(response.headers.get('x-axiom-trace-id'), `${method} ${path}`);
      for (const name of ['x-ratelimit-scope', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
        assert.ok(response.headers.get(name), `${name} on ${method} ${path}`);
      }
      assert.equal(response.headers.get('x-querylimit-limit') !== null, path === '/v1/datasets/_apl');
    }
  });
});
