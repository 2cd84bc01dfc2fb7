/**
 * Add, Edit, Remove, Test and Switch Connection. The list lives in the `apl.connections` user
 * setting; each token in SecretStorage under its connection's name; the active one in workspaceState.
 */
import * as vscode from 'vscode';
import { writeConnections } from '../config.ts';
import { Connection } from '../connection.ts';
import { connectionNameProblem, connectionPresets, connectionUrlProblem, withConnection, type NamedConnection } from '../connectionList.ts';
import { testConnection, type ConnectionTestResult } from '../connectionTest.ts';
import { readConfig } from '../config.ts';
import type { Ctx } from '../context.ts';
import { prompts } from '../prompts.ts';
import { askToken } from './connection.ts';
import { showingErrors } from './showingErrors.ts';

/** What a caller (or a test) may hand Add Connection instead of answering its prompts. */
export interface GivenConnection extends NamedConnection {
  token?: string;
}

export function registerConnectionListCommands(ctx: Ctx): void {
  ctx.registerCommand('apl.addConnection', (given?: GivenConnection) => showingErrors(() => addConnection(ctx, given)));
  ctx.registerCommand('apl.editConnection', (name?: string) => showingErrors(() => editConnection(ctx, name)));
  ctx.registerCommand('apl.removeConnection', (name?: string) => showingErrors(() => removeConnection(ctx, name)));
  ctx.registerCommand('apl.testConnection', (name?: string) => showingErrors(() => runTest(ctx, name)));
  ctx.registerCommand('apl.switchConnection', (name?: string) => showingErrors(() => switchConnection(ctx, name)));
}

async function save(ctx: Ctx, connections: NamedConnection[]): Promise<void> {
  await writeConnections(connections);
  // The configuration event may come later; the commands that follow need the new list now.
  ctx.config = readConfig();
}

async function addConnection(ctx: Ctx, given?: GivenConnection): Promise<NamedConnection | undefined> {
  let entry: NamedConnection | undefined;
  let token = given?.token;
  if (given) {
    const problem = connectionNameProblem(given.name) ?? connectionUrlProblem(given.url) ?? nameTaken(ctx, given.name);
    if (problem) throw new Error(problem);
    entry = { name: given.name, url: given.url.replace(/\/+$/, ''), orgId: given.orgId ?? '' };
  } else {
    const presets = connectionPresets({ url: ctx.config.serviceUrl, orgId: ctx.config.orgId });
    const picked = await prompts().showQuickPick([...presets, { label: 'Other service…', detail: 'Any Axiom-compatible URL', name: '', url: 'https://', orgId: '' }], {
      title: 'APL: add connection: service',
    });
    if (!picked) return undefined;
    entry = await askConnection(ctx, 'APL: add connection', { name: freeName(ctx, picked.name || 'service'), url: picked.url, orgId: picked.orgId });
    if (!entry) return undefined;
    token = await askToken(entry.name, entry.url);
  }
  await save(ctx, withConnection(ctx.config.connections, entry));
  if (token) await ctx.tokens.set(entry.name, token.trim());
  await ctx.setActive(entry.name);
  void vscode.window.showInformationMessage(`APL: connection ${entry.name} added and active.`);
  return entry;
}

async function editConnection(ctx: Ctx, name?: string): Promise<NamedConnection | undefined> {
  const old = await pickConnection(ctx, 'APL: edit connection', name);
  if (!old) return undefined;
  const edited = await askConnection(ctx, `APL: edit connection ${old.name}`, old, old.name);
  if (!edited) return undefined;
  const wasActive = ctx.active.name === old.name;
  await save(ctx, withConnection(ctx.config.connections, edited, old.name));
  if (edited.name !== old.name) {
    const token = await ctx.tokens.get(old.name);
    if (token) await ctx.tokens.set(edited.name, token);
    await ctx.tokens.clear(old.name);
  }
  // save() read the settings already, so the configuration event sees no change: reload here.
  if (wasActive) await ctx.setActive(edited.name);
  return edited;
}

async function removeConnection(ctx: Ctx, name?: string): Promise<string | undefined> {
  const picked = await pickConnection(ctx, 'APL: remove connection', name);
  if (!picked) return undefined;
  if (name === undefined) {
    const confirm = await vscode.window.showWarningMessage(`Remove the connection ${picked.name} and its token?`, { modal: true }, 'Remove');
    if (confirm !== 'Remove') return undefined;
  }
  const wasActive = ctx.active.name === picked.name;
  await save(ctx, ctx.config.connections.filter((each) => each.name !== picked.name));
  await ctx.tokens.clear(picked.name);
  if (wasActive) await ctx.setActive(ctx.config.connections[0]!.name);
  void vscode.window.showInformationMessage(`APL: connection ${picked.name} removed.`);
  return picked.name;
}

