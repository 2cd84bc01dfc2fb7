import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { keysOf, startTestService, type TestService } from './harness.ts';

describe('service: a token grants only what it holds', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  let counter = 0;
  const name = () => `grant-${++counter}`;
  /** Creates a token with the personal token and returns its secret and id. */
  const mint = async (body: object) => {
    const response = await service.call('POST', '/v2/tokens', { body: { name: name(), ...body } });
    assert.equal(response.status, 200);
    return response.body as { id: string; token: string };
  };
  const createWith = (secret: string, body: object) =>
    service.call('POST', '/v2/tokens', { token: secret, body: { name: name(), ...body } });
  const tokenIds = async () => (await service.call('GET', '/v2/tokens')).body.map((token: { id: string }) => token.id);

  const assertRefused = (response: { status: number; body: any }, pattern: RegExp) => {
    assert.equal(response.status, 403);
    assert.deepEqual(keysOf(response.body), ['code', 'message']);
    assert.equal(response.body.code, 403);
    assert.match(response.body.message, pattern);
  };

  it('refuses org capabilities the creating token lacks, and creates nothing', async () => {
    const creator = await mint({ orgCapabilities: { apiTokens: ['create'] } });
    const before = await tokenIds();
    const escalation = await createWith(creator.token, {
      orgCapabilities: { apiTokens: ['create', 'read', 'update', 'delete'], datasets: ['delete'] },
    });
    assertRefused(escalation, /apiTokens\|read/);
    assert.deepEqual(await tokenIds(), before);

    assertRefused(await createWith(creator.token, { orgCapabilities: { datasets: ['read'] } }), /datasets\|read/);
    assertRefused(
      await createWith(creator.token, { datasetCapabilities: { '*': { query: ['read'] } } }),
      /query\|read on dataset "\*"/,
    );
  });

  it('allows a subset of what the creating token holds', async () => {
    const creator = await mint({
      orgCapabilities: { apiTokens: ['create'], datasets: ['read', 'update'] },
      datasetCapabilities: { '*': { query: ['read'] } },
    });
    const nothing = await createWith(creator.token, {});
    assert.equal(nothing.status, 200);
    const subset = await createWith(creator.token, {
      orgCapabilities: { datasets: ['read'], apiTokens: ['create'] },
      datasetCapabilities: { logs: { query: ['read'] }, '*': { query: ['read'] } },
    });
    assert.equal(subset.status, 200);
    assert.deepEqual(subset.body.orgCapabilities, { datasets: ['read'], apiTokens: ['create'] });
    // The minted token works with what it was given.
    assert.equal((await service.call('GET', '/v2/datasets', { token: subset.body.token })).status, 200);
  });

  it('checks dataset capabilities per dataset: a named grant does not cover "*" or another dataset', async () => {
    const creator = await mint({
      orgCapabilities: { apiTokens: ['create'] },
      datasetCapabilities: { logs: { ingest: ['create'], query: ['read'] } },
    });
    assert.equal((await createWith(creator.token, { datasetCapabilities: { logs: { ingest: ['create'] } } })).status, 200);
    assertRefused(
      await createWith(creator.token, { datasetCapabilities: { '*': { ingest: ['create'] } } }),
      /ingest\|create on dataset "\*"/,
    );
    assertRefused(
      await createWith(creator.token, { datasetCapabilities: { traces: { query: ['read'] } } }),
      /query\|read on dataset "traces"/,
    );
    assertRefused(
      await createWith(creator.token, { datasetCapabilities: { logs: { trim: ['update'] } } }),
      /trim\|update on dataset "logs"/,
    );

    const wildcard = await mint({
      orgCapabilities: { apiTokens: ['create'] },
      datasetCapabilities: { '*': { ingest: ['create'] }, logs: { query: ['read'] } },
    });
    // "*" covers any named dataset, and grants on "*" and on the name add up.
    const combined = await createWith(wildcard.token, {
      datasetCapabilities: { logs: { ingest: ['create'], query: ['read'] }, traces: { ingest: ['create'] } },
    });
    assert.equal(combined.status, 200);
  });

  it('does not let an expiring token mint one that outlives it', async () => {
    const creator = await mint({ expiresAt: '2090-01-01T00:00:00Z', orgCapabilities: { apiTokens: ['create'] } });
    assertRefused(await createWith(creator.token, {}), /expir/);
    assertRefused(await createWith(creator.token, { expiresAt: '2095-01-01T00:00:00Z' }), /expir/);
    // Go's zero time means "no expiry" too.
    assertRefused(await createWith(creator.token, { expiresAt: '0001-01-01T00:00:00Z' }), /expir/);
    assert.equal((await createWith(creator.token, { expiresAt: '2080-01-01T00:00:00Z' })).status, 200);
  });

  it('lets the personal token grant anything', async () => {
    const everything = await service.call('POST', '/v2/tokens', {
      body: {
        name: name(),
        orgCapabilities: { apiTokens: ['create', 'read', 'update', 'delete'], rbac: ['update'] },
        datasetCapabilities: { '*': { data: ['delete'] } },
      },
    });
    assert.equal(everything.status, 200);
  });

  describe('regenerate', () => {
    const regenerate = (secret: string, id: string, body: object = {}) =>
      service.call('POST', `/v2/tokens/${id}/regenerate`, {
        token: secret,
        body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z', ...body },
      });

    it('refuses to hand out a new secret for a token with more capabilities than the caller', async () => {
      const rotator = await mint({ orgCapabilities: { apiTokens: ['update'] } });
      const powerful = await mint({ orgCapabilities: { datasets: ['delete'] }, datasetCapabilities: { '*': { query: ['read'] } } });
      assertRefused(await regenerate(rotator.token, powerful.id), /datasets\|delete/);
      // Nothing changed: the token is still listed, and its secret still works.
      assert.ok((await tokenIds()).includes(powerful.id));
      assert.equal((await service.call('GET', `/v2/tokens/${powerful.id}`)).status, 200);
    });

    it('refuses newToken capabilities the caller lacks', async () => {
      const rotator = await mint({ orgCapabilities: { apiTokens: ['update'], annotations: ['read'] } });
      const weak = await mint({ orgCapabilities: { annotations: ['read'] } });
      assertRefused(
        await regenerate(rotator.token, weak.id, { newToken: { name: 'stronger', orgCapabilities: { apiTokens: ['delete'] } } }),
        /apiTokens\|delete/,
      );
      assert.ok((await tokenIds()).includes(weak.id));

      const allowed = await regenerate(rotator.token, weak.id, {
        newToken: { name: 'same', orgCapabilities: { annotations: ['read'] } },
      });
      assert.equal(allowed.status, 200);
      assert.deepEqual(allowed.body.orgCapabilities, { annotations: ['read'] });
    });

    it('lets a token rotate one it covers, including itself', async () => {
      const self = await mint({ orgCapabilities: { apiTokens: ['update'], datasets: ['read'] } });
      const response = await regenerate(self.token, self.id, { newTokenExpiresAt: '2098-01-01T00:00:00Z' });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body.orgCapabilities, { apiTokens: ['update'], datasets: ['read'] });
    });

    it('keeps the rows of tokens that authenticated across a create, and drops them on a delete', async () => {
      const kept = await mint({ orgCapabilities: { datasets: ['read'] } });
      const { tokens, database } = service.services;
      assert.ok(await tokens.authenticate(kept.token, 'local'));
      // Behind the registry's back (every change goes through it), so that only a kept row answers.
      await database.run('UPDATE api_tokens SET expires_at = $1 WHERE id = $2', ['2001-01-01T00:00:00Z', kept.id]);
      await mint({ orgCapabilities: { datasets: ['read'] } });
      assert.ok(await tokens.authenticate(kept.token, 'local'), 'a new token changes no kept row');
      const other = await mint({ orgCapabilities: { datasets: ['read'] } });
      assert.equal((await service.call('DELETE', `/v2/tokens/${other.id}`)).status, 204);
      assert.equal(await tokens.authenticate(kept.token, 'local'), undefined, 'a delete drops every kept row');
    });

    it('never lets the old secret outlive its own expiry', async () => {
      const old = await mint({ expiresAt: '2090-01-01T00:00:00Z' });
      assert.equal((await regenerate(service.adminToken, old.id, { existingTokenExpiresAt: '2099-01-01T00:00:00Z' })).status, 200);
      const { tokens } = service.services;
      assert.ok(await tokens.authenticate(old.token, 'local', new Date('2089-12-31T00:00:00Z')));
      assert.equal(await tokens.authenticate(old.token, 'local', new Date('2095-01-01T00:00:00Z')), undefined);
    });
  });
});
