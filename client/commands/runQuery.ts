/**
 * Run Query: the selection or the block under the cursor (or the line a CodeLens names), over the
 * current time range, with a cancellable progress notification. Compile errors become diagnostics
 * and a banner at their document position; each run goes into the query history; the latest run
 * can be re-run (a changed time range, auto-refresh).
 */
import * as vscode from 'vscode';
import { readAutoRefreshMs } from '../autoRefresh.ts';
import { ServiceError } from '../connection.ts';
import { errorText, type Ctx } from '../context.ts';
import { QueryHistory } from '../historyStore.ts';
import { blockAtLine, toDocumentPosition } from '../queryBlocks.ts';
import { describeFailedRun } from '../queryErrors.ts';
import { executeQuery } from '../queryExecution.ts';
import type { ResultsModel } from '../resultsModel.ts';
import { followsNow, largeRangeHint, readStoredTimeRange, resolveTimeRange, type TimeRange } from '../timeRange.ts';
import { registerHistoryCommand } from './history.ts';

/** Results with more cells than this are not kept for re-opening (they would pass the history's size bound). */
const maxKeptCells = 250_000;

export interface QueryTarget {
  text: string;
  /** The document and position the text starts at; absent for a query re-run from history whose file is gone. */
  document?: vscode.TextDocument;
  start?: vscode.Position;
}

export interface RunOptions {
  range: TimeRange;
  /** An auto-refresh: no progress notification, no history entry. */
  quiet?: boolean;
  /** The most rows the service returns when the query sets no limit (its default: 1,000). */
  defaultLimit?: number;
  /** The range resolved already (a re-run of results shown over it). */
  resolved?: { startTime: string; endTime: string };
}

export class QueryRunner {
  /** The latest run started by the user: what Re-run and auto-refresh run again. */
  private latest: { target: QueryTarget; range: TimeRange; defaultLimit?: number } | undefined;

  constructor(
    private readonly ctx: Ctx,
    readonly history: QueryHistory,
  ) {}

  get latestQuery(): string | undefined {
    return this.latest?.target.text;
  }

  get latestTarget(): QueryTarget | undefined {
    return this.latest?.target;
  }

  /** Runs the latest query again, over `range` (default: the range it ran over). */
  rerunLatest(range?: TimeRange): Promise<ResultsModel | undefined> {
    if (!this.latest) return Promise.resolve(undefined);
    const { target, defaultLimit } = this.latest;
    return this.run(target, { range: range ?? this.latest.range, ...(defaultLimit && { defaultLimit }) });
  }

