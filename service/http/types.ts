/**
 * The contract between the HTTP backbone and the route modules. A route module exports `Route[]`;
 * the server matches the path, authenticates the caller, checks the route's capability, and calls
 * the handler with a RequestContext. Handlers return a Reply or throw an HttpError.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Capability, Principal } from '../auth/capabilities.ts';
import type { Services } from '../services.ts';

export type { Capability, Principal } from '../auth/capabilities.ts';
export type { Services } from '../services.ts';

export interface RequestContext {
  method: string;
  path: string;
  /** Route parameters, e.g. `{ id: 'logs' }` for `/v2/datasets/:id`. */
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The authenticated caller. */
  principal: Principal;
  /** The raw body, streamed; throws a 413 HttpError once more than the configured limit has arrived. */
  body(): AsyncIterable<Uint8Array>;
  /** The body parsed as JSON; 400 HttpError on malformed JSON, 413 past the size limit. */
  json<T = unknown>(): Promise<T>;
  /** Throws a 403 HttpError unless the principal holds the capability (for `dataset`, when given). */
  authorize(capability: Capability, dataset?: string): void;
  services: Services;
  /** Aborts when the client goes away before the reply is sent: long work for it should stop. */
  signal: AbortSignal;
}

export interface Reply {
  status: number;
  /** Sent as JSON; omit for 204. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (context: RequestContext) => Promise<Reply>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** find-my-way syntax: `/v2/datasets/:id`. */
  path: string;
  /**
   * Checked before the handler runs. A dataset capability is checked against the `id` route
   * parameter when the route has one, else against any dataset.
   */
  capability?: Capability;
  /** Identity endpoints: personal tokens may omit `X-Axiom-Org-Id` (the Go client drops it there). */
  orgHeaderOptional?: boolean;
  handler: Handler;
}

/** An error answered as `{"code": status, "message": message}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra structured facts for the error body, e.g. a query error's line and column. */
    readonly detail?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const badRequest = (message: string) => new HttpError(400, message);
