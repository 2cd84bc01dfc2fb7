/**
 * How far one assistant tool call may go: how long it may wait on the service and how much text
 * it may hand back. A model's context is small and shared; a tool must never flood it.
 */

export interface ToolLimits {
  /** Every request a call makes is aborted after this long. */
  timeoutMs: number;
  /** The most characters a tool result holds. */
  maxChars: number;
}

export const defaultToolLimits: ToolLimits = { timeoutMs: 30_000, maxChars: 20_000 };

/** Rows a query result shows unless the caller asks for fewer or more (up to `maxRowsCap`). */
export const defaultMaxRows = 50;
export const maxRowsCap = 500;
/** The longest query text the tools accept. */
export const maxQueryLength = 20_000;

/** A signal that fires after `timeoutMs`, or earlier when `outer` (the caller's cancellation) fires. */
export function boundedSignal(timeoutMs: number, outer?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return outer ? AbortSignal.any([outer, timeout]) : timeout;
}

/** Cuts `text` to `max` characters, saying so at the end. */
export function clipText(text: string, max: number): string {
  if (text.length <= max) return text;
  const note = `\n… (cut at ${max.toLocaleString('en')} characters)`;
  return text.slice(0, Math.max(0, max - note.length)) + note;
}

/** Why a query text cannot be taken, or undefined when it can. */
export function queryTextProblem(apl: string): string | undefined {
  if (apl.trim() === '') return 'The query is empty.';
  if (apl.length > maxQueryLength) return `The query is ${apl.length.toLocaleString('en')} characters long; at most ${maxQueryLength.toLocaleString('en')} are taken.`;
  return undefined;
}
