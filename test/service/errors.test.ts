import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

describe('service: error bodies', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService({ maxBodyBytes: 4096 });
  });
  after(() => service.stop());

  const expectError = async (
    response: Promise<{ status: number; headers: Headers; body: any }>,
    status: number,
    message: RegExp,
  ) => {
    const { status: actual, headers, body } = await response;
    assert.equal(actual, status, JSON.stringify(body));
    assert.equal(headers.get('content-type'), 'application/json');
    assert.ok(headers.get('x-axiom-trace-id'));
    assert.deepEqual(Object.keys(body).sort(), ['code', 'message']);
    assert.equal(body.code, status);
    assert.match(body.message, message);
  };

  it('answers unknown routes and resources 404 with "not found"', async () => {
    await expectError(service.call('GET', '/v2/nothing-here'), 404, /not found/);
    await expectError(service.call('PATCH', '/v2/datasets'), 404, /not found/);
    await expectError(service.call('GET', '/v2/datasets/absent'), 404, /dataset "absent" not found/);
    await expectError(service.call('DELETE', '/v2/datasets/absent'), 404, /not found/);
    await expectError(service.call('GET', '/v2/annotations/ann_nope'), 404, /not found/);
    await expectError(service.call('DELETE', '/v2/tokens/nope'), 404, /not found/);
    await expectError(service.call('POST', '/v2/annotations', { body: { datasets: ['absent'], type: 'x' } }), 404, /absent/);
  });

  it('says what is wrong with malformed JSON and wrong types', async () => {
    const json = { 'Content-Type': 'application/json' };
    await expectError(service.call('POST', '/v2/datasets', { rawBody: '{"name": ', headers: json }), 400, /not valid JSON/);
    await expectError(service.call('POST', '/v2/datasets', { rawBody: '', headers: json }), 400, /empty/);
    await expectError(service.call('POST', '/v2/datasets', { body: [1, 2] }), 400, /JSON object/);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 42 } }), 400, /"name" must be a non-empty string/);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 'ok-name', description: false } }), 400, /"description" must be a string/);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 'bad name!' } }), 400, /invalid dataset name/);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 'axiom-reserved' } }), 400, /axiom-/);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 'k', kind: 'nope' } }), 400, /"kind"/);
    await expectError(service.call('POST', '/v2/tokens', { body: { name: 't', expiresAt: 'tomorrow' } }), 400, /"expiresAt" must be an RFC 3339/);
    await expectError(service.call('POST', '/v2/tokens', { body: { name: 't', orgCapabilities: { datasets: ['own'] } } }), 400, /unknown action "own"/);
    await expectError(service.call('POST', '/v2/tokens', { body: { name: 't', datasetCapabilities: { '*': { fly: ['read'] } } } }), 400, /unknown dataset capability "fly"/);
    await expectError(service.call('POST', '/v2/annotations', { body: { datasets: 'x', type: 'deploy' } }), 400, /"datasets"/);
    await expectError(service.call('POST', '/v2/annotations', { body: { datasets: ['x'], type: 'Not Valid' } }), 400, /"type"/);
    await expectError(service.call('GET', '/v2/annotations?start=yesterday'), 400, /"start"/);
    await expectError(service.call('POST', '/v1/datasets/_apl?format=csv', { body: { apl: 'x' } }), 400, /"format"/);
  });

  it('answers numbers and durations past what can be stored with 400, not 500', async () => {
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'ranges', description: '' } })).status, 200);
    await expectError(service.call('POST', '/v2/datasets/ranges/trim', { body: { maxDuration: '9999999999999999999h' } }), 400, /"maxDuration"/);
    await expectError(service.call('POST', '/v1/datasets/ranges/trim', { body: { maxDuration: '2562048h' } }), 400, /"maxDuration"/);
    assert.equal((await service.call('POST', '/v2/datasets/ranges/trim', { body: { maxDuration: '2562047h' } })).status, 204);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 'huge', retentionDays: 1e300 } }), 400, /"retentionDays"/);
    await expectError(service.call('PUT', '/v2/datasets/ranges', { body: { retentionDays: 2 ** 63 } }), 400, /"retentionDays"/);
  });

  it('refuses a second dataset of the same name with 409', async () => {
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'twice' } })).status, 200);
    await expectError(service.call('POST', '/v2/datasets', { body: { name: 'twice' } }), 409, /already exists/);
  });

  it('refuses bodies over the configured limit with 413 and keeps serving', async () => {
    const big = JSON.stringify({ name: 'big', description: 'x'.repeat(10_000) });
    await expectError(service.call('POST', '/v2/datasets', { rawBody: big }), 413, /too large.*4096/);
    // Streamed without a length: the limit applies as the bytes arrive.
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1000)));
        controller.close();
      },
    });
    const response = await fetch(`${service.url}/v2/datasets`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service.adminToken}`, 'X-Axiom-Org-Id': 'local' },
      body: streamed,
      duplex: 'half',
    } as RequestInit);
    assert.equal(response.status, 413);
    assert.equal((await service.call('GET', '/v2/datasets')).status, 200);
  });

  it('survives garbage on the socket', async () => {
    const net = await import('node:net');
    const { port } = new URL(service.url);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.end('NOT HTTP AT ALL\r\n\r\n'));
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    assert.equal((await service.call('GET', '/v2/datasets')).status, 200);
  });
});
