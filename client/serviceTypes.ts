/** Wire shapes of the Axiom-compatible service, only the parts the extension and the CLI read or send. */

export interface Dataset {
  id: string;
  name: string;
  description?: string;
}

export interface NewDataset {
  name: string;
  description?: string;
}

/** How an ingest request's body is read. */
export interface IngestOptions {
  /** `application/x-ndjson`, `application/json` or `text/csv`. */
  contentType: string;
  timestampField?: string;
  timestampFormat?: string;
  csvDelimiter?: string;
}

/** The answer to an ingest request. */
export interface IngestStatus {
  ingested: number;
  failed: number;
  failures?: { timestamp: string; error: string }[];
  processedBytes: number;
}

export interface Field {
  name: string;
  type: string;
  description?: string;
  unit?: string;
  hidden?: boolean;
}

export interface QueryMessage {
  priority: string;
  count?: number;
  code?: string;
  msg: string;
}

export interface QueryStatus {
  elapsedTime: number;
  rowsExamined: number;
  rowsMatched: number;
  isPartial?: boolean;
  messages?: QueryMessage[];
}

export interface TabularField {
  name: string;
  type: string;
  agg?: { name: string; fields?: string[]; args?: unknown[] };
}

export interface TabularTable {
  name: string;
  fields: TabularField[];
  groups?: { name: string }[];
  buckets?: { field: string; size: number } | null;
  range?: { field: string; start: string; end: string } | null;
  /** Optional in the public schema; Connection.queryApl fills it in (queryReply.ts). */
  columns: unknown[][];
}

export interface TabularResult {
  format: 'tabular';
  status: QueryStatus;
  tables: TabularTable[];
  datasetNames?: string[];
}

export interface Annotation {
  id: string;
  datasets: string[];
  type: string;
  /** Optional in the public schema. */
  time?: string | null;
  endTime?: string | null;
  title?: string | null;
  description?: string | null;
  url?: string | null;
}

export interface NewAnnotation {
  datasets: string[];
  type: string;
  time?: string;
  endTime?: string;
  title?: string;
  description?: string;
  url?: string;
}

/** Per-dataset capability name → allowed actions, e.g. `{ query: ['read'] }`. */
export type Capabilities = Record<string, string[]>;

export interface ApiToken {
  id: string;
  name: string;
  description?: string;
  expiresAt?: string | null;
  datasetCapabilities?: Record<string, Capabilities>;
  orgCapabilities?: Capabilities;
}

export interface NewApiToken {
  name: string;
  description?: string;
  expiresAt?: string | null;
  datasetCapabilities?: Record<string, Capabilities>;
  orgCapabilities?: Capabilities;
}

export interface ApiTokenWithSecret extends ApiToken {
  token: string;
}

export interface RegenerateApiToken {
  existingTokenExpiresAt: string;
  newTokenExpiresAt?: string | null;
}

/** `GET /v2/user`: who the token acts for. */
export interface User {
  id: string;
  name: string;
  emails?: string[];
}
