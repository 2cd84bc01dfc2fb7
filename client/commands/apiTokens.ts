/** Create API Token and Regenerate API Token; the new secret is shown once, with Copy. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { prompts } from '../prompts.ts';
import { showingErrors } from './showingErrors.ts';
import type { ApiTokenWithSecret, Capabilities, NewApiToken } from '../serviceTypes.ts';
import { day, pickDatasets, pickExpiry } from './pickers.ts';

const datasetCapabilities = ['ingest', 'query', 'starredQueries', 'virtualFields', 'trim', 'vacuum', 'data', 'share'];
const orgAreas = ['annotations', 'apiTokens', 'auditLog', 'billing', 'dashboards', 'datasets', 'endpoints', 'flows', 'integrations', 'monitors', 'notifiers', 'rbac', 'sharedAccessKeys', 'users', 'views'];
const actions = ['create', 'read', 'update', 'delete'];

const expiries = [
  { label: 'Never', ms: null },
  { label: 'In 7 days', ms: 7 * day },
  { label: 'In 30 days', ms: 30 * day },
  { label: 'In 90 days', ms: 90 * day },
  { label: 'In a year', ms: 365 * day },
];

export function registerApiTokenCommands(ctx: Ctx): void {
  ctx.registerCommand('apl.createApiToken', (given?: NewApiToken) => showingErrors(() => createToken(ctx, given)));
  ctx.registerCommand('apl.regenerateApiToken', (id?: unknown) => showingErrors(() => regenerateToken(ctx, typeof id === 'string' ? id : undefined)));
}

async function createToken(ctx: Ctx, given?: NewApiToken): Promise<ApiTokenWithSecret | undefined> {
  const connection = await ctx.connection();
  if (!connection) return undefined;
  let request = given;
  if (!request) {
    const title = 'APL: create API token';
    const name = await prompts().showInputBox({ title: `${title}: name`, validateInput: (value) => (value.trim() ? undefined : 'A name is required.') });
    if (!name) return undefined;
    const description = await prompts().showInputBox({ title: `${title}: description`, prompt: 'Optional' });
    if (description === undefined) return undefined;
    const expiresAt = await pickExpiry(`${title}: expires`, expiries);
    if (expiresAt === undefined) return undefined;
    const datasets = await pickDatasets(connection, `${title}: datasets it may use (none for org-only)`, true, ['*']);
    const perDataset: Record<string, Capabilities> = {};
    if (datasets) {
      const capabilities = await pickGrants(`${title}: dataset capabilities`, datasetCapabilities, ['query:read']);
      if (capabilities === undefined) return undefined;
      for (const dataset of datasets) perDataset[dataset] = capabilities;
    }
    const org = await pickGrants(`${title}: org capabilities`, orgAreas, []);
    if (org === undefined) return undefined;
    request = { name: name.trim(), description, expiresAt, datasetCapabilities: perDataset, orgCapabilities: org };
  }
  const created = await connection.createToken(request);
  void showSecretOnce(`API token "${created.name}" created.`, created.token);
  return created;
}

/** A multi-pick of `capability:action` pairs, grouped back into `{ capability: [actions] }`. */
async function pickGrants(title: string, names: string[], preselected: string[]): Promise<Capabilities | undefined> {
  const items = names.flatMap((name) => actions.map((action) => ({ label: `${name}:${action}`, picked: preselected.includes(`${name}:${action}`) })));
  const picked = await prompts().showQuickPick(items, { title, canPickMany: true });
  if (!picked) return undefined;
  const grants: Capabilities = {};
  for (const item of picked) {
    const [name, action] = item.label.split(':');
    (grants[name] ??= []).push(action);
  }
  return grants;
}

/** Regenerates the token `id` names (the API Tokens view), else the one picked. */
async function regenerateToken(ctx: Ctx, id?: string): Promise<ApiTokenWithSecret | undefined> {
  const connection = await ctx.connection();
  if (!connection) return undefined;
  const tokens = await connection.listTokens();
  const items = tokens.map((token) => ({ label: token.name, description: token.expiresAt ? `expires ${token.expiresAt}` : 'never expires', detail: token.description || undefined, token }));
  const given = id === undefined ? undefined : items.find((item) => item.token.id === id);
  if (id !== undefined && !given) throw new Error(`no API token with id ${id}`);
  const picked = given ?? (await prompts().showQuickPick(items, { title: 'APL: regenerate API token' }));
  if (!picked) return undefined;
  const oldEnds = await pickExpiry('APL: when should the old secret stop working?', [
    { label: 'Now', ms: 0 },
    { label: 'In an hour', ms: day / 24 },
    { label: 'In a day', ms: day },
    { label: 'In 7 days', ms: 7 * day },
  ]);
  if (!oldEnds) return undefined;
  const newExpiry = await pickExpiry('APL: the new secret expires', expiries);
  if (newExpiry === undefined) return undefined;
  const regenerated = await connection.regenerateToken(picked.token.id, { existingTokenExpiresAt: oldEnds, newTokenExpiresAt: newExpiry });
  void showSecretOnce(`API token "${regenerated.name}" regenerated.`, regenerated.token);
  return regenerated;
}

async function showSecretOnce(message: string, secret: string): Promise<void> {
  const choice = await prompts().showInformationMessage(message, { modal: true, detail: `${secret}\n\nThis secret is shown only now.` }, 'Copy');
  if (choice === 'Copy') await vscode.env.clipboard.writeText(secret);
}
