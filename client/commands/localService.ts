/**
 * Start Local Service: runs `apl serve --demo` in a terminal on the port of the service URL setting,
 * waits until it answers other than 503 (it answers 503 while loading the demo datasets), and offers
 * the local admin token.
 */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { isLocalUrl, localAdminToken, localOrgId } from '../localService.ts';
import { findServiceCli } from '../localServiceCommand.ts';

export function registerLocalServiceCommand(ctx: Ctx): void {
  let terminal: vscode.Terminal | undefined;
  ctx.push(vscode.window.onDidCloseTerminal((closed) => { if (closed === terminal) terminal = undefined; }));

  ctx.registerCommand('apl.startLocalService', async () => {
    // The active connection when it is local, else the first local one listed.
    const named = [ctx.active, ...ctx.config.connections].find((each) => isLocalUrl(new URL(each.url)));
    if (!named) {
      void vscode.window.showErrorMessage(`APL: no connection points at this machine; add one on http://127.0.0.1:<port> (APL: Add Connection) first.`);
      return false;
    }
    const url = new URL(named.url);
    if (!terminal) {
      const cli = findServiceCli(ctx.extension.extensionPath, ctx.config.localServiceCliPath);
      if (!cli) {
        void vscode.window.showErrorMessage(
          'APL: no apl CLI found to run the local service. Run `npm link` in the apl-tools repository (or `npm start` there), or set apl.localService.cliPath.',
        );
        return false;
      }
      terminal = vscode.window.createTerminal({
        name: 'APL service',
        shellPath: cli.program,
        shellArgs: [...cli.args, 'serve', '--demo', '--host', '127.0.0.1', '--port', url.port || '80'],
        // The extension host may be Electron: make it behave as plain Node.
        env: { ELECTRON_RUN_AS_NODE: '1' },
      });
    }
    terminal.show(true);
    const up = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `APL: starting the local service on ${url.origin}` },
      () => waitUntilAnswering(url.origin, 60_000),
    );
    if (!up) {
      void vscode.window.showErrorMessage('APL: the local service was not ready within 60 s; see the "APL service" terminal.');
      return false;
    }
    if (!(await ctx.tokens.get(named.name))) {
      const choice = await vscode.window.showInformationMessage('APL: local service running. Use its admin token?', 'Use Admin Token', 'Set Token…');
      if (choice === 'Use Admin Token') {
        const token = await localAdminToken();
        if (token) {
          await ctx.tokens.set(named.name, token);
          if (!named.orgId && ctx.config.connections.length === 1) await vscode.workspace.getConfiguration('apl').update('service.orgId', localOrgId, vscode.ConfigurationTarget.Global);
        } else void vscode.window.showErrorMessage('APL: no local admin token found (APL_ADMIN_TOKEN or the data directory’s credentials.json).');
      } else if (choice) await vscode.commands.executeCommand('apl.setToken', undefined, named.name);
    }
    if (named.name !== ctx.active.name) await ctx.setActive(named.name);
    else await ctx.refreshSchema(true);
    return true;
  });
}

async function waitUntilAnswering(origin: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${origin}/v2/user`, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      // 503: listening, but still loading the demo datasets; their schema is not complete yet.
      if (response.status !== 503) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return false;
}
