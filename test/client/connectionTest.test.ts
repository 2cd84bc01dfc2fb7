import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection } from '../../client/connection.ts';
import { testConnection } from '../../client/connectionTest.ts';
import { freePort } from '../../scripts/e2e/harness.ts';
import { startTestService, type TestService } from '../service/harness.ts';

/** Test Connection against the real local service: what it says when it works and when each step fails. */
describe('test connection', () => {
  let service: TestService;

  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  it('reports the user and the dataset count when all is well', async () => {
    await service.call('POST', '/v2/datasets', { body: { name: 'probe', description: '' } });
    const result = await testConnection(new Connection({ url: service.url, token: service.adminToken, orgId: 'local' }));
    assert.equal(result.ok, true, result.message);
    assert.ok(result.ok && result.datasets >= 1);
    assert.match(result.message, /acts for .+; \d+ datasets?\./);
  });

  it('says the token was rejected', async () => {
    const result = await testConnection(new Connection({ url: service.url, token: 'xaat-not-a-real-token', orgId: 'local' }));
    assert.deepEqual({ ok: result.ok, step: !result.ok && result.step }, { ok: false, step: 'token' });
    assert.match(result.message, /rejected the token \(401/);
  });

  it('says the service could not be reached', async () => {
    const port = await freePort();
    const result = await testConnection(new Connection({ url: `http://127.0.0.1:${port}`, token: 'xaat-x' }));
    assert.deepEqual({ ok: result.ok, step: !result.ok && result.step }, { ok: false, step: 'reach' });
    assert.match(result.message, new RegExp(`could not reach http://127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`));
  });
});
