/**
 * The endpoints beyond what the official clients' tests call: field metadata (PUT fields), vacuum,
 * renaming the user, `/v1/user`, and the legacy `/v1/datasets` CRUD and trim — shapes key by key.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { keysOf, startTestService, type TestService } from './harness.ts';

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d*[1-9])?Z$/;
const fieldKeys = ['description', 'hidden', 'name', 'type', 'unit'];
const v1DatasetKeys = ['created', 'description', 'id', 'name', 'who'];
const ndjson = { 'Content-Type': 'application/x-ndjson' };

describe('service: field metadata, vacuum, user, legacy datasets', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  const ingest = (dataset: string, lines: object[]) =>
    service.call('POST', `/v1/datasets/${dataset}/ingest`, {
      rawBody: lines.map((line) => JSON.stringify(line)).join('\n'),
      headers: ndjson,
    });

  describe('PUT /v2/datasets/{id}/fields/{field}', () => {
    it('stores description, unit and hidden, answers the field, and lists it so', async () => {
      await service.call('POST', '/v2/datasets', { body: { name: 'described' } });
      await ingest('described', [{ duration: 1.5, path: '/a' }]);
      const updated = await service.call('PUT', '/v2/datasets/described/fields/duration', {
        body: { name: 'duration', type: 'float', description: 'request time', unit: 's', hidden: false },
      });
      assert.equal(updated.status, 200);
      assert.deepEqual(keysOf(updated.body), fieldKeys);
      assert.deepEqual(updated.body, { name: 'duration', type: 'float', description: 'request time', unit: 's', hidden: false });
      assert.deepEqual((await service.call('GET', '/v2/datasets/described/fields/duration')).body, updated.body);
      const listed = (await service.call('GET', '/v2/datasets/described/fields')).body as { name: string }[];
      assert.deepEqual(listed.find((field) => field.name === 'duration'), updated.body);
      // Other fields are untouched.
      assert.deepEqual(listed.find((field) => field.name === 'path'), {
        name: 'path', type: 'string', description: '', unit: '', hidden: false,
      });
    });

    it('reports every field, with its metadata, in the fieldsMetaMap of APL results, in both formats', async () => {
      await service.call('POST', '/v2/datasets', { body: { name: 'metamap' } });
      await ingest('metamap', [{ latency: 2.5 }]);
      // Answered once before a field is added or described: what the service keeps of it must not outlive either.
      const first = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['metamap'] | count" } });
      const firstFields = (first.body as { fieldsMetaMap: { metamap: { name: string; unit: string }[] } }).fieldsMetaMap.metamap;
      assert.deepEqual(firstFields.map((field) => `${field.name}:${field.unit}`).sort(), ['_sysTime:', '_time:', 'latency:']);
      await ingest('metamap', [{ route: '/b' }]);
      await service.call('PUT', '/v2/datasets/metamap/fields/latency', { body: { description: 'time to answer', unit: 'ms' } });
      for (const format of ['tabular', 'legacy']) {
        const answer = await service.call('POST', `/v1/datasets/_apl?format=${format}`, { body: { apl: "['metamap'] | count" } });
        assert.equal(answer.status, 200);
        const { metamap } = (answer.body as { fieldsMetaMap: { metamap: { name: string }[] } }).fieldsMetaMap;
        assert.deepEqual(metamap.map((field) => field.name).sort(), ['_sysTime', '_time', 'latency', 'route']);
        assert.deepEqual(metamap.find((field) => field.name === 'latency'), { name: 'latency', type: 'float', description: 'time to answer', unit: 'ms', hidden: false });
        assert.deepEqual(metamap.find((field) => field.name === 'route'), { name: 'route', type: 'string', description: '', unit: '', hidden: false });
      }
    });

    it('keeps what a partial body leaves out', async () => {
      await service.call('POST', '/v2/datasets', { body: { name: 'partial' } });
      await ingest('partial', [{ bytes: 10 }]);
      await service.call('PUT', '/v2/datasets/partial/fields/bytes', { body: { description: 'size', unit: 'By' } });
      const hidden = await service.call('PUT', '/v2/datasets/partial/fields/bytes', { body: { hidden: true } });
      assert.deepEqual(hidden.body, { name: 'bytes', type: 'integer', description: 'size', unit: 'By', hidden: true });
    });

    it('refuses a rename, a different type, wrong value types and unknown fields or datasets', async () => {
      await service.call('POST', '/v2/datasets', { body: { name: 'strict-fields' } });
      await ingest('strict-fields', [{ status: 200 }]);
      const path = '/v2/datasets/strict-fields/fields/status';
      const renamed = await service.call('PUT', path, { body: { name: 'code' } });
      assert.equal(renamed.status, 400);
      assert.match(renamed.body.message, /renamed/);
      const retyped = await service.call('PUT', path, { body: { type: 'string' } });
      assert.equal(retyped.status, 400);
      assert.match(retyped.body.message, /integer/);
      const wrongType = await service.call('PUT', path, { body: { hidden: 'yes' } });
      assert.equal(wrongType.status, 400);
      assert.match(wrongType.body.message, /"hidden" must be a boolean/);
      const missingField = await service.call('PUT', '/v2/datasets/strict-fields/fields/absent', { body: { unit: 's' } });
      assert.equal(missingField.status, 404);
      assert.match(missingField.body.message, /field "absent".*not found/);
      assert.equal((await service.call('PUT', '/v2/datasets/nowhere/fields/status', { body: {} })).status, 404);
      // Nothing was stored by the refused calls.
      assert.deepEqual((await service.call('GET', path)).body, { name: 'status', type: 'integer', description: '', unit: '', hidden: false });
    });

    it('forgets field metadata with the dataset and keeps it across a restart', async () => {
      await service.call('POST', '/v2/datasets', { body: { name: 'forgetful' } });
      await ingest('forgetful', [{ latency: 3 }]);
      await service.call('PUT', '/v2/datasets/forgetful/fields/latency', { body: { unit: 'ms' } });
      assert.equal((await service.call('GET', '/v2/datasets/forgetful/fields/latency')).body.unit, 'ms');
      assert.equal((await service.call('DELETE', '/v2/datasets/forgetful')).status, 204);
      await service.call('POST', '/v2/datasets', { body: { name: 'forgetful' } });
      await ingest('forgetful', [{ latency: 3 }]);
      assert.equal((await service.call('GET', '/v2/datasets/forgetful/fields/latency')).body.unit, '');

      const dataDir = mkdtempSync(join(tmpdir(), 'apl-field-metadata-'));
      try {
        const first = await startTestService({ dataDir });
        await first.call('POST', '/v2/datasets', { body: { name: 'kept' } });
        await first.call('POST', '/v1/datasets/kept/ingest', { rawBody: '{"latency":3}', headers: ndjson });
        await first.call('PUT', '/v2/datasets/kept/fields/latency', { body: { unit: 'ms', description: 'd' } });
        await first.stop();
        const restarted = await startTestService({ dataDir });
        const field = (await restarted.call('GET', '/v2/datasets/kept/fields/latency')).body;
        await restarted.stop();
        assert.deepEqual([field.unit, field.description], ['ms', 'd']);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });

  describe('POST /v2/datasets/{id}/vacuum', () => {
    it('answers 200 with a JSON object and keeps every event not trimmed', async () => {
      await service.call('POST', '/v2/datasets', { body: { name: 'vacuumed' } });
      const old = new Date(Date.now() - 3 * 3600_000).toISOString();
      await ingest('vacuumed', [{ _time: old, n: 1 }, { _time: old, n: 2 }, { n: 3 }]);
      assert.equal((await service.call('POST', '/v2/datasets/vacuumed/trim', { body: { maxDuration: '1h' } })).status, 204);
      const vacuumed = await service.call('POST', '/v2/datasets/vacuumed/vacuum');
      assert.equal(vacuumed.status, 200);
      assert.match(vacuumed.headers.get('content-type') ?? '', /^application\/json/);
      assert.deepEqual(vacuumed.body, {});
      assert.equal(await service.services.events.count('vacuumed'), 1);
      const missing = await service.call('POST', '/v2/datasets/nowhere/vacuum');
      assert.equal(missing.status, 404);
      assert.match(missing.body.message, /not found/);
    });
  });

  describe('user', () => {
    it('renames the user with PUT /v2/user, without the org header, and keeps the name', async () => {
      const renamed = await service.call('PUT', '/v2/user', { body: { name: 'Ada' }, headers: { 'X-Axiom-Org-Id': '' } });
      assert.equal(renamed.status, 200);
      assert.deepEqual(keysOf(renamed.body), ['email', 'id', 'name', 'role']);
      assert.deepEqual(keysOf(renamed.body.role), ['id', 'name']);
      assert.equal(renamed.body.name, 'Ada');
      assert.deepEqual((await service.call('GET', '/v2/user')).body, renamed.body);
      const empty = await service.call('PUT', '/v2/user', { body: { name: '' } });
      assert.equal(empty.status, 400);
      assert.match(empty.body.message, /"name"/);
    });

    it('answers GET /v1/user in the older shape', async () => {
      const current = (await service.call('GET', '/v2/user')).body;
      const user = await service.call('GET', '/v1/user', { headers: { 'X-Axiom-Org-Id': '' } });
      assert.equal(user.status, 200);
      assert.deepEqual(keysOf(user.body), ['email', 'id', 'name', 'permissions', 'role']);
      assert.deepEqual([user.body.id, user.body.name, user.body.email], [current.id, current.name, current.email]);
      assert.equal(typeof user.body.role, 'string');
      assert.ok(Array.isArray(user.body.permissions));
    });
  });

  describe('legacy /v1/datasets', () => {
    it('creates, reads, updates, lists and deletes with exactly the v1 keys, sharing datasets with v2', async () => {
      const created = await service.call('POST', '/v1/datasets', { body: { name: 'legacy', description: 'old' } });
      assert.equal(created.status, 200);
      assert.deepEqual(keysOf(created.body), v1DatasetKeys);
      assert.deepEqual([created.body.id, created.body.name, created.body.description], ['legacy', 'legacy', 'old']);
      assert.match(created.body.created, rfc3339);
      assert.equal((await service.call('POST', '/v1/datasets', { body: { name: 'legacy' } })).status, 409);

      const v2 = (await service.call('GET', '/v2/datasets/legacy')).body;
      assert.equal(v2.created, created.body.created);

      const updated = await service.call('PUT', '/v1/datasets/legacy', { body: { description: 'newer' } });
      assert.equal(updated.status, 200);
      assert.deepEqual(updated.body, { ...created.body, description: 'newer' });
      assert.deepEqual((await service.call('GET', '/v1/datasets/legacy')).body, updated.body);
      const listed = (await service.call('GET', '/v1/datasets')).body as { id: string }[];
      for (const dataset of listed) assert.deepEqual(keysOf(dataset), v1DatasetKeys);
      assert.deepEqual(listed.find((dataset) => dataset.id === 'legacy'), updated.body);

      const deleted = await service.call('DELETE', '/v1/datasets/legacy');
      assert.equal(deleted.status, 204);
      assert.equal(deleted.body, undefined);
      const gone = await service.call('GET', '/v1/datasets/legacy');
      assert.equal(gone.status, 404);
      assert.match(gone.body.message, /not found/);
      assert.equal((await service.call('GET', '/v2/datasets/legacy')).status, 404);
    });

    it('trims with a Go duration and answers numDeleted', async () => {
      await service.call('POST', '/v1/datasets', { body: { name: 'legacy-trim' } });
      const old = new Date(Date.now() - 2 * 3600_000).toISOString();
      await ingest('legacy-trim', [{ _time: old }, { _time: old }, {}]);
      const trimmed = await service.call('POST', '/v1/datasets/legacy-trim/trim', { body: { maxDuration: '1h0m0s' } });
      assert.equal(trimmed.status, 200);
      assert.deepEqual(trimmed.body, { numDeleted: 2 });
      const bad = await service.call('POST', '/v1/datasets/legacy-trim/trim', { body: { maxDuration: 'soon' } });
      assert.equal(bad.status, 400);
      assert.match(bad.body.message, /maxDuration/);
    });

    it('checks names and bodies as v2 does', async () => {
      const invalid = await service.call('POST', '/v1/datasets', { body: { name: 'axiom-reserved' } });
      assert.equal(invalid.status, 400);
      assert.match(invalid.body.message, /axiom-/);
      assert.equal((await service.call('POST', '/v1/datasets', { rawBody: '{', headers: { 'Content-Type': 'application/json' } })).status, 400);
      assert.equal((await service.call('PUT', '/v1/datasets/nowhere', { body: { description: 'x' } })).status, 404);
    });
  });
});
