/**
 * The `apl-notebook` type's serializer: the file format of format.ts to VS Code's NotebookData and
 * back. Outputs and execution summaries are saved unless `apl.notebook.saveOutputs` is false.
 */
import * as vscode from 'vscode';
import { parseNotebook, serializeNotebook, type NotebookCell, type NotebookMetadata, type NotebookOutput } from './format.ts';
import { outputBytesFromData, outputDataFromBytes } from './outputData.ts';

export const notebookType = 'apl-notebook';
export const aplLanguageId = 'axiom-apl';

export class AplNotebookSerializer implements vscode.NotebookSerializer {
  deserializeNotebook(content: Uint8Array): vscode.NotebookData {
    // A NotebookFormatError thrown here is what VS Code shows in place of the notebook.
    const file = parseNotebook(new TextDecoder().decode(content));
    const data = new vscode.NotebookData(file.cells.map(toCellData));
    data.metadata = { ...file.metadata };
    return data;
  }

  serializeNotebook(data: vscode.NotebookData): Uint8Array {
    const saveOutputs = vscode.workspace.getConfiguration('apl').get<boolean>('notebook.saveOutputs', true);
    const text = serializeNotebook({ metadata: readMetadata(data.metadata), cells: data.cells.map(fromCellData) }, { outputs: saveOutputs });
    return new TextEncoder().encode(text);
  }
}

function toCellData(cell: NotebookCell): vscode.NotebookCellData {
  const data =
    cell.kind === 'apl'
      ? new vscode.NotebookCellData(vscode.NotebookCellKind.Code, cell.source, aplLanguageId)
      : new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, cell.source, 'markdown');
  if (cell.outputs) {
    data.outputs = cell.outputs.map((output) => new vscode.NotebookCellOutput([new vscode.NotebookCellOutputItem(outputBytesFromData(output.mime, output.data), output.mime)]));
  }
  if (cell.execution) {
    data.executionSummary = { executionOrder: cell.execution.order, success: cell.execution.success, timing: { startTime: 0, endTime: cell.execution.durationMs } };
  }
  return data;
}

function fromCellData(data: vscode.NotebookCellData): NotebookCell {
  const cell: NotebookCell = { kind: data.kind === vscode.NotebookCellKind.Code ? 'apl' : 'markdown', source: data.value };
  // One entry per output: its first item (the cells' own outputs have one; another extension's alternatives are left out).
  const outputs = (data.outputs ?? []).flatMap((output): NotebookOutput[] => {
    const item = output.items[0];
    return item ? [{ mime: item.mime, data: outputDataFromBytes(item.mime, item.data) }] : [];
  });
  if (outputs.length > 0) cell.outputs = outputs;
  const summary = data.executionSummary;
  if (summary?.executionOrder !== undefined && summary.success !== undefined) {
    const durationMs = summary.timing ? Math.max(0, summary.timing.endTime - summary.timing.startTime) : 0;
    cell.execution = { order: summary.executionOrder, success: summary.success, durationMs };
  }
  return cell;
}

/** The notebook's metadata as the file keeps it: other keys (another extension's) are not written. */
export function readMetadata(metadata: { [key: string]: unknown } | undefined): NotebookMetadata {
  const result: NotebookMetadata = {};
  if (typeof metadata?.connection === 'string' && metadata.connection !== '') result.connection = metadata.connection;
  const range = metadata?.timeRange as { start?: unknown; end?: unknown } | undefined;
  if (typeof range?.start === 'string' && typeof range.end === 'string') result.timeRange = { start: range.start, end: range.end };
  return result;
}
