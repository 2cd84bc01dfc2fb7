/**
 * HTTP client for an Axiom-compatible service (undici). No `vscode` import: the extension wraps it,
 * tests drive it against the real local service. The token is held in memory only and never logged.
 */
import { Readable } from 'node:stream';
import { parseExact } from '../wire/exactJson.ts';
import { toTabularResult } from './queryReply.ts';
import type {
  Annotation,
  ApiToken,
  ApiTokenWithSecret,
  Dataset,
  Field,
  IngestOptions,
  IngestStatus,
  NewAnnotation,
  NewDataset,
  NewApiToken,
  RegenerateApiToken,
  TabularResult,
  User,
} from './serviceTypes.ts';

export interface ConnectionOptions {
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  url: string;
  token: string;
  /** Sent as `X-Axiom-Org-Id` when not empty (personal tokens need it). */
  orgId?: string;
}

/** Where a compile error points, one-based as the service reports it. */
export interface ErrorPosition {
  line: number;
  column: number;
}

/** A non-2xx answer, with the service's own words. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The raw message without the `line: L, col: C:` prefix, when the service gave one. */
    readonly detailMessage?: string,
    readonly position?: ErrorPosition,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/**
 * Whether `error` is a ServiceError, also one thrown by another bundle's copy of this module (the
 * extension's lazily loaded bundles each have their own, so `instanceof` cannot tell).
 */
export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof Error && error.name === 'ServiceError' && typeof (error as { status?: unknown }).status === 'number';
}

export interface QueryRange {
  startTime: string;
  endTime: string;
  /** Rows a query without its own limit returns (the service's default is 1000). */
  defaultLimit?: number;
}

export class Connection {
  private readonly baseUrl: string;

  constructor(private readonly options: ConnectionOptions) {
    this.baseUrl = options.url.replace(/\/+$/, '');
  }

  get url(): string {
    return this.baseUrl;
  }

  currentUser(signal?: AbortSignal): Promise<User> {
    return this.call('GET', '/v2/user', { signal });
  }

  listDatasets(signal?: AbortSignal): Promise<Dataset[]> {
    return this.call('GET', '/v2/datasets', { signal });
  }

  getDataset(name: string, signal?: AbortSignal): Promise<Dataset> {
    return this.call('GET', `/v2/datasets/${encodeURIComponent(name)}`, { signal });
  }

  createDataset(dataset: NewDataset): Promise<Dataset> {
    return this.call('POST', '/v2/datasets', { body: dataset });
  }

  /**
   * Sends one request body of events (NDJSON, a JSON array or CSV, as `options.contentType` says),
   * given as the parts it is made of.
   */
  ingest(dataset: string, events: readonly Uint8Array[], options: IngestOptions): Promise<IngestStatus> {
    const parameters = new URLSearchParams();
    if (options.timestampField) parameters.set('timestamp-field', options.timestampField);
    if (options.timestampFormat) parameters.set('timestamp-format', options.timestampFormat);
    if (options.csvDelimiter) parameters.set('csv-delimiter', options.csvDelimiter);
    const query = parameters.size > 0 ? `?${parameters}` : '';
    return this.call('POST', `/v1/datasets/${encodeURIComponent(dataset)}/ingest${query}`, {
      raw: { bytes: events, contentType: options.contentType },
    });
  }

  listFields(dataset: string, signal?: AbortSignal): Promise<Field[]> {
    return this.call('GET', `/v2/datasets/${encodeURIComponent(dataset)}/fields`, { signal });
  }

  /** The reply as tables, also from a server that answers in the legacy shape or leaves out `columns`. */
  async queryApl(apl: string, range: QueryRange, signal?: AbortSignal): Promise<TabularResult> {
    return toTabularResult(await this.call<unknown>('POST', '/v1/datasets/_apl?format=tabular', { body: { apl, ...range }, signal }));
  }

  listAnnotations(datasets: string[], signal?: AbortSignal): Promise<Annotation[]> {
    const query = datasets.length > 0 ? `?datasets=${encodeURIComponent(datasets.join(','))}` : '';
    return this.call('GET', `/v2/annotations${query}`, { signal });
  }

  createAnnotation(annotation: NewAnnotation): Promise<Annotation> {
    return this.call('POST', '/v2/annotations', { body: annotation });
  }

  updateAnnotation(id: string, annotation: NewAnnotation): Promise<Annotation> {
    return this.call('PUT', `/v2/annotations/${encodeURIComponent(id)}`, { body: annotation });
  }

  deleteAnnotation(id: string): Promise<void> {
    return this.call('DELETE', `/v2/annotations/${encodeURIComponent(id)}`);
  }

  listTokens(): Promise<ApiToken[]> {
    return this.call('GET', '/v2/tokens');
  }

  createToken(token: NewApiToken): Promise<ApiTokenWithSecret> {
    return this.call('POST', '/v2/tokens', { body: token });
  }

  deleteToken(id: string): Promise<void> {
    return this.call('DELETE', `/v2/tokens/${encodeURIComponent(id)}`);
  }

  regenerateToken(id: string, options: RegenerateApiToken): Promise<ApiTokenWithSecret> {
    return this.call('POST', `/v2/tokens/${encodeURIComponent(id)}/regenerate`, { body: options });
  }

  private async call<T>(
    method: string,
    path: string,
    init: { body?: unknown; raw?: { bytes: readonly Uint8Array[]; contentType: string }; signal?: AbortSignal } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Bearer ${this.options.token}`,
    };
    if (this.options.orgId) headers['x-axiom-org-id'] = this.options.orgId;
    let body: string | Readable | undefined;
    if (init.raw) {
      body = Readable.from(init.raw.bytes);
      headers['content-type'] = init.raw.contentType;
      headers['content-length'] = String(init.raw.bytes.reduce((total, part) => total + part.byteLength, 0));
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    // Loaded on the first request, not when the extension activates.
    const { request } = await import('undici');
    const response = await request(this.baseUrl + path, {
      method: method as 'GET',
      headers,
      body,
      signal: init.signal,
    });
    const text = await response.body.text();
    if (response.statusCode >= 200 && response.statusCode < 300) {
      return (text === '' ? undefined : parseExact(text)) as T;
    }
    throw errorFromResponse(response.statusCode, text);
  }
}

/** Reads the service's error body: `{ message, detail: { line, column, message } }` or plain text. */
export function errorFromResponse(status: number, text: string): ServiceError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return new ServiceError(status, text.trim() || `HTTP ${status}`);
  }
  const record = isRecord(parsed) ? parsed : {};
  const message = typeof record.message === 'string' ? record.message : text.trim() || `HTTP ${status}`;
  const detail = isRecord(record.detail) ? record.detail : undefined;
  const line = detail?.line;
  const column = detail?.column;
  const position =
    typeof line === 'number' && typeof column === 'number' && line >= 1 && column >= 1 ? { line, column } : undefined;
  const detailMessage = typeof detail?.message === 'string' ? detail.message : undefined;
  return new ServiceError(status, message, detailMessage, position);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
