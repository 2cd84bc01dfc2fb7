/**
 * The extension's state in one object: settings, connections and their tokens, language client,
 * status bar, results panel, diagnostics and time range. Everything it creates is disposed with the
 * extension.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { Schema } from '../language/index.ts';
import { affectsConnection, readConfig, type AplConfig } from './config.ts';
import { Connection } from './connection.ts';
import { connectionDirective } from './connectionDirective.ts';
import { errorText } from './errorText.ts';
import { chooseConnection, type NamedConnection } from './connectionList.ts';
import { sendSchema, startLanguageClient } from './languageClient.ts';
import { ResultsPanel } from './resultsPanel.ts';
import { fetchSchema } from './schema.ts';
import { StatusBar } from './statusBar.ts';
import { TokenStore } from './tokenStore.ts';
import { defaultTimeRange, readStoredTimeRange, type TimeRange } from './timeRange.ts';

const timeRangeKey = 'apl.timeRange';
const activeConnectionKey = 'apl.activeConnection';

export { errorText };

/** Where a run comes from: a document (its `// connection:` line) or a notebook's metadata (a connection's name). */
export type RunSource = vscode.TextDocument | { connectionName?: string };

export class Ctx implements vscode.Disposable {
  readonly tokens: TokenStore;
  readonly statusBar = new StatusBar();
  readonly diagnostics = vscode.languages.createDiagnosticCollection('apl-service');
  readonly results: ResultsPanel;
  /** Resolves once the language server runs; activation does not wait for it. */
  readonly client: Promise<LanguageClient>;
  private readonly disposables: vscode.Disposable[] = [];
  private schemaRefresh: Promise<Schema | undefined> | undefined;
  /** Bumped when the active connection changes, so a fetch from the one before is not applied. */
  private schemaGeneration = 0;
  private readonly schemaChanged = new vscode.EventEmitter<Schema | undefined>();
  /** Fires when the active connection's schema arrives (undefined: it could not be read). */
  readonly onDidChangeSchema = this.schemaChanged.event;
  /** The active connection's schema as last read. */
  schema: Schema | undefined;
  private readonly tokensMigrated: Promise<void>;
  config: AplConfig = readConfig();