async function runTest(ctx: Ctx, name?: string): Promise<ConnectionTestResult | undefined> {
  const picked = name === undefined ? ctx.active : await pickConnection(ctx, 'APL: test connection', name);
  if (!picked) return undefined;
  const token = await ctx.tokens.get(picked.name);
  if (!token) {
    const result: ConnectionTestResult = { ok: false, step: 'token', message: `no token is stored for ${picked.name}; use APL: Set Token.` };
    void vscode.window.showErrorMessage(`APL ${picked.name}: ${result.message}`);
    return result;
  }
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `APL: testing ${picked.name}` },
    () => testConnection(new Connection({ url: picked.url, token, orgId: picked.orgId })),
  );
  if (result.ok) void vscode.window.showInformationMessage(`APL ${picked.name}: ${result.message}`);
  else void vscode.window.showErrorMessage(`APL ${picked.name}: ${result.message}`);
  return result;
}

type SwitchItem = vscode.QuickPickItem & { run: () => Thenable<unknown> };

async function switchConnection(ctx: Ctx, name?: string): Promise<string | undefined> {
  if (name !== undefined) {
    await ctx.setActive(name);
    return name;
  }
  const active = ctx.active.name;
  const items: SwitchItem[] = [
    ...ctx.config.connections.map((each) => ({
      label: `${each.name === active ? '$(check)' : '$(database)'} ${each.name}`,
      description: each.url,
      detail: each.orgId ? `org ${each.orgId}` : undefined,
      run: () => ctx.setActive(each.name),
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator, run: async () => undefined },
    { label: '$(refresh) Refresh schema', run: () => vscode.commands.executeCommand('apl.refreshSchema') },
    { label: `$(key) Set token for ${active}`, run: () => vscode.commands.executeCommand('apl.setToken') },
    { label: `$(pulse) Test ${active}`, run: () => vscode.commands.executeCommand('apl.testConnection') },
    { label: '$(add) Add connection…', run: () => vscode.commands.executeCommand('apl.addConnection') },
  ];
  const picked = await prompts().showQuickPick(items, { title: 'APL: connection' });
  if (!picked) return undefined;
  await picked.run();
  return ctx.active.name;
}

async function pickConnection(ctx: Ctx, title: string, name?: string): Promise<NamedConnection | undefined> {
  if (name !== undefined) {
    const found = ctx.config.connections.find((each) => each.name === name);
    if (!found) throw new Error(`no connection named "${name}"`);
    return found;
  }
  const picked = await prompts().showQuickPick(
    ctx.config.connections.map((each) => ({ label: each.name, description: each.url, connection: each })),
    { title },
  );
  return picked?.connection;
}

async function askConnection(ctx: Ctx, title: string, start: NamedConnection, renaming?: string): Promise<NamedConnection | undefined> {
  const name = await prompts().showInputBox({
    title: `${title}: name`,
    value: start.name,
    validateInput: (value) => connectionNameProblem(value.trim()) ?? (value.trim() === renaming ? undefined : nameTaken(ctx, value.trim())),
  });
  if (!name) return undefined;
  const url = await prompts().showInputBox({ title: `${title}: URL`, value: start.url, validateInput: (value) => connectionUrlProblem(value.trim()) });
  if (!url) return undefined;
  const orgId = await prompts().showInputBox({ title: `${title}: org id`, value: start.orgId, prompt: 'Sent as X-Axiom-Org-Id; personal tokens need it. Empty sends none.' });
  if (orgId === undefined) return undefined;
  return { name: name.trim(), url: url.trim().replace(/\/+$/, ''), orgId: orgId.trim() };
}

function nameTaken(ctx: Ctx, name: string): string | undefined {
  return ctx.config.connections.some((each) => each.name === name) ? `a connection named "${name}" exists` : undefined;
}

function freeName(ctx: Ctx, base: string): string {
  if (!nameTaken(ctx, base)) return base;
  for (let n = 2; ; n++) if (!nameTaken(ctx, `${base}-${n}`)) return `${base}-${n}`;
}
