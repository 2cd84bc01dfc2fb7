/**
 * Run Query: the selection or the block under the cursor (or the line a CodeLens names), over the
 * current time range, with a cancellable progress notification. Compile errors become diagnostics.
 */
import * as vscode from 'vscode';
import { ServiceError } from '../connection.ts';
import { errorText, type Ctx } from '../context.ts';
import { blockAtLine, toDocumentPosition } from '../queryBlocks.ts';
import { toResultsModel, type ResultsModel } from '../resultsModel.ts';
import { largeRangeHint, resolveTimeRange } from '../timeRange.ts';

interface QueryTarget {
  document: vscode.TextDocument;
  text: string;
  start: vscode.Position;
}

/** A re-run of the results shown: the same query and range, with a larger default limit. */
interface Rerun {
  defaultLimit: number;
  startTime: string;
  endTime: string;
}

export function registerRunQueryCommand(ctx: Ctx): void {
  let lastTarget: QueryTarget | undefined;
  ctx.registerCommand('apl.runQuery', async (uri?: vscode.Uri, line?: number) => {
    const target = await findTarget(uri, line);
    if (!target) {
      void vscode.window.showInformationMessage('APL: no query under the cursor.');
      return undefined;
    }
    lastTarget = target;
    return runQuery(ctx, target);
  });
  ctx.results.onRerun = (defaultLimit, shown) => {
    // The query whose results are shown, from its document when that is the last run (errors then point into it).
    const target = lastTarget?.text === shown.query ? lastTarget : undefined;
    if (!target) return;
    void runQuery(ctx, target, { defaultLimit, startTime: shown.startTime, endTime: shown.endTime });
  };
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

async function runQuery(ctx: Ctx, target: QueryTarget, rerun?: Rerun): Promise<ResultsModel | undefined> {
  const connection = await ctx.connection();
  if (!connection) return undefined;
  const range = ctx.timeRange;
  const hint = rerun ? undefined : largeRangeHint(target.text, range);
  if (hint) void vscode.window.showInformationMessage(`APL: ${hint}`, 'Select Time Range').then((choice) => {
    if (choice) void vscode.commands.executeCommand('apl.selectTimeRange');
  });
  const { startTime, endTime } = rerun ?? resolveTimeRange(range, new Date());
  ctx.diagnostics.delete(target.document.uri);
  ctx.results.show({ type: 'running', query: target.text });

  try {
    const model = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: 'APL: running query', cancellable: true },
      async (_progress, cancellation) => {
        const controller = new AbortController();
        const subscription = cancellation.onCancellationRequested(() => controller.abort());
        try {
          const result = await connection.queryApl(target.text, { startTime, endTime, ...(rerun && { defaultLimit: rerun.defaultLimit }) }, controller.signal);
          const annotations =
            result.datasetNames && result.datasetNames.length > 0 && result.tables.some((table) => table.buckets)
              ? await connection.listAnnotations(result.datasetNames, controller.signal).catch(() => [])
              : [];
          return toResultsModel(result, { query: target.text, startTime, endTime, annotations });
        } finally {
          subscription.dispose();
        }
      },
    );
    ctx.results.show({ type: 'results', model });
    return model;
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') {
      ctx.results.show({ type: 'error', message: 'Query cancelled.' });
      return undefined;
    }
    reportError(ctx, target, error);
    return undefined;
  }
}

function reportError(ctx: Ctx, target: QueryTarget, error: unknown): void {
  if (error instanceof ServiceError && error.status >= 400 && error.status < 500 && error.position) {
    const position = toDocumentPosition(target.start, error.position);
    const start = target.document.validatePosition(new vscode.Position(position.line, position.character));
    const word = target.document.getWordRangeAtPosition(start);
    const range = word ?? new vscode.Range(start, target.document.validatePosition(start.translate(0, 1)));
    const diagnostic = new vscode.Diagnostic(range, error.detailMessage ?? error.message, vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'apl service';
    ctx.diagnostics.set(target.document.uri, [diagnostic]);
    ctx.results.show({ type: 'error', message: error.message });
    return;
  }
  const text = error instanceof ServiceError ? `${error.status}: ${error.message}` : errorText(error);
  ctx.results.show({ type: 'error', message: text });
  void vscode.window.showErrorMessage(`APL query failed: ${text}`);
}
