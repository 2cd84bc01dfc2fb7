/**
 * What a failed cell shows: the service reports positions in the text it ran, the cell's
 * prelude (the `let` statements of the cells above) and then the cell, so the line is moved back
 * by the prelude's lines to be the cell's own. Pure.
 */
import type { FailedRun } from '../queryErrors.ts';

export function describeCellError(run: FailedRun, preludeLineCount: number): string {
  if (run.status === 401) return `The service rejected the token (401: ${run.message}). Set a valid token with APL: Set Token.`;
  const detail = run.detailMessage ?? run.message;
  if (run.position) {
    const line = run.position.line - preludeLineCount;
    // Only a `let` of a cell above can be wrong before the cell's first line (a broken one is left out of the prelude).
    if (line < 1) return `In a let statement of a cell above (line ${run.position.line} of the prelude), column ${run.position.column}: ${detail}`;
    return `Line ${line}, column ${run.position.column}: ${detail}`;
  }
  return run.status === undefined ? run.message : `${run.status}: ${run.message}`;
}
