/**
 * `npm run test:e2e`: the extension in a real VS Code (code-server), against one `apl serve --demo`.
 *   1. code-server and chromium from the cache (installed on the first run, a few minutes)
 *   2. the .vsix (`npm run package`)
 *   3. the mocha suite inside the extension host, through @vscode/test-electron (scripts/e2e/run-extension-tests.ts)
 *   4. the Playwright UI test against the installed .vsix (test/e2e/ui/*.ui.ts, node:test)
 * Ends with one line per part and exits non-zero when any failed.
 *
 * APL_E2E_UI=notebook,chart runs only those UI stories (test/e2e/ui/<name>.ui.ts); one story also
 * runs alone with `node --import tsx --test test/e2e/ui/<name>.ui.ts` (its own service and .vsix).
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { describeError, ensureCodeServer, packageExtension, projectRoot, removeDir, scratchDir, startAplService, stopAll, type AplService } from './harness.ts';
import { runExtensionTests } from './run-extension-tests.ts';

const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const outcomes: string[] = [];
let failed = false;

function record(part: string, ok: boolean, since: number, detail = ''): void {
  outcomes.push(`e2e ${part}: ${ok ? 'passed' : 'FAILED'} in ${seconds(since)}${detail ? ` (${detail})` : ''}`);
  failed ||= !ok;
}

const work = scratchDir('apl-e2e-');
let service: AplService | undefined;
try {
  let since = Date.now();
  ensureCodeServer();
  record('setup: code-server and chromium', true, since);

  since = Date.now();
  const vsix = packageExtension();
  record('package: dist/apl-tools.vsix', true, since);

  since = Date.now();
  service = await startAplService(work);
  record(`setup: apl serve --demo on ${service.url}`, true, since);
  const target = { url: service.url, token: service.token };

  since = Date.now();
  const extensionHost = await runExtensionTests(target);
  record('extension-host tests (mocha in code-server via @vscode/test-electron)', extensionHost === 0, since, extensionHost === 0 ? '' : `exit ${extensionHost}`);

  since = Date.now();
  const picked = process.env.APL_E2E_UI?.split(',').map((name) => name.trim()).filter(Boolean);
  const uiFiles = readdirSync(path.join(projectRoot, 'test/e2e/ui'))
    .filter((name) => name.endsWith('.ui.ts') && (!picked || picked.includes(name.slice(0, -'.ui.ts'.length))))
    .map((name) => path.join('test/e2e/ui', name));
  const ui = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...uiFiles], {
      cwd: projectRoot,
      stdio: 'inherit',
      env: { ...process.env, APL_E2E_SERVICE_URL: target.url, APL_E2E_TOKEN: target.token, APL_E2E_VSIX: vsix },
    });
    child.once('exit', (code) => resolve(code ?? 1));
  });
  record('workbench UI test (Playwright, installed .vsix)', ui === 0, since, ui === 0 ? '' : `exit ${ui}`);
} catch (error) {
  record('setup', false, started, describeError(error));
  if (service) console.error(`--- end of the service log ---\n${service.process.logTail()}`);
} finally {
  await stopAll(service?.process);
  removeDir(work);
}

console.log(`\n${outcomes.join('\n')}\ne2e total ${seconds(started)}: ${failed ? 'FAILED' : 'passed'}`);
process.exit(failed ? 1 : 0);
