/** What an assistant tool answers: text for the model, marked as an error when the call failed. */
import { isServiceError } from '../connection.ts';

export interface ToolOutput {
  text: string;
  isError?: boolean;
}

export const toolError = (text: string): ToolOutput => ({ text, isError: true });

/** A request not sent for want of a token; its message says how to set one. */
export class NoTokenError extends Error {
  override readonly name = 'NoTokenError';
}

/** A failed request in words a model can act on; the token never appears in them. */
export function requestFailureText(error: unknown, url: string, timeoutMs: number): string {
  if (isServiceError(error)) {
    const where = error.position ? ` (line ${error.position.line}, column ${error.position.column})` : '';
    return `The service answered ${error.status}: ${error.detailMessage ?? error.message}${where}`;
  }
  if (error instanceof NoTokenError) return error.message;
  const name = (error as { name?: unknown }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `The request to ${url} was stopped after ${timeoutMs / 1000} s (or cancelled).`;
  if ((error as { code?: unknown }).code === 'ECONNREFUSED') return `Nothing answers at ${url}: is the service running ('apl serve')?`;
  return `The request to ${url} failed: ${error instanceof Error ? error.message : String(error)}`;
}
