/**
 * What the end-to-end scripts share: code-server from the cache (installed on first use), the
 * local APL service with demo data, code-server itself and a headless chromium that may talk to
 * loopback only. Every process is started in its own process group and stopped by its id.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import * as path from 'node:path';
import { format } from 'node:util';
import type { BrowserContext } from 'playwright-core';

export const projectRoot = path.resolve(import.meta.dirname, '../..');

export interface CodeServerInstall {
  entry: string;
  chromium: string;
}

/** Runs the installer (quick when everything is there) and says where code-server and chromium are. */
export function ensureCodeServer(): CodeServerInstall {
  const dir = process.env.APL_CODE_SERVER_DIR || path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'apl-tools', 'code-server');
  const installer = path.join(projectRoot, 'scripts/e2e/install-code-server.sh');
  const result = spawnSync('bash', [installer, dir], { stdio: 'inherit' });
  if (result.status !== 0) throw new SetupError(`installing code-server failed (${installer} exited with ${result.status ?? result.signal})`);
  const chromium = findChromium();
  if (!chromium) throw new SetupError('no chromium binary (set CHROMIUM)');
  return { entry: path.join(dir, 'node_modules/code-server/out/node/entry.js'), chromium };
}

/** The browser the installer settled on: $CHROMIUM, else `chromium` or `chromium-browser` on the PATH. */
export function findChromium(): string | undefined {
  if (process.env.CHROMIUM) return process.env.CHROMIUM;
  const directories = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const name of ['chromium', 'chromium-browser']) {
    const found = directories.map((directory) => path.join(directory, name)).find(isExecutableFile);
    if (found) return found;
  }
  return undefined;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** A failure of the test machinery rather than of a test. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/** A setup failure by its message (it says what to do); anything else with its stack. */
