/**
 * What the results panel's banner says when a run fails: compile errors at their place in the
 * document (the service counts lines from the start of the query text, the editor from the top of
 * the file), and a rejected token as such, with Set Token offered. Pure.
 */
import { toDocumentPosition } from './queryBlocks.ts';

export interface FailedRun {
  status?: number;
  message: string;
  /** The service's message without its `line: L, col: C:` prefix. */
  detailMessage?: string;
  /** One-based, relative to the query text. */
  position?: { line: number; column: number };
}

export interface ErrorBanner {
  message: string;
  /** One-based line and column in the document, where the editor draws the squiggle. */
  position?: { line: number; column: number };
  action?: 'setToken';
}

/** `queryStart`: where the query text starts in its document, zero-based (an editor position). */
export function describeFailedRun(run: FailedRun, queryStart: { line: number; character: number } | undefined): ErrorBanner {
  if (run.status === 401) {
    return { message: `The service rejected the token (401: ${run.message}). Set a valid token to run queries.`, action: 'setToken' };
  }
  if (run.position && queryStart) {
    const { line, character } = toDocumentPosition(queryStart, run.position);
    const position = { line: line + 1, column: character + 1 };
    return { message: `Line ${position.line}, column ${position.column}: ${run.detailMessage ?? run.message}`, position };
  }
  return { message: run.status === undefined ? run.message : `${run.status}: ${run.message}` };
}
