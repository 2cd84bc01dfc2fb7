import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createAuthenticator } from '../../service/auth/authenticate.ts';
import { loadCredentials } from '../../service/auth/personal.ts';
import { startHttpServer, type RunningHttpServer } from '../../service/http/server.ts';
import { HttpError, type Route } from '../../service/http/types.ts';
import { openServices } from '../../service/index.ts';
import type { Services } from '../../service/services.ts';

describe('service: replies that go wrong', () => {
  const token = 'xapt-replies-test';
  const internalErrors: unknown[] = [];
  let dataDir: string;
  let services: Services;
  let http: RunningHttpServer;
  // Bodies JSON cannot write: a cycle, and an object nested past the stack.
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  let deep: unknown = 1;
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const routes: Route[] = [
    { method: 'GET', path: '/cycle', handler: async () => ({ status: 200, body: cycle }) },
    { method: 'GET', path: '/deep', handler: async () => ({ status: 200, body: deep }) },
    { method: 'GET', path: '/fine', handler: async () => ({ status: 200, body: { ok: true } }) },
    {
      // Finds the body bad in its first chunk: leaving the loop destroys the request, as body readers do.
      method: 'POST',
      path: '/early',
      handler: async (context) => {
        for await (const _chunk of context.body()) throw new HttpError(400, 'bad from the first chunk');
        return { status: 204 };
      },
    },
  ];

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'apl-replies-'));
    services = await openServices({ dataDir, maxBodyBytes: 4 << 20 });
    const credentials = loadCredentials(dataDir, { APL_ADMIN_TOKEN: token });
    http = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      routes,
      services,
      authenticator: createAuthenticator(credentials, services.tokens),
      onInternalError: (error) => internalErrors.push(error),
    });
  });
  after(async () => {
    await http.close();
    await services.database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('ends the connection of a reply sent before the body arrived, so the next request meets no reset', async () => {
    for (let i = 0; i < 5; i++) {
      const early = await fetch(http.url + '/early', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local' },
        body: new Uint8Array(2 << 20),
      });
      assert.equal(early.status, 400);
      assert.equal(early.headers.get('connection'), 'close');
      assert.equal(((await early.json()) as { message: string }).message, 'bad from the first chunk');
      assert.deepEqual(await (await get('/fine')).json(), { ok: true });
    }
  });

  const get = (path: string) => fetch(http.url + path, { headers: { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local' } });

  it('answers 500 with the error body instead of dropping the connection, and goes on serving', async () => {
    for (const path of ['/cycle', '/deep']) {
      const response = await get(path);
      assert.equal(response.status, 500, path);
      assert.deepEqual(await response.json(), { code: 500, message: 'internal server error' });
    }
    assert.equal(internalErrors.length, 2, 'each is reported as the service’s fault');
    assert.deepEqual(await (await get('/fine')).json(), { ok: true });
  });
});