  async run(target: QueryTarget, options: RunOptions): Promise<ResultsModel | undefined> {
    const { ctx } = this;
    // The connection the file names on its first line, else the active one.
    const connection = await ctx.connection(!options.quiet, target.document);
    if (!connection) return undefined;
    const { range, quiet } = options;
    // A re-run with more rows (the default-limit notice) keeps asking for them when it runs again.
    if (!quiet) this.latest = { target, range, ...(options.defaultLimit && { defaultLimit: options.defaultLimit }) };
    const hint = quiet || options.resolved ? undefined : largeRangeHint(target.text, range);
    if (hint) void vscode.window.showInformationMessage(`APL: ${hint}`, 'Select Time Range').then((choice) => {
      if (choice) void vscode.commands.executeCommand('apl.selectTimeRange');
    });
    const { startTime, endTime } = options.resolved ?? resolveTimeRange(range, new Date());
    if (target.document) ctx.diagnostics.delete(target.document.uri);
    if (!quiet) ctx.results.show({ type: 'running', query: target.text });
    const startedAt = Date.now();
    const record = (fields: { rows?: number; error?: string }, model?: ResultsModel) => {
      if (quiet) return;
      const entry = {
        query: target.text,
        range,
        startTime,
        endTime,
        ranAt: new Date(startedAt).toISOString(),
        durationMs: Date.now() - startedAt,
        ...fields,
        ...(target.document ? { documentUri: target.document.uri.toString(), line: target.start?.line ?? 0 } : {}),
      };
      // Results past the cell bound would be past the size bound too: they are not even serialised.
      const keep = model && model.matches.rows.length * Math.max(1, model.matches.columns.length) <= maxKeptCells ? model : undefined;
      // Recorded after the results went to the panel; a full disk must not fail the run.
      setTimeout(() => void this.history.add(entry, keep).catch(() => undefined), 0);
    };

    try {
      const execute = (signal?: AbortSignal) =>
        executeQuery(connection, target.text, { startTime, endTime, ...(options.defaultLimit && { defaultLimit: options.defaultLimit }) }, signal);
      const model = quiet
        ? await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'APL: refreshing' }, () => execute())
        : await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Notification, title: 'APL: running query', cancellable: true },
            async (_progress, cancellation) => {
              const controller = new AbortController();
              const subscription = cancellation.onCancellationRequested(() => controller.abort());
              try {
                return await execute(controller.signal);
              } finally {
                subscription.dispose();
              }
            },
          );
      // An auto-refresh that finishes after the user ran another query shows nothing.
      if (quiet && this.latest?.target !== target) return undefined;
      ctx.results.show({ type: 'results', model });
      record({ rows: model.matches.rows.length }, model);
      this.scheduleRefresh(range);
      return model;
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') {
        ctx.results.show({ type: 'error', message: 'Query cancelled.' });
        return undefined;
      }
      if (quiet && this.latest?.target !== target) return undefined;
      record({ error: error instanceof ServiceError ? `${error.status}: ${error.detailMessage ?? error.message}` : errorText(error) });
      this.reportError(target, error, quiet === true);
      return undefined;
    }
  }

  /** With auto-refresh on, the current panel runs the latest query again after the interval (ranges that follow the clock only). */
  private scheduleRefresh(range: TimeRange): void {
    const ms = readAutoRefreshMs(vscode.workspace.getConfiguration('apl').get('results.autoRefresh'));
    if (!ms || !followsNow(range) || !this.latest) return;
    const { target, defaultLimit } = this.latest;
    this.ctx.results.scheduleRefresh(ms, () => void this.run(target, { range, quiet: true, ...(defaultLimit && { defaultLimit }) }));
  }

  private reportError(target: QueryTarget, error: unknown, quiet: boolean): void {
    const { ctx } = this;
    const failed = error instanceof ServiceError ? error : { message: errorText(error) };
    const banner = describeFailedRun(failed, target.start);
    if (error instanceof ServiceError && error.status >= 400 && error.status < 500 && error.position && target.document && target.start) {
      const position = toDocumentPosition(target.start, error.position);
      const start = target.document.validatePosition(new vscode.Position(position.line, position.character));
      const word = target.document.getWordRangeAtPosition(start);
      const range = word ?? new vscode.Range(start, target.document.validatePosition(start.translate(0, 1)));
      const diagnostic = new vscode.Diagnostic(range, error.detailMessage ?? error.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = 'apl service';
      ctx.diagnostics.set(target.document.uri, [diagnostic]);
      ctx.results.show({ type: 'error', ...banner }, { uri: target.document.uri, position: start });
      return;
    }
    if (banner.action === 'setToken') {
      // The token of the connection the run used: the file may name one other than the active one.
      const used = ctx.target(target.document);
      ctx.results.show({ type: 'error', ...banner, connection: used.name });
      if (used.name === ctx.active.name) ctx.statusBar.setConnection({ kind: 'failed', name: used.name, url: used.url, message: 'the token was rejected' });
      void vscode.window.showErrorMessage(`APL: ${banner.message}`, 'Set Token').then((choice) => {
        if (choice) void vscode.commands.executeCommand('apl.setToken', undefined, used.name);
      });
      return;
    }
    ctx.results.show({ type: 'error', ...banner });
    if (!quiet) void vscode.window.showErrorMessage(`APL query failed: ${banner.message}`);
  }
}

export function registerRunQueryCommand(ctx: Ctx): QueryRunner {
  const storage = ctx.extension.storageUri ?? ctx.extension.globalStorageUri;
  const history = new QueryHistory(ctx.extension.workspaceState, vscode.Uri.joinPath(storage, 'query-history').fsPath);
  const runner = new QueryRunner(ctx, history);
  ctx.registerCommand('apl.runQuery', async (uri?: vscode.Uri, line?: number) => {
    const target = await findTarget(uri, line);
    if (!target) {
      void vscode.window.showInformationMessage('APL: no query under the cursor.');
      return undefined;
    }
    return runner.run(target, { range: ctx.timeRange });
  });
  // Runs the latest query again over the range given (a TimeRange: for tests), else the current one.
  ctx.registerCommand('apl.rerunQuery', async (given?: unknown) => {
    if (!runner.latestQuery) {
      void vscode.window.showInformationMessage('APL: no query has run yet.');
      return undefined;
    }
    return runner.rerunLatest(readStoredTimeRange(given) ?? ctx.timeRange);
  });
  ctx.registerCommand('apl.pinResults', () => {
    if (!ctx.results.pinCurrent()) void vscode.window.showInformationMessage('APL: no results panel to pin.');
  });
  // A new token may fix what a rejected one broke.
  ctx.push(ctx.tokens.onDidChange(() => ctx.results.clearTokenErrors()));
  // The default-limit notice asks for the results' query again, over their range, with more rows.
  ctx.results.onRerun = (defaultLimit, shown) => {
    const target = runner.latestTarget?.text === shown.query ? runner.latestTarget : { text: shown.query };
    void runner.run(target, { range: ctx.timeRange, defaultLimit, resolved: { startTime: shown.startTime, endTime: shown.endTime } });
  };
  registerHistoryCommand(ctx, runner);
  return runner;
}

async function findTarget(uri: vscode.Uri | undefined, line: number | undefined): Promise<QueryTarget | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  if (!document) return undefined;
  const selection = editor && editor.document === document && line === undefined ? editor.selection : undefined;
  if (selection && !selection.isEmpty) {
    return { document, text: document.getText(selection), start: selection.start };
  }
  const lines = Array.from({ length: document.lineCount }, (_, index) => document.lineAt(index).text);
  const block = blockAtLine(lines, line ?? selection?.active.line ?? 0);
  return block ? { document, text: block.text, start: new vscode.Position(block.startLine, 0) } : undefined;
}