  constructor(readonly extension: vscode.ExtensionContext) {
    this.tokens = new TokenStore(extension.secrets);
    this.tokensMigrated = this.tokens.migrateLegacy(this.config.connections[0]!.name).catch(() => undefined);
    this.results = new ResultsPanel(extension.extensionUri);
    // Started on the next turn of the event loop, after activate() has returned: loading the
    // language client library is the largest cost of start-up and nothing in activation needs it.
    this.client = new Promise((resolve) => setImmediate(resolve)).then(() => startLanguageClient(extension));
    this.statusBar.setTimeRange(this.timeRange);
    this.statusBar.show();
    this.push(this.statusBar, this.diagnostics, this.results, this.schemaChanged);
    this.push(
      vscode.workspace.onDidChangeConfiguration(async (event) => {
        if (!affectsConnection(event)) return;
        const before = this.active;
        // A newly set workspace default takes over from the connection picked before it.
        if (event.affectsConfiguration('apl.defaultConnection')) await this.extension.workspaceState.update(activeConnectionKey, undefined);
        this.config = readConfig();
        if (this.config.connectionProblems.length > 0) void vscode.window.showWarningMessage(`APL: ${this.config.connectionProblems.join('; ')}`);
        const after = this.active;
        if (before.name !== after.name || before.url !== after.url || before.orgId !== after.orgId) void this.refreshSchema(true);
      }),
      this.tokens.onDidChange((name) => {
        if (name === this.active.name) void this.refreshSchema(true);
      }),
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

  /**
   * The workspace's active connection: the one last picked (kept in workspaceState), else the one
   * `apl.defaultConnection` names, else the first listed.
   */
  get active(): NamedConnection {
    const picked = this.extension.workspaceState.get<string>(activeConnectionKey) ?? this.config.defaultConnection;
    const choice = chooseConnection(this.config.connections, picked, undefined);
    return 'error' in choice ? this.config.connections[0]! : choice.connection;
  }

  /** Makes `name` the active connection and loads its schema. */
  async setActive(name: string): Promise<Schema | undefined> {
    if (!this.config.connections.some((each) => each.name === name)) throw new Error(`APL: no connection named "${name}"`);
    await this.extension.workspaceState.update(activeConnectionKey, name);
    return this.refreshSchema(true);
  }

  /**
   * The connection a run from `source` uses: the one a document's first line names (a notebook:
   * its metadata), else the active one. An unknown name is an error, never a silent run elsewhere.
   */
  target(source?: RunSource): NamedConnection {
    const named = !source ? undefined : 'lineAt' in source ? connectionDirective(source.lineAt(0).text) : source.connectionName;
    const choice = chooseConnection(this.config.connections, this.active.name, named);
    if ('error' in choice) throw new Error(`APL: ${choice.error}`);
    return choice.connection;
  }

  /**
   * A client for the connection `source` names (else the active one) with its stored token;
   * without a token, offers to set it (when `prompt`) and gives undefined.
   */
  async connection(prompt = true, source?: RunSource): Promise<Connection | undefined> {
    await this.tokensMigrated;
    let named: NamedConnection;
    try {
      named = this.target(source);
    } catch (error) {
      if (prompt) void vscode.window.showErrorMessage(errorText(error));
      return undefined;
    }
    const token = await this.tokens.get(named.name);
    if (token) return new Connection({ url: named.url, token, orgId: named.orgId });
    if (named.name === this.active.name) this.statusBar.setConnection({ kind: 'signedOut', name: named.name });
    if (!prompt) return undefined;
    const choice = await vscode.window.showWarningMessage(`No token for the APL connection "${named.name}" (${named.url}).`, 'Set Token');
    if (choice === 'Set Token') await vscode.commands.executeCommand('apl.setToken', undefined, named.name);
    const after = await this.tokens.get(named.name);
    return after ? new Connection({ url: named.url, token: after, orgId: named.orgId }) : undefined;
  }

  /**
   * Fetches the active connection's datasets and fields and hands them to the language server.
   * Concurrent calls share one fetch; `restart` starts a new one (the connection changed).
   */
  refreshSchema(restart = false): Promise<Schema | undefined> {
    if (restart) {
      this.schemaGeneration++;
      this.schemaRefresh = undefined;
    }
    if (!this.schemaRefresh) {
      const refresh = this.fetchAndSendSchema(this.schemaGeneration).finally(() => {
        if (this.schemaRefresh === refresh) this.schemaRefresh = undefined;
      });
      this.schemaRefresh = refresh;
    }
    return this.schemaRefresh;
  }

  private async fetchAndSendSchema(generation: number): Promise<Schema | undefined> {
    const named = this.active;
    const connection = await this.connection(false);
    const current = () => generation === this.schemaGeneration;
    if (!connection) {
      if (current()) {
        // No token: the server must not keep completing from another connection's datasets.
        this.setSchema(undefined);
        await sendSchema(await this.client, { datasets: [] });
      }
      return undefined;
    }
    this.statusBar.setConnection({ kind: 'connecting', name: named.name, url: connection.url });
    try {
      const schema = await fetchSchema(connection);
      if (!current()) return schema;
      await sendSchema(await this.client, schema);
      this.statusBar.setConnection({ kind: 'connected', name: named.name, url: connection.url, datasets: schema.datasets.length });
      this.setSchema(schema);
      return schema;
    } catch (error) {
      if (current()) {
        this.statusBar.setConnection({ kind: 'failed', name: named.name, url: connection.url, message: errorText(error) });
        this.setSchema(undefined);
      }
      return undefined;
    }
  }

  private setSchema(schema: Schema | undefined): void {
    this.schema = schema;
    this.schemaChanged.fire(schema);
  }

  async dispose(): Promise<void> {
    for (const disposable of this.disposables.splice(0).reverse()) disposable.dispose();
    await this.client.then((client) => client.stop()).catch(() => undefined);
  }
}
