import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AxiomWithoutBatching } from '@axiomhq/js';
import { startTestService, type TestService } from './harness.ts';

const all = ['create', 'read', 'update', 'delete'];

describe('service: the official JS client @axiomhq/js', () => {
  let service: TestService;
  let client: AxiomWithoutBatching;
  before(async () => {
    service = await startTestService();
    const created = await service.call('POST', '/v2/tokens', {
      body: {
        name: 'axiom-js',
        datasetCapabilities: { '*': { ingest: ['create'], query: ['read'], trim: ['update'] } },
        orgCapabilities: { datasets: all, annotations: all },
      },
    });
    client = new AxiomWithoutBatching({ token: created.body.token, url: service.url });
  });
  after(() => service.stop());

  it('creates, gets and lists datasets', async () => {
    const created = await client.datasets.create({ name: 'test-axiom-js-local', description: 'from the JS client' });
    assert.equal(created.name, 'test-axiom-js-local');
    const fetched = await client.datasets.get('test-axiom-js-local');
    assert.deepEqual(fetched, created);
    const listed = await client.datasets.list();
    assert.ok(listed.some((dataset) => dataset.name === 'test-axiom-js-local'));
  });

  it('ingests (NDJSON, gzip) and the events become fields of the dataset', async () => {
    const status = await client.ingest('test-axiom-js-local', [
      { service: 'checkout', status: 200 },
      { service: 'cart', status: 500, geo: { city: 'Berlin' } },
    ]);
    assert.equal(status.ingested, 2);
    assert.equal(status.failed, 0);
    assert.equal(status.failures?.length, 0);
    const fields = await service.call('GET', '/v2/datasets/test-axiom-js-local/fields');
    const names = fields.body.map((field: { name: string }) => field.name);
    for (const name of ['service', 'status', 'geo.city']) assert.ok(names.includes(name), name);
  });

  it('reports a missing dataset in a way the JS integration helpers recognise', async () => {
    await assert.rejects(client.datasets.get('absent'), /not found/i);
  });

  it('creates and lists annotations filtered by dataset', async () => {
    await client.datasets.create({ name: 'test-axiom-js-other', description: '' });
    const created = await client.annotations.create({
      datasets: ['test-axiom-js-local'],
      type: 'deploy',
      title: 'Release 1.2',
      time: '2026-01-01T00:00:00Z',
    });
    assert.match(created.id, /^ann_/);
    await client.annotations.create({ datasets: ['test-axiom-js-other'], type: 'deploy', title: 'elsewhere' });
    const mine = await client.annotations.list({ datasets: ['test-axiom-js-local'] });
    assert.deepEqual(mine.map((annotation) => annotation.id), [created.id]);
    const both = await client.annotations.list({ datasets: ['test-axiom-js-local', 'test-axiom-js-other'] });
    assert.equal(both.length, 2);
    const updated = await client.annotations.update(created.id, { title: 'Release 1.3' });
    assert.equal(updated.title, 'Release 1.3');
    const deleted = await client.annotations.delete(created.id);
    assert.equal(deleted.status, 204);
  });

  it('answers its queries with the public keys only: structured, APL tabular and APL legacy', async () => {
    const range = { startTime: '2000-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z' };
    const structured = await client.queryLegacy('test-axiom-js-local', { ...range, resolution: 'auto' });
    assert.deepEqual(Object.keys(structured).sort(), ['buckets', 'fieldsMeta', 'matches', 'status']);
    assert.equal(structured.matches?.length, 2);
    const tabular = await client.query("['test-axiom-js-local'] | count", range);
    assert.deepEqual(Object.keys(tabular).sort(), ['datasetNames', 'fieldsMetaMap', 'format', 'status', 'tables']);
    const fields = tabular.fieldsMetaMap['test-axiom-js-local']!;
    for (const name of ['service', 'status', 'geo.city']) assert.ok(fields.some((field) => field.name === name), name);
    for (const field of fields) assert.deepEqual(Object.keys(field).sort(), ['description', 'hidden', 'name', 'type', 'unit']);
    const legacy = await client.query("['test-axiom-js-local']", { ...range, format: 'legacy' });
    assert.deepEqual(Object.keys(legacy).sort(), ['buckets', 'datasetNames', 'fieldsMetaMap', 'format', 'matches', 'request', 'status']);
  });

  it('gets an annotation without title, description or url with those keys left out', async () => {
    const created = await client.annotations.create({ datasets: ['test-axiom-js-local'], type: 'mark' });
    const fetched = await client.annotations.get(created.id);
    assert.deepEqual(fetched, created);
    assert.deepEqual(Object.keys(fetched).sort(), ['datasets', 'endTime', 'id', 'time', 'type']);
    await client.annotations.delete(created.id);
  });

  it('trims and deletes a dataset', async () => {
    const trimmed = await client.datasets.trim('test-axiom-js-local', '1h');
    assert.equal((trimmed as unknown as Response).status, 204);
    const deleted = await client.datasets.delete('test-axiom-js-local');
    assert.equal((deleted as unknown as Response).status, 204);
    await assert.rejects(client.datasets.get('test-axiom-js-local'), /not found/i);
  });
});
