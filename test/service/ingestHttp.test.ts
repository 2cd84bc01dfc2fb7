import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, keysOf, type TestService } from './harness.ts';

describe('ingest over HTTP', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ maxBodyBytes: 64 * 1024 });
    for (const name of ['http-json', 'http-ndjson', 'http-csv', 'http-bad', 'http-spool', 'http-times', 'http-epochs']) {
      assert.equal((await service.call('POST', '/v2/datasets', { body: { name, description: '' } })).status, 200);
    }
  });
  after(() => service.stop());

  const ingest = (dataset: string, body: string | Uint8Array, headers: Record<string, string>, query = '') =>
    service.call('POST', `/v1/datasets/${dataset}/ingest${query}`, { rawBody: body, headers });

  it('answers the status body key for key and stores nested fields flattened', async () => {
    const body = JSON.stringify([{ geo: { city: 'Paris' }, n: 1 }, { geo: { city: 'Nevers' }, n: 2 }]);
    const reply = await ingest('http-json', body, { 'Content-Type': 'application/json', 'Content-Encoding': '' });
    assert.equal(reply.status, 200);
    assert.match(reply.headers.get('content-type')!, /^application\/json/);
    assert.deepEqual(keysOf(reply.body), ['blocksCreated', 'failed', 'failures', 'ingested', 'processedBytes', 'walLength']);
    assert.equal(reply.body.ingested, 2);
    assert.deepEqual(reply.body.failures, []);
    assert.equal(reply.body.processedBytes, body.length);
    const fields = await service.call('GET', '/v2/datasets/http-json/fields');
    assert.deepEqual(
      fields.body.map((field: { name: string; type: string }) => [field.name, field.type]).filter(([name]: string[]) => !name!.startsWith('_')),
      [
        ['geo.city', 'string'],
        ['n', 'integer'],
      ],
    );
  });

  it('reads gzip NDJSON with labels, and CSV with a delimiter and a header of given fields', async () => {
    const ndjson = '{"a":1}\n{"a":2}\n';
    const labels = '{"region":"eu-west-1"}';
    const reply = await ingest('http-ndjson', gzipSync(ndjson), {
      'Content-Type': 'application/x-ndjson',
      'Content-Encoding': 'gzip',
      'X-Axiom-Event-Labels': labels,
    });
    assert.equal(reply.body.ingested, 2);
    assert.equal(reply.body.processedBytes, ndjson.length + labels.length);
    const csv = await ingest('http-csv', 'x|y\n1|2\n', { 'Content-Type': 'text/csv', 'X-Axiom-CSV-Fields': '' }, '?csv-delimiter=%7C');
    assert.equal(csv.body.ingested, 1);
    const fields = await service.call('GET', '/v2/datasets/http-csv/fields');
    assert.ok(fields.body.some((field: { name: string }) => field.name === 'y'));
  });

  it('takes timestamp-field and timestamp-format from the query', async () => {
    const reply = await ingest(
      'http-json',
      '[{"when":"17/May/2015:08:05:30 +0000"}]',
      { 'Content-Type': 'application/json' },
      `?timestamp-field=when&timestamp-format=${encodeURIComponent('02/Jan/2006:15:04:05 -0700')}`,
    );
    assert.equal(reply.body.ingested, 1);
    assert.equal(reply.body.failed, 0);
  });

  it('answers 4xx error bodies for bad input and keeps serving', async () => {
    const cases: [string | Uint8Array, Record<string, string>, number][] = [
      ['[{"a":1},', { 'Content-Type': 'application/json' }, 400],
      ['not gzip', { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, 400],
      ['[]', { 'Content-Type': 'application/json', 'Content-Encoding': 'br' }, 415],
      ['[]', { 'Content-Type': 'application/xml' }, 415],
      ['[]', { 'Content-Type': 'application/json', 'X-Axiom-Event-Labels': 'nope' }, 400],
      [gzipSync('[' + '{"padding":"xxxxxxxxxxxxxxxx"},'.repeat(5000) + '{}]'), { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }, 413],
    ];
    for (const [body, headers, status] of cases) {
      const reply = await ingest('http-bad', body, headers);
      assert.equal(reply.status, status, JSON.stringify(headers));
      assert.equal(reply.body.code, status);
      assert.equal(typeof reply.body.message, 'string');
    }
    assert.equal(await service.services.events.count('http-bad'), 0);
    const missing = await ingest('no-such-dataset', '[]', { 'Content-Type': 'application/json' });
    assert.equal(missing.status, 404);
    assert.match(missing.body.message, /not found/);
    const ok = await ingest('http-bad', '[{"a":1}]', { 'Content-Type': 'application/json' });
    assert.equal(ok.body.ingested, 1);
  });

  it('follows its dataset being made, changed, deleted and made again', async () => {
    const json = { 'Content-Type': 'application/json' };
    // Each ingest looks the dataset up after the change before it.
    assert.equal((await ingest('http-lifecycle', '[{"a":1}]', json)).status, 404);
    await service.call('POST', '/v2/datasets', { body: { name: 'http-lifecycle' } });
    assert.equal((await ingest('http-lifecycle', '[{"attrs":{"x":1}}]', json)).body.ingested, 1);
    await service.call('POST', '/v2/datasets/http-lifecycle/mapfields', { body: { name: 'attrs' } });
    assert.equal((await ingest('http-lifecycle', '[{"attrs":{"y":2}}]', json)).body.ingested, 1);
    const fields = (await service.call('GET', '/v2/datasets/http-lifecycle/fields')).body.map((field: { name: string }) => field.name);
    assert.ok(fields.includes('attrs'), `a map field is stored whole once declared: ${fields}`);
    assert.equal((await service.call('DELETE', '/v2/datasets/http-lifecycle')).status, 204);
    assert.equal((await ingest('http-lifecycle', '[{"a":1}]', json)).status, 404);
    await service.call('POST', '/v2/datasets', { body: { name: 'http-lifecycle' } });
    assert.equal((await ingest('http-lifecycle', '[{"a":1}]', json)).body.ingested, 1);
  });

  it('refuses events whose time is outside years 0001-9999 one by one, in the status failures', async () => {
    const ndjson = { 'Content-Type': 'application/x-ndjson' };
    const outside = [1e300, -1e300, 1.7e308, '99999-01-01', '0000-06-01T00:00:00Z', -9e16];
    const mixed = [...outside.map((time) => ({ _time: time })), { _time: '2026-01-01T00:00:00Z', kept: true }];
    const reply = await ingest('http-times', mixed.map((event) => JSON.stringify(event)).join('\n'), ndjson);
    assert.equal(reply.status, 200);
    assert.equal(reply.body.ingested, 1);
    assert.equal(reply.body.failed, outside.length);
    for (const failure of reply.body.failures) assert.match(failure.error, /outside years 0001 to 9999/);
    // The same through timestamp-field, and with only epoch numbers (which read_json could store).
    const field = await ingest('http-times', '{"t":1e300}\n{"t":1}', ndjson, '?timestamp-field=t');
    assert.deepEqual([field.body.ingested, field.body.failed], [1, 1]);
    const epochs = await ingest('http-epochs', '{"_time":-9e16}\n{"_time":1.7e9}', ndjson);
    assert.deepEqual([epochs.body.ingested, epochs.body.failed], [1, 1]);
    assert.equal(await service.services.events.count('http-epochs'), 1);
  });

  it('refuses a CSV header with an empty or repeated column name with 400', async () => {
    const csv = { 'Content-Type': 'text/csv' };
    for (const header of ['a,,b', ',a', 'a,', '"",b', ' ,b', 'a,b,a']) {
      const reply = await ingest('http-csv', `${header}\n1,2,3\n`, csv);
      assert.equal(reply.status, 400, header);
      assert.match(reply.body.message, /invalid CSV header: column \d (has no name|repeats the name "a")/, header);
    }
    const given = await ingest('http-csv', '1,2\n', { ...csv, 'X-Axiom-CSV-Fields': 'x,x' });
    assert.equal(given.status, 400);
  });

  it('leaves no spooled segment behind, whether a request succeeds, falls back or fails', async () => {
    const spool = join(service.dataDir, 'spool');
    const lines = Array.from({ length: 100 }, (_, i) => JSON.stringify({ i, s: 'x'.repeat(400) })).join('\n');
    const ndjson = { 'Content-Type': 'application/x-ndjson' };
    assert.equal((await ingest('http-spool', lines, ndjson)).body.ingested, 100);
    assert.equal((await ingest('http-spool', `${lines}\n{"i":"text"}`, ndjson)).body.ingested, 101);
    assert.equal((await ingest('http-spool', `${lines}\n{"i":`, ndjson)).status, 400);
    assert.deepEqual(readdirSync(spool), []);
  });
});
