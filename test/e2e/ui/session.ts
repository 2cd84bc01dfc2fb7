/**
 * One workbench for the UI test: code-server with the packaged extension (.vsix) installed, the
 * local service with demo data, a copy of examples/ as the workspace, headless chromium on it.
 * The service and the .vsix come from scripts/e2e/run.ts through the environment when it runs
 * this file; run alone, the file starts and packages its own.
 */
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ensureCodeServer,
  installVsix,
  launchBrowser,
  packageExtension,
  projectRoot,
  removeDir,
  scratchDir,
  startAplService,
  startCodeServer,
  stopAll,
  type AplService,
  type CodeServer,
} from '../../../scripts/e2e/harness.ts';

export interface Session {
  page: Page;
  service: { url: string; token: string };
  /** The workspace folder on disk (a copy of examples/): a story may write its own files there. */
  workspace: string;
  close(): Promise<void>;
}

/** Makes typing into the editor predictable: no auto-closing, no suggestions unless asked for. */
const editorSettings = {
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoClosingOvertype': 'never',
  'editor.autoSurround': 'never',
  'editor.autoIndent': 'none',
  'editor.formatOnType': false,
  'editor.quickSuggestions': { other: false, comments: false, strings: false },
  'editor.suggestOnTriggerCharacters': false,
  'editor.parameterHints.enabled': false,
  'editor.hover.delay': 100,
  'editor.minimap.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  'window.commandCenter': false,
  'workbench.layoutControl.enabled': false,
};

export async function openSession(): Promise<Session> {
  const work = scratchDir('apl-e2e-ui-');
  let service: AplService | undefined;
  let codeServer: CodeServer | undefined;
  let browser: BrowserContext | undefined;
  const close = async () => {
    await stopAll(browser, codeServer?.process, service?.process);
    removeDir(work);
  };
  try {
    const install = ensureCodeServer();
    const vsix = process.env.APL_E2E_VSIX || packageExtension();
    const extensionsDir = path.join(work, 'extensions');
    installVsix(install, work, extensionsDir, vsix);

    const given = process.env.APL_E2E_SERVICE_URL && process.env.APL_E2E_TOKEN ? { url: process.env.APL_E2E_SERVICE_URL, token: process.env.APL_E2E_TOKEN } : undefined;
    if (!given) service = await startAplService(work);
    const target = given ?? { url: service!.url, token: service!.token };

    const workspace = path.join(work, 'examples');
    cpSync(path.join(projectRoot, 'examples'), workspace, { recursive: true });
    codeServer = await startCodeServer({ install, workDir: work, extensionsDir, settings: { ...editorSettings, 'apl.service.url': target.url } });
    browser = await launchBrowser({ chromium: install.chromium, profileDir: path.join(work, 'chromium'), allowedOrigins: [codeServer.url] });
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${codeServer.url}/?folder=${encodeURIComponent(workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // The explorer lists the files once the remote file system is connected.
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'http-errors.apl' }).waitFor({ timeout: 60_000 });
    return { page, service: target, workspace, close };
  } catch (error) {
    if (codeServer) console.error(`--- end of the code-server log ---\n${codeServer.process.logTail()}`);
    await close();
    throw error;
  }
}
