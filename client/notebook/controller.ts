/**
 * The `apl-notebook` controller: runs APL cells, one after the other, against the notebook's
 * connection and time range (its metadata) or else the workspace's active ones. Each cell's output
 * is the results' WireModel (the contract's mime) or an error in the cell's own lines; the cell
 * shows its execution order and time, and Interrupt aborts the HTTP request.
 */
import * as vscode from 'vscode';
import type { Connection, QueryRange } from '../connection.ts';
import type { Ctx } from '../context.ts';
import { stringifyExact } from '../../wire/exactJson.ts';
import { resolveTimeRange } from '../timeRange.ts';
import { resultsMime, runCell, type CellOutcome } from './cellRun.ts';
import { readNotebookTimeRange } from './notebookTimeRange.ts';
import { aplLanguageId, notebookType, readMetadata } from './serializer.ts';

export const controllerId = 'apl-notebook-controller';

type RunTarget = { connection: Connection; range: QueryRange } | { error: string };

export class AplNotebookController implements vscode.Disposable {
  private readonly controller: vscode.NotebookController;
  /** The last execution order given in each notebook (by URI), continuing from the orders its file had. */
  private readonly orders = new Map<string, number>();
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly ctx: Ctx) {
    this.controller = vscode.notebooks.createNotebookController(controllerId, notebookType, 'APL');
    this.controller.supportedLanguages = [aplLanguageId];
    this.controller.supportsExecutionOrder = true;
    this.controller.description = 'Runs cells on the APL connection';
    this.controller.executeHandler = (cells, notebook) => this.runCells(cells, notebook);
    // The only controller for the type: preferred, so that a notebook runs without picking a kernel first.
    const prefer = (notebook: vscode.NotebookDocument) => {
      if (notebook.notebookType === notebookType) this.controller.updateNotebookAffinity(notebook, vscode.NotebookControllerAffinity.Preferred);
    };
    vscode.workspace.notebookDocuments.forEach(prefer);
    this.disposables.push(
      this.controller,
      vscode.workspace.onDidOpenNotebookDocument(prefer),
      vscode.workspace.onDidCloseNotebookDocument((notebook) => this.orders.delete(notebook.uri.toString())),
    );
  }

  private async runCells(cells: readonly vscode.NotebookCell[], notebook: vscode.NotebookDocument): Promise<void> {
    // Created at once, so that the cells still to run show as queued.
    const executions = cells
      .filter((cell) => cell.kind === vscode.NotebookCellKind.Code)
      .map((cell) => ({ cell, execution: this.controller.createNotebookCellExecution(cell) }));
    // One connection and one resolved range for all the cells of a run: one token prompt at most, one window of time.
    let target: Promise<RunTarget> | undefined;
    for (const { cell, execution } of executions) {
      if (execution.token.isCancellationRequested) {
        execution.end(undefined);
        continue;
      }
      target ??= this.runTarget(notebook);
      await this.runOne(cell, notebook, execution, target);
    }
  }

  private async runOne(cell: vscode.NotebookCell, notebook: vscode.NotebookDocument, execution: vscode.NotebookCellExecution, target: Promise<RunTarget>): Promise<void> {
    execution.executionOrder = this.nextOrder(notebook);
    execution.start(Date.now());
    await execution.clearOutput();
    const abort = new AbortController();
    const subscription = execution.token.onCancellationRequested(() => abort.abort());
    try {
      const outcome = await this.outcome(cell, notebook, await target, abort.signal);
      await execution.replaceOutput(outputOf(outcome));
      execution.end(outcome.kind === 'results' || outcome.kind === 'nothingToRun', Date.now());
    } catch (error) {
      // Nothing a cell does may leave it running: whatever went wrong is its output.
      await execution.replaceOutput(errorOutput(error instanceof Error ? error.message : String(error))).then(undefined, () => undefined);
      execution.end(false, Date.now());
    } finally {
      subscription.dispose();
    }
  }

  /** The connection and range of the notebook's metadata, else the workspace's, or why there is none. */
  private async runTarget(notebook: vscode.NotebookDocument): Promise<RunTarget> {
    const metadata = readMetadata(notebook.metadata);
    const range = metadata.timeRange ? readNotebookTimeRange(metadata.timeRange) : this.ctx.timeRange;
    if (typeof range === 'string') return { error: `${range[0]!.toUpperCase()}${range.slice(1)}. Set it again with APL: Set Notebook Time Range.` };
    const connection = await this.ctx.connection(true, { connectionName: metadata.connection });
    if (!connection) return { error: 'No connection to run on: set a token with APL: Set Token (or pick another connection with APL: Set Notebook Connection).' };
    return { connection, range: resolveTimeRange(range, new Date()) };
  }

  private async outcome(cell: vscode.NotebookCell, notebook: vscode.NotebookDocument, target: RunTarget, signal: AbortSignal): Promise<CellOutcome> {
    if (signal.aborted) return { kind: 'cancelled' };
    if ('error' in target) return { kind: 'error', message: target.error };
    const cellsAbove = notebook
      .getCells()
      .slice(0, cell.index)
      .filter((each) => each.kind === vscode.NotebookCellKind.Code && each.document.languageId === aplLanguageId)
      .map((each) => each.document.getText());
    return runCell({ connection: target.connection, cellsAbove, text: cell.document.getText(), range: target.range, signal });
  }

  private nextOrder(notebook: vscode.NotebookDocument): number {
    const key = notebook.uri.toString();
    const last = this.orders.get(key) ?? Math.max(0, ...notebook.getCells().map((cell) => cell.executionSummary?.executionOrder ?? 0));
    this.orders.set(key, last + 1);
    return last + 1;
  }

  dispose(): void {
    for (const disposable of this.disposables.splice(0)) disposable.dispose();
  }
}

function outputOf(outcome: CellOutcome): vscode.NotebookCellOutput[] {
  switch (outcome.kind) {
    case 'results':
      // Written as exact JSON: integers past 2^53 keep their digits (JSON.stringify would throw on a bigint).
      return [new vscode.NotebookCellOutput([new vscode.NotebookCellOutputItem(new TextEncoder().encode(stringifyExact(outcome.model)), resultsMime)])];
    case 'error':
      return [errorOutput(outcome.message)];
    case 'cancelled':
      return [errorOutput('Query cancelled.')];
    case 'nothingToRun':
      return outcome.defines.length === 0
        ? []
        : [new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.text(`Defines ${outcome.defines.join(', ')} for the cells below.`)])];
  }
}

function errorOutput(message: string): vscode.NotebookCellOutput {
  // No stack: the message is the service's, not a trace of this extension.
  return new vscode.NotebookCellOutput([vscode.NotebookCellOutputItem.error({ name: 'APL query error', message, stack: undefined } as Error)]);
}
