/**
 * Whether the service is ready for requests. While it is still starting (`apl serve --demo`
 * loading the demo datasets) every request answers 503 with `Retry-After`, so a query never meets a
 * half-made dataset ("Unknown dataset") and a client knows to come back.
 */
import { HttpError } from './types.ts';

/** Seconds a client is asked to wait before trying again. */
export const retryAfterSeconds = 1;

export class Readiness {
  private pending: string | undefined;

  /** `pending`: what the service is still doing (for the 503's message); undefined when ready. */
  constructor(pending?: string) {
    this.pending = pending;
  }

  get ready(): boolean {
    return this.pending === undefined;
  }

  markReady(): void {
    this.pending = undefined;
  }

  /** Throws a 503 HttpError while the service is not ready. */
  check(): void {
    if (this.pending !== undefined) throw new HttpError(503, `the service is starting (${this.pending}); retry in a moment`);
  }
}
