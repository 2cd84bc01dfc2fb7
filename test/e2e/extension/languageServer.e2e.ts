import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { suite, test } from 'mocha';
import { eventually, extensionApi, openAplFile } from './support.ts';

/** The extension host's child processes running the bundled language server (Linux: read from /proc). */
function languageServerProcesses(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return Number(parent) === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').some((arg) => arg.endsWith('dist/server.js'));
      } catch {
        return false; // it exited while we looked
      }
    });
}

suite('The language server process', () => {
  test('is started without NODE_EXTRA_CA_CERTS, and with the rest of the environment', async function () {
    if (!existsSync('/proc/self/environ')) this.skip(); // reads other processes' environments the Linux way
    assert.ok(process.env.NODE_EXTRA_CA_CERTS, 'the runner sets NODE_EXTRA_CA_CERTS for the extension host');
    await extensionApi();
    await openAplFile('server-process.apl', "['sample-http-logs'] | count");
    const [server] = await eventually('the language server process', async () => {
      const found = languageServerProcesses();
      return found.length > 0 ? found : undefined;
    });
    const environment = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
    assert.ok(!environment.some((entry) => entry.startsWith('NODE_EXTRA_CA_CERTS=')), 'NODE_EXTRA_CA_CERTS reached the server');
    assert.ok(environment.includes(`APL_E2E_SERVICE_URL=${process.env.APL_E2E_SERVICE_URL}`), 'the rest of the environment is passed on');
  });
});
