/**
 * The extension's state in one object: settings, token, language client, status bar, results
 * panel, diagnostics and time range. Everything it creates is disposed with the extension.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { Schema } from '../language/index.ts';
import { affectsConnection, readConfig, type AplConfig } from './config.ts';
import { Connection } from './connection.ts';
import { sendSchema, startLanguageClient } from './languageClient.ts';
import { ResultsPanel } from './resultsPanel.ts';
import { fetchSchema } from './schema.ts';
import { StatusBar } from './statusBar.ts';
import { TokenStore } from './tokenStore.ts';
import { defaultTimeRange, readStoredTimeRange, type TimeRange } from './timeRange.ts';

const timeRangeKey = 'apl.timeRange';

export class Ctx implements vscode.Disposable {
  readonly tokens: TokenStore;
  readonly statusBar = new StatusBar();
  readonly diagnostics = vscode.languages.createDiagnosticCollection('apl-service');
  readonly results: ResultsPanel;
  /** Resolves once the language server runs; activation does not wait for it. */
  readonly client: Promise<LanguageClient>;
  private readonly disposables: vscode.Disposable[] = [];
  private schemaRefresh: Promise<Schema | undefined> | undefined;
  config: AplConfig = readConfig();

  constructor(readonly extension: vscode.ExtensionContext) {
    this.tokens = new TokenStore(extension.secrets);
    this.results = new ResultsPanel(extension.extensionUri);
    // Started on the next turn of the event loop, after activate() has returned: loading the
    // language client library is the largest cost of start-up and nothing in activation needs it.
    this.client = new Promise((resolve) => setImmediate(resolve)).then(() => startLanguageClient(extension));
    this.statusBar.setTimeRange(this.timeRange);
    this.statusBar.show();
    this.push(this.statusBar, this.diagnostics, this.results);
    this.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!affectsConnection(event)) return;
        this.config = readConfig();
        void this.refreshSchema();
      }),
      this.tokens.onDidChange(() => void this.refreshSchema()),
    );
  }

  push(...disposables: vscode.Disposable[]): void {
    this.disposables.push(...disposables);
  }

  registerCommand(id: string, run: (...args: any[]) => unknown): void {
    this.push(vscode.commands.registerCommand(id, run));
  }

  get timeRange(): TimeRange {
    return readStoredTimeRange(this.extension.workspaceState.get(timeRangeKey)) ?? defaultTimeRange;
  }

  async setTimeRange(range: TimeRange): Promise<void> {
    await this.extension.workspaceState.update(timeRangeKey, range);
    this.statusBar.setTimeRange(range);
  }

  /** A connection with the stored token; without one, offers to set it (when `prompt`) and gives undefined. */
  async connection(prompt = true): Promise<Connection | undefined> {
    const token = await this.tokens.get();
    if (!token) {
      this.statusBar.setConnection({ kind: 'signedOut' });
      if (prompt) {
        const choice = await vscode.window.showWarningMessage(`No token for the APL service at ${this.config.serviceUrl}.`, 'Set Token');
        if (choice === 'Set Token') await vscode.commands.executeCommand('apl.setToken');
        const after = await this.tokens.get();
        if (after) return new Connection({ url: this.config.serviceUrl, token: after, orgId: this.config.orgId });
      }
      return undefined;
    }
    return new Connection({ url: this.config.serviceUrl, token, orgId: this.config.orgId });
  }

  /** Fetches datasets and fields and hands them to the language server. Concurrent calls share one fetch. */
  refreshSchema(): Promise<Schema | undefined> {
    this.schemaRefresh ??= this.fetchAndSendSchema().finally(() => {
      this.schemaRefresh = undefined;
    });
    return this.schemaRefresh;
  }

  private async fetchAndSendSchema(): Promise<Schema | undefined> {
    const connection = await this.connection(false);
    if (!connection) return undefined;
    this.statusBar.setConnection({ kind: 'connecting', url: connection.url });
    try {
      const schema = await fetchSchema(connection);
      await sendSchema(await this.client, schema);
      this.statusBar.setConnection({ kind: 'connected', url: connection.url, datasets: schema.datasets.length });
      return schema;
    } catch (error) {
      this.statusBar.setConnection({ kind: 'failed', url: connection.url, message: errorText(error) });
      return undefined;
    }
  }

  async dispose(): Promise<void> {
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
    await this.client.then((client) => client.stop()).catch(() => undefined);
  }
}

export function errorText(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error && cause.message ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
