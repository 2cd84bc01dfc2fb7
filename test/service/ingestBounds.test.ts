import assert from 'node:assert/strict';
import { request } from 'node:http';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

/**
 * Work per ingest request stays bounded by what has arrived: no answer waits for input that cannot
 * change it, and no line is scanned again for each chunk (see ingest/jsonRecords.ts).
 */
describe('ingest: bounded work', () => {
  const limit = 16 * 1024 * 1024;
  let service: TestService;
  before(async () => {
    service = await startTestService({ maxBodyBytes: limit });
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'bounds', description: '' } })).status, 200);
  });
  after(() => service.stop());

  it('answers 413 for one 64 MB line, gzipped, over a 16 MB limit, on the per-event path too', async () => {
    const line = gzipSync(`{"a":"${'x'.repeat(64 * 1024 * 1024)}"}`);
    for (const query of ['', '?timestamp-field=t']) {
      const reply = await service.call('POST', `/v1/datasets/bounds/ingest${query}`, {
        rawBody: line,
        headers: { 'Content-Type': 'application/x-ndjson', 'Content-Encoding': 'gzip' },
      });
      assert.equal(reply.status, 413, query);
      assert.match(reply.body.message, /larger than 16777216 bytes after decompression/);
    }
    assert.equal(await service.services.events.count('bounds'), 0);
  });

  // The timeout only guards against a hang (the reader before this change re-parsed the joined lines per line).
  it('answers 400 for a line no later line can complete before the rest of the body is sent', { timeout: 120_000 }, async () => {
    // The first line fails alone, and its brackets already balance, so joining more lines to it
    // (as a pretty-printed value is read) cannot help. The client keeps sending harmless lines
    // until the answer comes; it must come long before the body would end.
    const url = new URL(service.url);
    const filler = Buffer.from('{"b":1}\n'.repeat(8192));
    const budget = 12 * 1024 * 1024;
    const { status, message, sent } = await new Promise<{ status: number; message: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const call = request({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/v1/datasets/bounds/ingest?timestamp-field=t',
        headers: { Authorization: `Bearer ${service.adminToken}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/x-ndjson', Connection: 'close' },
      });
      call.on('response', (response) => {
        answered = true;
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          resolve({ status: response.statusCode!, message: JSON.parse(Buffer.concat(parts).toString()).message, sent });
          call.destroy();
        });
      });
      call.on('error', (error) => {
        if (!answered) reject(error);
      });
      const send = () => {
        if (answered) return;
        if (sent >= budget) {
          call.end();
          return;
        }
        sent += filler.length;
        if (call.write(filler)) setImmediate(send);
        else call.once('drain', send);
      };
      call.write('{"a":1}}\n');
      send();
    });
    assert.equal(status, 400);
    assert.match(message, /invalid JSON on line 1/);
    assert.ok(sent < budget / 2, `answered after ${sent} bytes`);
  });

  // The NDJSON shape scanner read keys and long numbers with one String.fromCharCode argument per byte: past
  // about 100,000 bytes the call overflowed the stack, and the whole body was answered with a 500.
  it('ingests a line with a key or a number a million characters long beside other lines', async () => {
    const before = await service.services.events.count('bounds');
    for (const line of [`{"${'k'.repeat(1_000_000)}":1}`, `{"n":${'7'.repeat(1_000_000)}}`]) {
      const reply = await service.call('POST', '/v1/datasets/bounds/ingest', {
        rawBody: Buffer.from(`${line}\n{"b":2}\n`),
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body).slice(0, 200));
      assert.equal(reply.body.ingested, 2);
    }
    assert.equal(await service.services.events.count('bounds'), before + 4);
  });
});
