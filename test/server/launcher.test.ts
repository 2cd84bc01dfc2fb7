import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CompletionItem, InitializeResult } from 'vscode-languageserver-protocol';
import { builtBundle } from '../support/build.ts';
import { LspTestClient } from './lspClient.ts';

const cacheHome = mkdtempSync(join(tmpdir(), 'apl-launcher-test-'));
const cacheDirectory = join(cacheHome, 'apl', 'code-cache');

/** Starts the built server with its own cache home, has it diagnose one query and stops it; returns the diagnostics' messages. */
async function runSession(env: Record<string, string> = { XDG_CACHE_HOME: cacheHome }, sendInitialized = true): Promise<string[]> {
  const client = LspTestClient.overStdio(builtBundle('server.js'), env);
  try {
    const result = await client.request<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
    assert.equal(result.capabilities.hoverProvider, true);
    if (sendInitialized) client.notify('initialized', {});
    const uri = 'file:///workspace/launcher.apl';
    const mark = client.mark();
    client.open(uri, "['logs'] | where status >= 500 | summarize count( by service");
    const published = await client.diagnosticsAfter(mark, uri);
    const completions = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 11 } });
    assert.ok(completions.some((item) => item.label === 'where'), 'operators are offered after |');
    assert.equal(await client.request('shutdown', null), null);
    client.notify('exit', null);
    assert.equal(await client.exited, 0, client.serverOutput);
    return published.diagnostics.map((diagnostic) => String(diagnostic.message));
  } finally {
    client.dispose();
  }
}

function cacheFiles(): string[] {
  return readdirSync(cacheDirectory).filter((name) => name.endsWith('.bin'));
}

describe('dist/server.js launcher (V8 code cache)', { timeout: 60_000 }, () => {
  after(() => rmSync(cacheHome, { recursive: true, force: true }));

  it('writes a code cache only the user can read, and answers the same with it', async () => {
    const cold = await runSession();
    assert.ok(cold.length > 0, 'the unclosed call is reported');
    const caches = cacheFiles().sort();
    assert.deepEqual(
      caches.map((name) => name.split('-').slice(0, 2).join('-')),
      ['language-core', 'language-server'],
      'the server and the core it loads after `initialize` each get a cache',
    );
    assert.equal(statSync(cacheDirectory).mode & 0o777, 0o700);
    for (const cache of caches) {
      assert.equal(statSync(join(cacheDirectory, cache)).mode & 0o777, 0o600);
      assert.ok(statSync(join(cacheDirectory, cache)).size > 10_000);
    }

    assert.deepEqual(await runSession(), cold);
    assert.deepEqual(cacheFiles().sort(), caches, 'a warm start reuses the caches instead of writing others');
  });

  it('replaces a corrupt cache and still starts', async () => {
    const path = join(cacheDirectory, cacheFiles().find((name) => name.startsWith('language-server-'))!);
    writeFileSync(path, 'not a code cache');
    const diagnostics = await runSession();
    assert.ok(diagnostics.length > 0);
    assert.notEqual(readFileSync(path, 'utf8'), 'not a code cache');
  });

  it('keeps the newest four caches of a bundle when it writes another', async () => {
    const stale = [1, 2, 3, 4, 5].map((age) => {
      const path = join(cacheDirectory, `language-server-11.0.0-x64-1000-${age}.bin`);
      writeFileSync(path, 'an old build');
      const modified = new Date(Date.now() - age * 86_400_000);
      utimesSync(path, modified, modified);
      return path;
    });
    const other = join(cacheDirectory, 'language-core-11.0.0-x64-1000-9.bin');
    writeFileSync(other, 'an old build');
    utimesSync(other, new Date(0), new Date(0));
    for (const cache of cacheFiles().filter((name) => name.startsWith('language-server-') && !stale.includes(join(cacheDirectory, name)))) {
      rmSync(join(cacheDirectory, cache)); // the current build's cache, so that this start writes one
    }
    assert.ok((await runSession()).length > 0);
    const kept = cacheFiles().filter((name) => name.startsWith('language-server-'));
    assert.equal(kept.length, 4, kept.join(', '));
    assert.deepEqual(
      stale.filter((path) => existsSync(path)),
      stale.slice(0, 3),
      'the three newest old caches stay beside the new one',
    );
    assert.ok(existsSync(other), "another bundle's caches are its own to prune");
  });

  it('starts when the cache directory cannot be written', async () => {
    const blocked = join(cacheHome, 'a-file');
    writeFileSync(blocked, '');
    assert.ok((await runSession({ XDG_CACHE_HOME: blocked })).length > 0);
  });

  it('loads the language core for a client that never sends `initialized`', async () => {
    assert.ok((await runSession({ XDG_CACHE_HOME: cacheHome }, false)).length > 0);
  });
});
