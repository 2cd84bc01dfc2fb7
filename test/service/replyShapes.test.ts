import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { datasetWithEvents, keysOf, startTestService, type TestService } from './harness.ts';

/**
 * The exact key sets of real replies, as the public service answers them: the official Go client
 * decodes with DisallowUnknownFields, the JS client types what it reads (axiom-api.md §1.1).
 */
const fieldMetaKeys = ['description', 'hidden', 'name', 'type', 'unit'];
const webFields = ['_sysTime', '_time', 'method', 'status', 'uri'];
const structuredRequestKeys = [
  'aggregations', 'continuationToken', 'cursor', 'endTime', 'fieldsMeta', 'filter', 'groupBy', 'includeCursor', 'limit',
  'order', 'project', 'resolution', 'startTime', 'virtualFields',
];

describe('service: reply shapes of the public service', () => {
  let service: TestService;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };

  before(async () => {
    service = await startTestService();
    const ingest = await datasetWithEvents(service, 'web', [
      { _time: '2026-11-20T10:05:00Z', status: 200, method: 'GET', uri: '/a' },
      { _time: '2026-11-20T10:35:00Z', status: 500, method: 'GET', uri: '/b' },
    ]);
    assert.equal(ingest.body.ingested, 2);
    const described = await service.call('PUT', '/v2/datasets/web/fields/status', { body: { description: 'HTTP status', unit: 'none' } });
    assert.equal(described.status, 200);
  });
  after(() => service.stop());

  /** Every field of the dataset once, each with exactly the metadata keys. */
  function assertEveryField(list: { name: string; description: string }[]) {
    assert.deepEqual(list.map((field) => field.name).sort(), webFields);
    for (const field of list) assert.deepEqual(keysOf(field), fieldMetaKeys, field.name);
    assert.equal(list.find((field) => field.name === 'status')!.description, 'HTTP status');
  }

  it('structured query: only status, matches, buckets and fieldsMeta, for events and for aggregates', async () => {
    for (const body of [{}, { aggregations: [{ op: 'count', field: '*', alias: 'n' }], groupBy: ['method'] }]) {
      const reply = await service.call('POST', '/v1/datasets/web/query', { body: { ...range, ...body } });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual(keysOf(reply.body), ['buckets', 'fieldsMeta', 'matches', 'status']);
      assertEveryField(reply.body.fieldsMeta);
    }
  });

  it('APL tabular: its five keys; fieldsMetaMap lists every field of each dataset read', async () => {
    const reply = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['web'] | count", ...range } });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(keysOf(reply.body), ['datasetNames', 'fieldsMetaMap', 'format', 'status', 'tables']);
    assert.deepEqual(keysOf(reply.body.fieldsMetaMap), ['web']);
    assertEveryField(reply.body.fieldsMetaMap.web);
  });

  it('APL legacy: the result keys plus datasetNames, fieldsMetaMap and the full request echo', async () => {
    const reply = await service.call('POST', '/v1/datasets/_apl?format=legacy', { body: { apl: "['web'] | where status == 500", ...range } });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(keysOf(reply.body), ['buckets', 'datasetNames', 'fieldsMetaMap', 'format', 'matches', 'request', 'status']);
    assertEveryField(reply.body.fieldsMetaMap.web);
    assert.deepEqual(keysOf(reply.body.request), structuredRequestKeys);
    assert.deepEqual(reply.body.request.fieldsMeta, []);
  });

  it('annotations: an unset title, description or url is left out of create, get, list and update replies', async () => {
    const bare = await service.call('POST', '/v2/annotations', { body: { datasets: ['web'], type: 'deploy', time: '2026-11-20T10:00:00Z' } });
    assert.equal(bare.status, 201);
    const bareKeys = ['datasets', 'endTime', 'id', 'time', 'type'];
    assert.deepEqual(keysOf(bare.body), bareKeys);
    assert.deepEqual(keysOf((await service.call('GET', `/v2/annotations/${bare.body.id}`)).body), bareKeys);

    const full = await service.call('POST', '/v2/annotations', {
      body: { datasets: ['web'], type: 'deploy', time: '2026-11-20T11:00:00Z', title: 'v2', description: 'text', url: 'https://example.invalid/1' },
    });
    assert.equal(full.status, 201);
    const fullKeys = ['datasets', 'description', 'endTime', 'id', 'time', 'title', 'type', 'url'];
    assert.deepEqual(keysOf(full.body), fullKeys);
    assert.deepEqual(keysOf((await service.call('GET', `/v2/annotations/${full.body.id}`)).body), fullKeys);

    const listed = await service.call('GET', '/v2/annotations?datasets=web');
    assert.deepEqual(listed.body.map(keysOf), [bareKeys, fullKeys]);
    for (const annotation of listed.body) assert.ok(!Object.values(annotation).includes(''), JSON.stringify(annotation));

    const cleared = await service.call('PUT', `/v2/annotations/${full.body.id}`, { body: { title: '', url: '' } });
    assert.equal(cleared.status, 200);
    assert.deepEqual(keysOf(cleared.body), ['datasets', 'description', 'endTime', 'id', 'time', 'type']);
  });

  it('tokens: one that never expires has expiresAt null in the create, get and list replies', async () => {
    const tokenKeys = ['datasetCapabilities', 'description', 'expiresAt', 'id', 'name', 'orgCapabilities', 'samlAuthenticated'];
    for (const expiry of [{}, { expiresAt: null }, { expiresAt: '0001-01-01T00:00:00Z' }]) {
      const created = await service.call('POST', '/v2/tokens', { body: { name: 'forever', ...expiry } });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.deepEqual(keysOf(created.body), [...tokenKeys, 'token'].sort());
      assert.equal(created.body.expiresAt, null);
      const fetched = await service.call('GET', `/v2/tokens/${created.body.id}`);
      assert.deepEqual(keysOf(fetched.body), tokenKeys);
      assert.equal(fetched.body.expiresAt, null);
      const listed = (await service.call('GET', '/v2/tokens')).body.find((token: { id: string }) => token.id === created.body.id);
      assert.deepEqual(listed, fetched.body);
    }
  });
});
