/**
 * Runs the mocha suite of test/e2e/extension inside the real Node extension host of a VS Code,
 * against `apl serve --demo` on a loopback port, through @vscode/test-electron's `runTests`.
 * The VS Code it launches is code-server: `vscodeExecutablePath` is code-server-as-vscode.mjs,
 * which takes VS Code's command line, starts code-server with headless chromium as its client and
 * exits with the suite's code (see codeServerAsVscode.ts).
 *
 *   node --import tsx scripts/e2e/run-extension-tests.ts     (npm run test:e2e runs it)
 *
 * Exit code: 0 all passed, 1 a test failed, 2 the machinery failed, 124 no result in time.
 * Env: APL_E2E_GREP (only tests whose title matches), APL_E2E_TIMEOUT (seconds, default 300),
 * KEEP_E2E=1 (keep the scratch folders with the service and code-server logs).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { rootCertificates } from 'node:tls';
import { runTests, TestRunFailedError } from '@vscode/test-electron';
import { buildExtensionTests } from './buildTests.ts';
import { describeError, ensureCodeServer, projectRoot, removeDir, scratchDir, startAplService, stopAll, type AplService } from './harness.ts';

const vscodeExecutable = path.join(projectRoot, 'scripts/e2e/code-server-as-vscode.mjs');

/** The exit code of the test run: runTests resolves on 0 and rejects with the code otherwise. */
async function runSuite(options: Parameters<typeof runTests>[0]): Promise<number> {
  try {
    return await runTests(options);
  } catch (error) {
    if (error instanceof TestRunFailedError) return error.code ?? 2;
    throw error;
  }
}

/** Runs the suite against `given` (a running service), else against a service of its own. */
export async function runExtensionTests(given?: { url: string; token: string }): Promise<number> {
  const started = Date.now();
  const work = scratchDir('apl-e2e-extension-');
  let ownService: AplService | undefined;
  let code = 2;
  try {
    // Installed here rather than in the executable, so its first-run output is not mixed with the suite's.
    ensureCodeServer();
    const testsEntry = await buildExtensionTests('extension');
    if (!given) ownService = await startAplService(work);
    const service = given ?? { url: ownService!.url, token: ownService!.token };
    const workspace = path.join(work, 'workspace');
    mkdirSync(workspace);
    // The extension starts its language server without this variable (server/environment.ts); set here, whatever the machine has, so the suite can tell.
    const extraCaCertificates = path.join(work, 'extra-ca.pem');
    writeFileSync(extraCaCertificates, rootCertificates[0]!);
    code = await runSuite({
      vscodeExecutablePath: vscodeExecutable,
      extensionDevelopmentPath: projectRoot,
      extensionTestsPath: testsEntry,
      launchArgs: [workspace],
      // Reaches the extension host: the executable passes its environment on to code-server.
      extensionTestsEnv: {
        APL_E2E_SERVICE_URL: service.url,
        APL_E2E_TOKEN: service.token,
        APL_E2E_GREP: process.env.APL_E2E_GREP ?? '',
        NODE_EXTRA_CA_CERTS: extraCaCertificates,
      },
    });
  } catch (error) {
    console.error(`extension-host tests: ${describeError(error)}`);
    code = 2;
  } finally {
    await stopAll(ownService?.process);
    if ((code === 2 || code === 124) && ownService) console.error(`--- end of the service log ---\n${ownService.process.logTail()}`);
    removeDir(work);
  }
  const verdict = code === 0 ? 'passed' : code === 1 ? 'FAILED (see the failing tests above)' : code === 124 ? 'TIMED OUT' : 'COULD NOT RUN';
  console.log(`extension-host tests ${verdict} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return code;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await runExtensionTests());
