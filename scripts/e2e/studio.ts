/**
 * `npm run studio`: the whole product in a browser VS Code. Builds and packages the extension,
 * starts `apl serve --demo` and code-server (loopback only) with the .vsix installed and
 * `examples/` open, prints the address, and runs until Ctrl+C.
 *
 * Env: APL_STUDIO_PORT (code-server's port, default 8090 or a free one).
 */
import { randomBytes } from 'node:crypto';
import * as path from 'node:path';
import { ensureCodeServer, freePort, installVsix, packageExtension, projectRoot, removeDir, scratchDir, startAplService, startCodeServer, stopAll, type AplService, type CodeServer } from './harness.ts';

const work = scratchDir('apl-studio-');
let service: AplService | undefined;
let codeServer: CodeServer | undefined;
let stopping: Promise<void> | undefined;

/** Stops both servers once, whoever asks first (Ctrl+C, or one of them ending), then exits. */
async function stop(code: number): Promise<never> {
  stopping ??= stopAll(codeServer?.process, service?.process).then(() => removeDir(work));
  await stopping;
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  const install = ensureCodeServer();
  console.log('studio: building and packaging the extension…');
  const vsix = packageExtension();
  const extensionsDir = path.join(work, 'extensions');
  installVsix(install, work, extensionsDir, vsix);

  console.log('studio: starting the local service with the demo datasets…');
  service = await startAplService(work, 100_000, `xapt-${randomBytes(18).toString('hex')}`);
  const port = process.env.APL_STUDIO_PORT ? Number(process.env.APL_STUDIO_PORT) : await freePort(8090);
  codeServer = await startCodeServer({
    install,
    workDir: work,
    extensionsDir,
    port,
    settings: { 'apl.service.url': service.url, 'workbench.colorTheme': 'Default Dark Modern' },
    // APL: Start Local Service offers this as the admin token.
    env: { APL_ADMIN_TOKEN: service.token },
  });
  const url = `${codeServer.url}/?folder=${encodeURIComponent(path.join(projectRoot, 'examples'))}`;
  console.log(`
APL studio is running (Ctrl+C stops it):

  VS Code     ${url}
  service     ${service.url}  (demo datasets sample-http-logs and otel-demo-traces)
  token       ${service.token}

In VS Code, click "APL: set token" in the status bar and paste the token, open an .apl file
and press Ctrl+Enter on a query. Both servers listen on 127.0.0.1 only; the data and settings
live in ${work} and go when the studio stops.`);
  await new Promise<void>((resolve) => {
    codeServer!.process.child.once('exit', () => resolve());
    service!.process.child.once('exit', () => resolve());
  });
  if (stopping) await stop(0);
  for (const each of [codeServer.process, service.process]) {
    if (!each.running) console.error(`studio: ${each.name} stopped; the end of its log:\n${each.logTail()}`);
  }
  await stop(1);
} catch (error) {
  console.error(`studio: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
