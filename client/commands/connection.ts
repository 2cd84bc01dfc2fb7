/** Set Token, Sign Out, Refresh Schema. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';

export function registerConnectionCommands(ctx: Ctx): void {
  ctx.registerCommand('apl.setToken', async (token?: unknown) => {
    const value =
      typeof token === 'string'
        ? token
        : await vscode.window.showInputBox({
            title: `APL: token for ${ctx.config.serviceUrl}`,
            prompt: 'An API token (xaat-…) or a personal token (xapt-…, needs the org id setting). Kept in the editor’s secret storage.',
            password: true,
            ignoreFocusOut: true,
            validateInput: (text) => (/^xa[ap]t-\S+$/.test(text.trim()) ? undefined : 'A token starts with "xaat-" or "xapt-".'),
          });
    if (!value) return;
    await ctx.tokens.set(value.trim());
    const schema = await ctx.refreshSchema();
    if (schema) void vscode.window.showInformationMessage(`APL: connected, ${schema.datasets.length} datasets.`);
  });

  ctx.registerCommand('apl.signOut', async () => {
    await ctx.tokens.clear();
    ctx.statusBar.setConnection({ kind: 'signedOut' });
    void vscode.window.showInformationMessage('APL: token removed.');
  });

  ctx.registerCommand('apl.refreshSchema', async () => {
    if (!(await ctx.connection())) return undefined;
    const schema = await ctx.refreshSchema();
    if (!schema) void vscode.window.showErrorMessage(`APL: could not read the schema from ${ctx.config.serviceUrl}; see the status bar tooltip.`);
    return schema;
  });
}
