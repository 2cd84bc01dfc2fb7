/**
 * Runs the mocha suite of test/e2e/extension inside the real Node extension host of code-server,
 * against `apl serve --demo` on a loopback port. Headless chromium is only the workbench client:
 * the page is opened with the payload VS Code uses for extension development windows
 * (extensionDevelopmentPath + extensionTestsPath as vscode-remote URIs), so the remote extension
 * host loads this repository's extension and calls the suite's `run()`. When that settles the
 * workbench calls `window.codeAutomationExit(code)`; the suite's console output arrives through
 * `window.codeAutomationLog`.
 *
 *   node --import tsx scripts/e2e/run-extension-tests.ts     (npm run test:e2e runs it)
 *
 * Exit code: 0 all passed, 1 a test failed, 2 the machinery failed, 124 no result in time.
 * Env: APL_E2E_GREP (only tests whose title matches), APL_E2E_TIMEOUT (seconds, default 300),
 * KEEP_E2E=1 (keep the scratch folder with the service and code-server logs).
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import type { BrowserContext } from 'playwright-core';
import { buildExtensionTests } from './buildTests.ts';
import { ensureCodeServer, launchBrowser, projectRoot, removeDir, scratchDir, SetupError, startAplService, startCodeServer, stopAll, type AplService, type CodeServer } from './harness.ts';

/** Workbench chatter the extension host forwards with the suite's output. */
const noise = /^(Creation of workbench contribution|Ignoring fetching additional builtin extensions|Creating a socket|Resolving connection token|Resolved connection token|Updating additional builtin|\[Service Worker\]|ChatSessionStore|Started local extension host|Loading development extension)/;

/** Runs the suite against `given` (a running service), else against a service of its own. */
export async function runExtensionTests(given?: { url: string; token: string }): Promise<number> {
  const started = Date.now();
  const timeoutSeconds = Number(process.env.APL_E2E_TIMEOUT ?? 300);
  const work = scratchDir('apl-e2e-extension-');
  let ownService: AplService | undefined;
  let codeServer: CodeServer | undefined;
  let browser: BrowserContext | undefined;
  let code = 2;
  try {
    const install = ensureCodeServer();
    const testsEntry = await buildExtensionTests();
    if (!given) ownService = await startAplService(work);
    const service = given ?? { url: ownService!.url, token: ownService!.token };
    const workspace = path.join(work, 'workspace');
    mkdirSync(workspace);
    // The extension host inherits code-server's environment: that is how the suite finds the service.
    codeServer = await startCodeServer({
      install,
      workDir: work,
      env: { APL_E2E_SERVICE_URL: service.url, APL_E2E_TOKEN: service.token, APL_E2E_GREP: process.env.APL_E2E_GREP ?? '' },
    });
    browser = await launchBrowser({ chromium: install.chromium, profileDir: path.join(work, 'chromium'), allowedOrigins: [codeServer.url] });

    let finish!: (code: number) => void;
    const finished = new Promise<number>((resolve) => (finish = resolve));
    await browser.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const line = Array.isArray(args) ? format(...args) : String(args);
      if (noise.test(line)) return;
      (type === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
    });
    await browser.exposeFunction('codeAutomationExit', (exitCode: number) => finish(Number(exitCode)));
    const page = browser.pages()[0] ?? (await browser.newPage());
    page.on('pageerror', (error) => process.stderr.write(`[workbench page error] ${error.message}\n`));

    const remote = (file: string) => `vscode-remote://${new URL(codeServer!.url).host}${file}`;
    const payload = [
      ['extensionDevelopmentPath', remote(projectRoot.replace(/\/$/, ''))],
      ['extensionTestsPath', remote(testsEntry)],
    ];
    await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(124), timeoutSeconds * 1000)));
    code = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    if (code === 124) console.error(`extension-host tests: no result after ${timeoutSeconds} s`);
  } catch (error) {
    console.error(`extension-host tests: ${error instanceof SetupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    code = 2;
  } finally {
    await stopAll(browser, codeServer?.process, ownService?.process);
    if (code === 2 || code === 124) {
      if (codeServer) console.error(`--- end of the code-server log ---\n${codeServer.process.logTail()}`);
      if (ownService) console.error(`--- end of the service log ---\n${ownService.process.logTail()}`);
    }
    removeDir(work);
  }
  const verdict = code === 0 ? 'passed' : code === 1 ? 'FAILED (see the failing tests above)' : code === 124 ? 'TIMED OUT' : 'COULD NOT RUN';
  console.log(`extension-host tests ${verdict} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await runExtensionTests());
