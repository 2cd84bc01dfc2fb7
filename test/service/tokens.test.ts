import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

describe('service: token regeneration and expiry', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(async () => {
    const dataDir = service.dataDir;
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = async (body: object) => (await service.call('POST', '/v2/tokens', { body })).body;
  const canListDatasets = async (secret: string) => (await service.call('GET', '/v2/datasets', { token: secret })).status;
  const readDatasets = { orgCapabilities: { datasets: ['read'] } };

  it('issues a new id and secret and keeps the old secret working until existingTokenExpiresAt', async () => {
    const old = await create({ name: 'rotating', description: 'd', ...readDatasets });
    const regenerated = await service.call('POST', `/v2/tokens/${old.id}/regenerate`, {
      body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z', newTokenExpiresAt: '2099-06-01T00:00:00Z' },
    });
    assert.equal(regenerated.status, 200);
    const fresh = regenerated.body;
    assert.notEqual(fresh.id, old.id);
    assert.notEqual(fresh.token, old.token);
    assert.match(fresh.token, /^xaat-/);
    assert.equal(fresh.name, 'rotating');
    assert.equal(fresh.description, 'd');
    assert.equal(fresh.expiresAt, '2099-06-01T00:00:00Z');
    assert.deepEqual(fresh.orgCapabilities, { datasets: ['read'] });

    // Overlap: both secrets work.
    assert.equal(await canListDatasets(old.token), 200);
    assert.equal(await canListDatasets(fresh.token), 200);
    // The old token is no longer listed or readable as it was.
    const ids = (await service.call('GET', '/v2/tokens')).body.map((token: { id: string }) => token.id);
    assert.ok(ids.includes(fresh.id));
    assert.ok(!ids.includes(old.id));
    assert.equal((await service.call('GET', `/v2/tokens/${old.id}`)).status, 404);
    const { token: _secret, ...withoutSecret } = fresh;
    assert.deepEqual((await service.call('GET', `/v2/tokens/${fresh.id}`)).body, withoutSecret);
  });

  it('stops the old secret once existingTokenExpiresAt has passed', async () => {
    const old = await create({ name: 'cut-over', ...readDatasets });
    assert.equal(await canListDatasets(old.token), 200);
    const past = new Date(Date.now() - 1000).toISOString();
    const fresh = (
      await service.call('POST', `/v2/tokens/${old.id}/regenerate`, { body: { existingTokenExpiresAt: past } })
    ).body;
    assert.equal(await canListDatasets(old.token), 401);
    assert.equal(await canListDatasets(fresh.token), 200);
    assert.equal(fresh.expiresAt, null);
  });

  it('applies newToken settings to the regenerated token', async () => {
    const old = await create({ name: 'before', ...readDatasets });
    const fresh = (
      await service.call('POST', `/v2/tokens/${old.id}/regenerate`, {
        body: {
          existingTokenExpiresAt: '2099-01-01T00:00:00Z',
          newToken: { name: 'after', description: 'new', expiresAt: '2099-03-01T00:00:00Z', orgCapabilities: { annotations: ['read'] } },
        },
      })
    ).body;
    assert.equal(fresh.name, 'after');
    assert.equal(fresh.description, 'new');
    assert.equal(fresh.expiresAt, '2099-03-01T00:00:00Z');
    assert.deepEqual(fresh.orgCapabilities, { annotations: ['read'] });
    assert.equal(await canListDatasets(fresh.token), 403);
    assert.equal((await service.call('GET', '/v2/annotations', { token: fresh.token })).status, 200);
  });

  it('refuses regeneration without existingTokenExpiresAt, and of unknown or retired tokens', async () => {
    const old = await create({ name: 'strict' });
    const missing = await service.call('POST', `/v2/tokens/${old.id}/regenerate`, { body: {} });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /existingTokenExpiresAt/);
    const body = { existingTokenExpiresAt: '2099-01-01T00:00:00Z' };
    const unknown = await service.call('POST', '/v2/tokens/nope/regenerate', { body });
    assert.equal(unknown.status, 404);
    assert.match(unknown.body.message, /not found/);
    assert.equal((await service.call('POST', `/v2/tokens/${old.id}/regenerate`, { body })).status, 200);
    assert.equal((await service.call('POST', `/v2/tokens/${old.id}/regenerate`, { body })).status, 404);
  });

  it('rejects a token past its expiresAt and accepts one before it', async () => {
    const soon = await create({ name: 'soon', expiresAt: new Date(Date.now() + 1000).toISOString(), ...readDatasets });
    const future = await create({ name: 'future', expiresAt: new Date(Date.now() + 3_600_000).toISOString(), ...readDatasets });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const refused = await service.call('GET', '/v2/datasets', { token: soon.token });
    assert.equal(refused.status, 401);
    assert.match(refused.body.message, /expired/);
    assert.equal(await canListDatasets(future.token), 200);
  });

  it('refuses to create a token whose expiresAt has passed, or to regenerate one into the past', async () => {
    const past = new Date(Date.now() - 1000).toISOString();
    const refused = await service.call('POST', '/v2/tokens', { body: { name: 'past', expiresAt: past, ...readDatasets } });
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /"expiresAt" must be in the future/);
    const listed = await service.call('GET', '/v2/tokens');
    assert.equal(listed.body.some((token: { name: string }) => token.name === 'past'), false);
    const old = await create({ name: 'regenerated', ...readDatasets });
    const regenerate = await service.call('POST', `/v2/tokens/${old.id}/regenerate`, {
      body: { existingTokenExpiresAt: new Date().toISOString(), newTokenExpiresAt: past },
    });
    assert.equal(regenerate.status, 400);
    assert.match(regenerate.body.message, /"newTokenExpiresAt" must be in the future/);
  });

  it('stops a deleted token at once', async () => {
    const doomed = await create({ name: 'doomed', ...readDatasets });
    assert.equal(await canListDatasets(doomed.token), 200);
    assert.equal((await service.call('DELETE', `/v2/tokens/${doomed.id}`)).status, 204);
    assert.equal(await canListDatasets(doomed.token), 401);
  });

  it('keeps tokens across a restart, storing only a hash of the secret', async () => {
    const kept = await create({ name: 'kept', ...readDatasets });
    const dataDir = service.dataDir;
    await service.close();
    const bytes = readFileSync(`${dataDir}/apl.duckdb`);
    assert.equal(bytes.includes(Buffer.from(kept.token)), false);
    service = await startTestService({ dataDir });
    assert.equal(await canListDatasets(kept.token), 200);
  });
});
