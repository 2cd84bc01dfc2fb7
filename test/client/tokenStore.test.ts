import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import type * as vscode from 'vscode';
import { TokenStore } from '../../client/tokenStore.ts';

/** An in-memory stand-in for the editor's SecretStorage (VS Code's, not ours). */
function memorySecrets(initial: Record<string, string> = {}): vscode.SecretStorage & { values: Map<string, string> } {
  const values = new Map(Object.entries(initial));
  const listeners: ((event: { key: string }) => void)[] = [];
  const fire = (key: string) => listeners.forEach((listener) => listener({ key }));
  return {
    values,
    get: async (key: string) => values.get(key),
    store: async (key: string, value: string) => void (values.set(key, value), fire(key)),
    delete: async (key: string) => void (values.delete(key), fire(key)),
    keys: async () => [...values.keys()],
    onDidChange: (listener: (event: { key: string }) => void) => {
      listeners.push(listener);
      return { dispose: () => listeners.splice(listeners.indexOf(listener), 1) };
    },
  } as unknown as vscode.SecretStorage & { values: Map<string, string> };
}

test('each connection has its own token', async () => {
  const tokens = new TokenStore(memorySecrets());
  await tokens.set('local', 'xaat-local');
  await tokens.set('prod', 'xaat-prod');
  assert.equal(await tokens.get('local'), 'xaat-local');
  assert.equal(await tokens.get('prod'), 'xaat-prod');
  await tokens.clear('prod');
  assert.equal(await tokens.get('prod'), undefined);
  assert.equal(await tokens.get('local'), 'xaat-local');
});

test('the single token of earlier versions moves to the default connection, once', async () => {
  const secrets = memorySecrets({ 'apl.serviceToken': 'xaat-old' });
  const tokens = new TokenStore(secrets);
  await tokens.migrateLegacy('local');
  assert.equal(await tokens.get('local'), 'xaat-old');
  assert.equal(secrets.values.has('apl.serviceToken'), false, 'the old key is gone');
  await tokens.migrateLegacy('local');
  assert.equal(await tokens.get('local'), 'xaat-old');
});

test('a token the default connection has already is not overwritten by the legacy one', async () => {
  const secrets = memorySecrets({ 'apl.serviceToken': 'xaat-old', 'apl.serviceToken.local': 'xaat-new' });
  await new TokenStore(secrets).migrateLegacy('local');
  assert.equal(secrets.values.get('apl.serviceToken.local'), 'xaat-new');
  assert.equal(secrets.values.has('apl.serviceToken'), false);
});

test('a change names the connection whose token changed; the legacy key is not one', async () => {
  const secrets = memorySecrets();
  const tokens = new TokenStore(secrets);
  const seen: string[] = [];
  tokens.onDidChange((name) => seen.push(name));
  await tokens.set('prod', 'xaat-prod');
  await secrets.store('apl.serviceToken', 'xaat-old');
  assert.deepEqual(seen, ['prod']);
});
