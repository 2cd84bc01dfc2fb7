/** What the extension-host suites share: the extension's API, the service the runner started, files in the test workspace. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { AplExtensionApi, AplTestingApi } from '../../../client/extension.ts';
import { eventually } from '../eventually.ts';

export { eventually };

/** Set by scripts/e2e/run-extension-tests.ts for the extension host. */
export const service = {
  url: requiredEnv('APL_E2E_SERVICE_URL'),
  token: requiredEnv('APL_E2E_TOKEN'),
};

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this suite through scripts/e2e/run-extension-tests.ts`);
  return value;
}

export async function extensionApi(): Promise<AplExtensionApi> {
  const extension = vscode.extensions.getExtension<AplExtensionApi>('apl-tools.apl-tools');
  assert.ok(extension, 'the APL extension is not loaded');
  return extension.activate();
}

export async function testingApi(): Promise<AplTestingApi> {
  const api = await extensionApi();
  assert.ok(api.testing, 'the extension offers no testing hooks: is it running in test mode?');
  return api.testing;
}

/**
 * Points the extension at the test service the way a user would: the URL setting, then the token
 * through APL: Set Token (which keeps it in SecretStorage). Resolves once the schema has arrived.
 */
export async function connectToService(): Promise<void> {
  const api = await extensionApi();
  const settings = vscode.workspace.getConfiguration('apl');
  if (settings.get('service.url') !== service.url) await settings.update('service.url', service.url, vscode.ConfigurationTarget.Global);
  await vscode.commands.executeCommand('apl.setToken', service.token);
  const schema = await eventually('the schema of the test service', async () => {
    const fetched = await api.refreshSchema();
    return fetched?.datasets.some((dataset) => dataset.name === 'sample-http-logs') ? fetched : undefined;
  });
  assert.ok(schema.datasets.length >= 2);
}

/** Writes `text` to a file of the test workspace and opens it in an editor. */
export async function openAplFile(name: string, text: string): Promise<vscode.TextEditor> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  assert.ok(folder, 'the test runner opens a workspace folder');
  const uri = vscode.Uri.joinPath(folder, name);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  assert.equal(document.languageId, 'axiom-apl');
  return vscode.window.showTextDocument(document);
}

/** Calls the test service directly, as the admin unless another token is given. */
export async function callService(method: string, path: string, body?: unknown, token = service.token): Promise<{ status: number; body: any }> {
  const response = await fetch(service.url + path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}
