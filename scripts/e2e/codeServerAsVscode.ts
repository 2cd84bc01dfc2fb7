/**
 * code-server standing in for the VS Code executable that @vscode/test-electron launches
 * (`runTests({ vscodeExecutablePath })`; the executable is the shim code-server-as-vscode.mjs).
 *
 * It reads the VS Code command line test-electron builds, starts code-server with fresh user data
 * and headless chromium as its only client, and opens the workbench with the payload VS Code uses
 * for extension development windows (extensionDevelopmentPath + extensionTestsPath as
 * vscode-remote URIs). The remote Node extension host then loads the extension and calls the
 * suite's `run()`; when that settles the workbench calls `window.codeAutomationExit(code)`, and the
 * suite's console output arrives through `window.codeAutomationLog`.
 *
 * This process's environment (test-electron's `extensionTestsEnv` included) is passed on to
 * code-server, whose extension host inherits it.
 *
 * Exit code: the suite's (0 passed, 1 failed), 2 the machinery failed, 124 no result in time.
 * Env: APL_E2E_TIMEOUT (seconds, default 300), KEEP_E2E=1 (keep the scratch folder).
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { describeError, ensureCodeServer, launchBrowser, removeDir, runDevelopmentWindow, scratchDir, SetupError, startCodeServer, stopAll, type CodeServer } from './harness.ts';

interface VscodeTestLaunch {
  extensionDevelopmentPath: string;
  extensionTestsPath: string;
  /** A folder or .code-workspace to open; an empty folder when absent. */
  folder?: string;
  disableExtensions: boolean;
}

/** VS Code flags that take their value as the next argument when written without `=`. */
const flagsWithValue = new Set(['--extensionDevelopmentPath', '--extensionTestsPath', '--user-data-dir', '--extensions-dir', '--log', '--locale']);

/**
 * Reads the part of VS Code's command line that matters here. Profile folders (`--user-data-dir`,
 * `--extensions-dir`) are ignored: every run gets fresh ones in a scratch folder. Flags meant for
 * Electron (`--no-sandbox`, `--disable-gpu-sandbox`, …) have no meaning for code-server.
 */
function parseVscodeArgs(argv: string[]): VscodeTestLaunch {
  const developmentPaths: string[] = [];
  let testsPath: string | undefined;
  let folder: string | undefined;
  let disableExtensions = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const equals = arg.indexOf('=');
    const flag = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg;
    const value = () => (flag !== arg ? arg.slice(equals + 1) : argv[++i]);
    if (flagsWithValue.has(flag)) {
      const given = value();
      if (given === undefined) throw new SetupError(`${flag} needs a value`);
      if (flag === '--extensionDevelopmentPath') developmentPaths.push(path.resolve(given));
      if (flag === '--extensionTestsPath') testsPath = path.resolve(given);
    } else if (flag === '--disable-extensions') {
      disableExtensions = true;
    } else if (!flag.startsWith('-')) {
      folder = path.resolve(flag);
    }
  }
  if (developmentPaths.length === 0 || !testsPath) throw new SetupError('usage: code-server-as-vscode --extensionDevelopmentPath=DIR --extensionTestsPath=FILE [FOLDER] [--disable-extensions]');
  // The web workbench keeps its payload in a map: one development extension per window.
  if (developmentPaths.length > 1) throw new SetupError('code-server loads one --extensionDevelopmentPath per window; got several');
  return { extensionDevelopmentPath: developmentPaths[0]!, extensionTestsPath: testsPath, folder, disableExtensions };
}

/** Workbench chatter the extension host forwards with the suite's output. */
const noise = /^(Creation of workbench contribution|Ignoring fetching additional builtin extensions|Creating a socket|Resolving connection token|Resolved connection token|Updating additional builtin|\[Service Worker\]|ChatSessionStore|Started local extension host|Loading development extension)/;

/** Runs the suite in code-server's extension host; gives the exit code. */
async function runInCodeServer(launch: VscodeTestLaunch): Promise<number> {
  const timeoutSeconds = Number(process.env.APL_E2E_TIMEOUT ?? 300);
  const work = scratchDir('apl-e2e-vscode-');
  let codeServer: CodeServer | undefined;
  let browser: BrowserContext | undefined;
  let code = 2;
  // test-electron stops its VS Code with SIGINT; code-server and chromium live in their own process groups.
  const interrupted = (signal: NodeJS.Signals) => void stopAll(browser, codeServer?.process).finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const install = ensureCodeServer();
    const folder = launch.folder ?? path.join(work, 'workspace');
    if (!launch.folder) mkdirSync(folder);
    codeServer = await startCodeServer({ install, workDir: work });
    browser = await launchBrowser({ chromium: install.chromium, profileDir: path.join(work, 'chromium'), allowedOrigins: [codeServer.url] });
    code = await runDevelopmentWindow({
      codeServer,
      browser,
      extensionDevelopmentPath: launch.extensionDevelopmentPath,
      extensionTestsPath: launch.extensionTestsPath,
      folder,
      disableExtensions: launch.disableExtensions,
      timeoutMs: timeoutSeconds * 1000,
      log: (type, line) => {
        if (!noise.test(line)) (type === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
      },
    });
    if (code === 124) console.error(`code-server-as-vscode: no result from the extension host after ${timeoutSeconds} s`);
  } catch (error) {
    console.error(`code-server-as-vscode: ${describeError(error)}`);
    code = 2;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await stopAll(browser, codeServer?.process);
    if ((code === 2 || code === 124) && codeServer) console.error(`--- end of the code-server log ---\n${codeServer.process.logTail()}`);
    removeDir(work);
  }
  return code;
}

/** Entry of the executable shim: VS Code's argv in, the suite's exit code out. */
export async function main(argv: string[]): Promise<number> {
  let launch: VscodeTestLaunch;
  try {
    launch = parseVscodeArgs(argv);
  } catch (error) {
    console.error(`code-server-as-vscode: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  return runInCodeServer(launch);
}