export function describeError(error: unknown): string {
  if (error instanceof SetupError) return error.message;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** `npm run package`; gives the .vsix, or prints the packager's output and throws. */
export function packageExtension(): string {
  const vsix = path.join(projectRoot, 'dist/apl-tools.vsix');
  const packaged = spawnSync('npm', ['run', '--silent', 'package'], { cwd: projectRoot, encoding: 'utf8' });
  if (packaged.status !== 0 || !existsSync(vsix)) {
    process.stderr.write(`${packaged.stdout}${packaged.stderr}`);
    throw new SetupError(`npm run package did not produce ${vsix}`);
  }
  return vsix;
}

/** `preferred` when it is free on loopback, else any free port. */
export async function freePort(preferred?: number): Promise<number> {
  const port = (preferred !== undefined && (await bindOnce(preferred))) || (await bindOnce(0));
  if (!port) throw new SetupError('no free loopback port');
  return port;
}

/** Listens on `port` and closes again; gives the port it got, undefined when it could not listen. */
function bindOnce(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

export function scratchDir(prefix: string): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** A child in its own process group, so stopping it also stops what it started. */
export class Process {
  private exited: Promise<void>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
    readonly logFile: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  logTail(characters = 3000): string {
    try {
      return readFileSync(this.logFile, 'utf8').slice(-characters);
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    if (!this.running || this.child.pid === undefined) return;
    try {
      process.kill(-this.child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killed = setTimeout(() => {
      try {
        process.kill(-this.child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await this.exited;
    clearTimeout(killed);
  }
}

function startProcess(name: string, command: string, args: string[], logFile: string, env: NodeJS.ProcessEnv, cwd = projectRoot): Process {
  const log = openSync(logFile, 'w');
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', log, log], detached: true });
  closeSync(log);
  return new Process(name, child, logFile);
}

/** Waits until `ready`; when it never comes, stops the process (a live child would keep this one running) and throws. */
async function waitFor(what: string, process_: Process, timeoutMs: number, ready: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await ready())) {
    const problem = !process_.running ? `exited before ${what}` : Date.now() > deadline ? `no ${what} after ${timeoutMs / 1000} s` : undefined;
    if (problem) {
      const log = process_.logTail();
      await process_.stop();
      throw new SetupError(`${process_.name}: ${problem}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export interface AplService {
  url: string;
  token: string;
  process: Process;
}

/**
 * Events per demo dataset for the tests: a fifth of the default loads in seconds even on a busy
 * machine and still fills every 5-minute bucket of the last hour.
 */
const testDemoEvents = 20_000;

/** `apl serve --demo` from dist/ on a free loopback port, in a fresh data directory; resolves once the demo data is in. */
export async function startAplService(workDir: string, demoEvents: number | undefined = testDemoEvents, token = 'xapt-e2e-admin-token'): Promise<AplService> {
  const dataDir = path.join(workDir, 'service-data');
  mkdirSync(dataDir, { recursive: true });
  const args = [path.join(projectRoot, 'dist/cli.js'), 'serve', '--demo', '--data', dataDir, '--port', '0'];
  if (demoEvents !== undefined) args.push('--demo-events', String(demoEvents));
  const service = startProcess('apl serve', process.execPath, args, path.join(workDir, 'service.log'), { ...process.env, APL_ADMIN_TOKEN: token });
  let url = '';
  await waitFor('demo data', service, 300_000, () => {
    const log = service.logTail(100_000);
    url = /listening on (http:\/\/\S+)/.exec(log)?.[1] ?? '';
    return url !== '' && /demo datasets (created|already present)/.test(log);
  });
  return { url, token, process: service };
}

export interface CodeServer {
  url: string;
  process: Process;
}

/** Settings that keep the workbench quiet and predictable for tests. */
const quietSettings: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'chat.commandCenter.enabled': false,
};

export interface CodeServerOptions {
  install: CodeServerInstall;
  workDir: string;
  settings?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** Extensions already installed there; a fresh folder by default. */
  extensionsDir?: string;
}

/** code-server on a loopback port with its own user data, no auth, no gallery. */
export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  const userDataDir = path.join(options.workDir, 'user-data');
  const extensionsDir = options.extensionsDir ?? path.join(options.workDir, 'extensions');
  mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(path.join(userDataDir, 'User/settings.json'), JSON.stringify({ ...quietSettings, ...options.settings }, null, 2));
  const port = options.port ?? (await freePort());
  const args = [
    options.install.entry,
    ...codeServerFlags(options.workDir, userDataDir, extensionsDir),
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', '--ignore-last-opened',
  ];
  const server = startProcess('code-server', process.execPath, args, path.join(options.workDir, 'code-server.log'), {
    ...process.env,
    ...options.env,
    // code-server's gallery defaults to a public one: no gallery, no outside connections.
    EXTENSIONS_GALLERY: '{}',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor('answer on /healthz', server, 60_000, async () => {
    try {
      return (await fetch(`${url}/healthz`)).ok;
    } catch {
      return false;
    }
  });
  return { url, process: server };
}

/** --config keeps code-server from writing ~/.config/code-server/config.yaml. */
function codeServerFlags(workDir: string, userDataDir: string, extensionsDir: string): string[] {
  return ['--config', path.join(workDir, 'code-server.yaml'), '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
}

/** `code-server --install-extension FILE` into an extensions folder. */
export function installVsix(install: CodeServerInstall, workDir: string, extensionsDir: string, vsix: string): void {
  mkdirSync(extensionsDir, { recursive: true });
  const result = spawnSync(process.execPath, [install.entry, ...codeServerFlags(workDir, path.join(workDir, 'user-data'), extensionsDir), '--install-extension', vsix], {
    encoding: 'utf8',
    env: { ...process.env, EXTENSIONS_GALLERY: '{}' },
  });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0 || !/was successfully installed/.test(output)) throw new SetupError(`installing ${vsix} into code-server failed:\n${output}`);
}

export interface BrowserOptions {
  chromium: string;
  profileDir: string;
  /** Origins the browser may reach; everything else is aborted. */
  allowedOrigins: string[];
  viewport?: { width: number; height: number };
}

export async function launchBrowser(options: BrowserOptions): Promise<BrowserContext> {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(options.profileDir, {
    executablePath: options.chromium,
    headless: true,
    viewport: options.viewport ?? { width: 1400, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const allowed = (url: URL) => options.allowedOrigins.includes(url.origin) || url.protocol === 'data:' || url.protocol === 'blob:';
  await context.route((url) => !allowed(url), (route) => route.abort());
  return context;
}

export interface DevelopmentWindow {
  codeServer: CodeServer;
  browser: BrowserContext;
  /** The extension to load as in development, and the file whose `run()` the extension host calls. */
  extensionDevelopmentPath: string;
  extensionTestsPath: string;
  /** The folder (or .code-workspace) the window opens. */
  folder: string;
  disableExtensions?: boolean;
  timeoutMs: number;
  /** Each console message of the extension host, and each error of the workbench page (as 'error'). */
  log(type: string, line: string): void;
}

/**
 * Opens the workbench as VS Code opens an extension development window: the payload names the
 * extension and the tests as vscode-remote URIs. The workbench reports the console of `run()`
 * through `window.codeAutomationLog` and its outcome through `window.codeAutomationExit`.
 * Gives that exit code, or 124 when none came within the time.
 */
export async function runDevelopmentWindow(window: DevelopmentWindow): Promise<number> {
  let finish!: (code: number) => void;
  const finished = new Promise<number>((resolve) => (finish = resolve));
  await window.browser.exposeFunction('codeAutomationLog', (type: string, args: unknown) => window.log(type, Array.isArray(args) ? format(...args) : String(args)));
  await window.browser.exposeFunction('codeAutomationExit', (code: number) => finish(Number(code)));
  const page = window.browser.pages()[0] ?? (await window.browser.newPage());
  page.on('pageerror', (error) => window.log('error', `[workbench page error] ${error.message}`));

  const remote = (file: string) => `vscode-remote://${new URL(window.codeServer.url).host}${file}`;
  const payload = [
    ['extensionDevelopmentPath', remote(window.extensionDevelopmentPath)],
    ['extensionTestsPath', remote(window.extensionTestsPath)],
    ...(window.disableExtensions ? [['disableExtensions', 'true']] : []),
  ];
  const opened = window.folder.endsWith('.code-workspace') ? `workspace=${encodeURIComponent(window.folder)}` : `folder=${encodeURIComponent(window.folder)}`;
  await page.goto(`${window.codeServer.url}/?${opened}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => (timer = setTimeout(() => resolve(124), window.timeoutMs)));
  const code = await Promise.race([finished, timedOut]);
  clearTimeout(timer);
  return code;
}

/** Stops everything given, in order, ignoring what is already gone. */
export async function stopAll(...things: ({ close(): Promise<void> } | Process | undefined)[]): Promise<void> {
  for (const thing of things) {
    if (!thing) continue;
    try {
      await (thing instanceof Process ? thing.stop() : thing.close());
    } catch {
      // stopping is best effort
    }
  }
}

export function removeDir(dir: string): void {
  if (process.env.KEEP_E2E) {
    console.log(`kept ${dir}`);
    return;
  }
  rmSync(dir, { recursive: true, force: true });
}
