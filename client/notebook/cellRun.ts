/**
 * Runs one notebook cell: the `let` statements of the APL cells above it (the language core's
 * cellPrelude), then the cell's text, as one query over the given range. Gives the output the
 * contract names (the results' WireModel) or an error in the cell's own lines. No `vscode` import:
 * the controller does the editor's side.
 */
import type { Connection, QueryRange } from '../connection.ts';
import { isServiceError } from '../connection.ts';
import { errorText } from '../errorText.ts';
import { executeQuery } from '../queryExecution.ts';
import { encodeModel, type WireModel } from '../resultsWire.ts';
import { describeCellError } from './cellErrors.ts';

export const resultsMime = 'application/vnd.apl.results+json';

export interface CellRunRequest {
  connection: Connection;
  /** The text of the APL cells above the cell, in order. */
  cellsAbove: readonly string[];
  text: string;
  range: QueryRange;
  signal?: AbortSignal;
}

export type CellOutcome =
  | { kind: 'results'; model: WireModel }
  | { kind: 'error'; message: string }
  | { kind: 'cancelled' }
  /** Nothing to run: an empty cell, or one of `let` statements alone (their names, in scope below). */
  | { kind: 'nothingToRun'; defines: string[] };

export async function runCell(request: CellRunRequest): Promise<CellOutcome> {
  // The language core is loaded on the first run, not when the extension activates (scripts/build.mjs defers it).
  const { cellPrelude, cellShape } = await import('./cellSyntax.ts');
  const shape = cellShape(request.text);
  if (shape.kind === 'empty') return { kind: 'nothingToRun', defines: [] };
  if (shape.kind === 'definitions') return { kind: 'nothingToRun', defines: shape.names };
  const prelude = cellPrelude(request.cellsAbove);
  try {
    const model = await executeQuery(request.connection, prelude.text + request.text, request.range, request.signal);
    return { kind: 'results', model: encodeModel(model) };
  } catch (error) {
    if (request.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) return { kind: 'cancelled' };
    const failed = isServiceError(error)
      ? { status: error.status, message: error.message, detailMessage: error.detailMessage, position: error.position }
      : { message: errorText(error) };
    return { kind: 'error', message: describeCellError(failed, prelude.lineCount) };
  }
}
