/** Set Token, Sign Out, Refresh Schema: for the active connection unless a connection name is given. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { prompts } from '../prompts.ts';

export function registerConnectionCommands(ctx: Ctx): void {
  ctx.registerCommand('apl.setToken', async (token?: unknown, connectionName?: unknown) => {
    const named = ctx.config.connections.find((each) => each.name === connectionName) ?? ctx.active;
    const value = typeof token === 'string' ? token : await askToken(named.name, named.url);
    if (!value) return;
    await ctx.tokens.set(named.name, value.trim());
    if (named.name !== ctx.active.name) return;
    const schema = await ctx.refreshSchema(true);
    if (schema) void vscode.window.showInformationMessage(`APL: connected to ${named.name}, ${schema.datasets.length} datasets.`);
  });

  ctx.registerCommand('apl.signOut', async () => {
    const named = ctx.active;
    await ctx.tokens.clear(named.name);
    ctx.statusBar.setConnection({ kind: 'signedOut', name: named.name });
    void vscode.window.showInformationMessage(`APL: token of ${named.name} removed.`);
  });

  ctx.registerCommand('apl.refreshSchema', async () => {
    if (!(await ctx.connection())) return undefined;
    const schema = await ctx.refreshSchema();
    if (!schema) void vscode.window.showErrorMessage(`APL: could not read the schema from ${ctx.active.name} (${ctx.active.url}); see the status bar tooltip.`);
    return schema;
  });
}

/** Asks for a token; personal tokens need the connection's org id. */
export function askToken(name: string, url: string): Thenable<string | undefined> {
  return prompts().showInputBox({
    title: `APL: token for ${name} (${url})`,
    prompt: 'An API token (xaat-…) or a personal token (xapt-…, needs the org id). Kept in the editor’s secret storage.',
    password: true,
    ignoreFocusOut: true,
    validateInput: (text) => (/^xa[ap]t-\S+$/.test(text.trim()) ? undefined : 'A token starts with "xaat-" or "xapt-".'),
  });
}
