/**
 * The API Tokens view: the active connection's API tokens (name, expiry, description), with create,
 * regenerate (the palette commands' prompts) and delete.
 */
import * as vscode from 'vscode';
import { showingErrors } from '../commands/showingErrors.ts';
import type { Ctx } from '../context.ts';
import type { ApiToken } from '../serviceTypes.ts';

export class ApiTokensTree implements vscode.TreeDataProvider<ApiToken> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly ctx: Ctx) {}

  refresh(): void {
    this.changed.fire();
  }

  async getChildren(node?: ApiToken): Promise<ApiToken[]> {
    if (node) return [];
    const connection = await this.ctx.connection(false);
    if (!connection) return [];
    const tokens = await connection.listTokens();
    return tokens.sort((a, b) => a.name.localeCompare(b.name));
  }

  getTreeItem(token: ApiToken): vscode.TreeItem {
    const item = new vscode.TreeItem(token.name, vscode.TreeItemCollapsibleState.None);
    item.id = `token:${token.id}`;
    item.description = token.expiresAt ? `expires ${token.expiresAt}` : 'never expires';
    item.tooltip = token.description || undefined;
    item.iconPath = new vscode.ThemeIcon('key');
    item.contextValue = 'apl.apiToken';
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerApiTokensView(ctx: Ctx): ApiTokensTree {
  const tree = new ApiTokensTree(ctx);
  const view = vscode.window.createTreeView('apl.apiTokens', { treeDataProvider: tree });
  ctx.push(tree, view, ctx.onDidChangeSchema(() => tree.refresh()));

  ctx.registerCommand('apl.apiTokens.refresh', () => tree.refresh());
  ctx.registerCommand('apl.apiTokens.create', async () => {
    const created = await vscode.commands.executeCommand('apl.createApiToken');
    tree.refresh();
    return created;
  });
  ctx.registerCommand('apl.apiTokens.regenerate', async (token?: ApiToken) => {
    const regenerated = await vscode.commands.executeCommand('apl.regenerateApiToken', token?.id);
    tree.refresh();
    return regenerated;
  });
  ctx.registerCommand('apl.apiTokens.delete', (token?: ApiToken, confirmed?: boolean) =>
    showingErrors(async () => {
      const connection = await ctx.connection();
      if (!connection || !token) return undefined;
      if (confirmed !== true) {
        const answer = await vscode.window.showWarningMessage(`Delete the API token "${token.name}"? Whatever uses it stops working.`, { modal: true }, 'Delete');
        if (answer !== 'Delete') return undefined;
      }
      await connection.deleteToken(token.id);
      tree.refresh();
      return token.id;
    }),
  );
  return tree;
}
