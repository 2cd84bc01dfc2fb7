/**
 * One ingest request: decode the body as a stream, turn each record into a stored event (flattened
 * fields, `_time` from the timestamp field or the ingest time, `_sysTime` the ingest time), and
 * store them in one transaction. The status is answered only after the commit, so every event it
 * counts is durable; a body that breaks off (syntax error, size limit) rolls back whole.
 *
 * JSON bodies are first spooled to a temporary file while a byte scanner learns their shape; when
 * every value can go into its column as is, DuckDB's read_json stores the file in one INSERT
 * (readJsonPlan.ts). Otherwise — and for CSV, labels, map fields, timestamp options — the per-event
 * path reads the records in JavaScript (from the spooled file, so the body is read once).
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, StoredEvent } from '../store/eventStore.ts';
import { decodeBody, type ByteCounter } from './decode.ts';
import { flatten } from './flatten.ts';
import { readRecords, type BodyFormat } from './formats.ts';
import { NdjsonShape } from './ndjsonShape.ts';
import { insertReadJson, planReadJson } from './readJsonPlan.ts';
import { Layout, parseTimestamp } from './timestamps.ts';

/** The status body, keys exactly as the reference lists them. */
export interface IngestStatus {
  ingested: number;
  failed: number;
  failures: { timestamp: string; error: string }[];
  processedBytes: number;
  blocksCreated: number;
  walLength: number;
}

export interface IngestOptions {
  format: BodyFormat;
  contentEncoding?: string;
  /** Field `_time` is taken from (default `_time`). */
  timestampField?: string;
  /** Go reference-time layout; auto-detection when absent. */
  timestampFormat?: string;
  csvDelimiter?: string;
  csvFields?: string[];
  /** Added to every event (`X-Axiom-Event-Labels`). */
  labels?: Record<string, unknown>;
  /** Byte length of the labels header value, counted in `processedBytes`. */
  labelBytes?: number;
  mapFields?: readonly string[];
  maxBytes?: number;
  /** Events appended per batch (memory stays bounded by one batch). */
  batchSize?: number;
  /** Ingest time in microseconds (tests pin it). */
  now?: number;
  /** false: always take the per-event path (tests compare both paths). */
  readJson?: boolean;
}

/** At most this many failures are listed; `failed` still counts all of them. */
const maxListedFailures = 100;

export async function ingest(
  store: EventStore,
  dataset: string,
  body: AsyncIterable<Uint8Array>,
  options: IngestOptions,
): Promise<IngestStatus> {
  const counter: ByteCounter = { bytes: 0 };
  const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
  const decoded = decodeBody(body, options.contentEncoding, maxBytes, counter);
  const sysTime = options.now ?? Date.now() * 1000;
  const status: IngestStatus = { ingested: 0, failed: 0, failures: [], processedBytes: 0, blocksCreated: 0, walLength: 0 };
  const finish = () => {
    status.processedBytes = counter.bytes + (options.labelBytes ?? 0);
    status.walLength = status.ingested;
    return status;
  };
  if (!readJsonApplies(options)) {
    await ingestEvents(store, dataset, decoded, options, sysTime, status);
    return finish();
  }
  const spooled = await spool(decoded);
  try {
    if (await ingestWithReadJson(store, dataset, spooled, sysTime, status)) return finish();
    await ingestEvents(store, dataset, createReadStream(spooled.path), options, sysTime, status);
    return finish();
  } finally {
    await rm(spooled.path, { force: true });
  }
}

/** Whether the request may go through DuckDB's read_json (see readJsonPlan.ts). */
function readJsonApplies(options: IngestOptions): boolean {
  return (
    options.readJson !== false &&
    options.format !== 'csv' &&
    !options.timestampFormat &&
    (options.timestampField || '_time') === '_time' &&
    (options.labels === undefined || Object.keys(options.labels).length === 0) &&
    (options.mapFields ?? []).length === 0
  );
}

interface Spooled {
  path: string;
  shape: NdjsonShape;
}

/** Bytes gathered before one write to the spool file (bounds memory, saves a write per chunk). */
const spoolWriteBytes = 4 * 1024 * 1024;

/** Writes the decoded body to a temporary file, learning its shape on the way (memory stays bounded). */
async function spool(decoded: AsyncIterable<Uint8Array>): Promise<Spooled> {
  const path = join(tmpdir(), `apl-ingest-${randomUUID()}.ndjson`);
  const shape = new NdjsonShape();
  const file = await open(path, 'wx');
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const chunks = pending;
    pending = [];
    pendingBytes = 0;
    // One buffer: writev with more pieces than the system's iovec limit never settles.
    await file.write(Buffer.concat(chunks));
  };
  try {
    for await (const chunk of decoded) {
      shape.push(chunk);
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      if (pendingBytes >= spoolWriteBytes) await flush();
    }
    await flush();
    shape.end();
  } catch (error) {
    await file.close();
    await rm(path, { force: true });
    throw error;
  }
  await file.close();
  return { path, shape };
}

/**
 * One transaction through read_json; answers false (having stored nothing) when the body needs
 * the per-event path.
 */
async function ingestWithReadJson(
  store: EventStore,
  dataset: string,
  { path, shape }: Spooled,
  sysTime: number,
  status: IngestStatus,
): Promise<boolean> {
  if (!shape.eligible || shape.lines === 0) return false;
  const plan = planReadJson(shape);
  if (!plan) return false;
  const writer = await store.openWriter(dataset);
  let inserted: number | undefined;
  try {
    await writer.declare(plan.fields);
    inserted = await insertReadJson(writer, plan, path, sysTime);
  } catch {
    inserted = undefined;
  }
  if (inserted !== shape.lines) {
    await writer.rollback();
    return false;
  }
  try {
    await writer.commit();
  } catch (error) {
    await writer.rollback();
    throw error;
  }
  status.ingested = inserted;
  return true;
}

/** The per-event path: records decoded in JavaScript, flattened and appended in batches. */
async function ingestEvents(
  store: EventStore,
  dataset: string,
  bytes: AsyncIterable<Uint8Array>,
  options: IngestOptions,
  sysTime: number,
  status: IngestStatus,
): Promise<void> {
  const records = readRecords(bytes, options.format, {
    delimiter: options.csvDelimiter || ',',
    fields: options.csvFields ?? [],
  });
  const timestampField = options.timestampField || '_time';
  const layout = options.timestampFormat ? Layout.compile(options.timestampFormat) : undefined;
  const mapFields = new Set(options.mapFields ?? []);
  const labels = options.labels ? Object.entries(flatten(options.labels, mapFields)) : [];
  const batchSize = options.batchSize ?? 8192;
  const fail = (error: string) => {
    status.failed++;
    if (status.failures.length < maxListedFailures) {
      status.failures.push({ timestamp: new Date(sysTime / 1000).toISOString(), error });
    }
  };

  const writer = await store.openWriter(dataset);
  try {
    let batch: StoredEvent[] = [];
    for await (const record of records) {
      if (record === null || typeof record !== 'object' || Array.isArray(record)) {
        fail(`event must be a JSON object, got ${record === null ? 'null' : Array.isArray(record) ? 'an array' : typeof record}`);
        continue;
      }
      const event = record as Record<string, unknown>;
      const fields = flatten(event, mapFields);
      for (const [name, value] of labels) fields[name] = value;
      let time = sysTime;
      const raw = timestampField === '_time' ? event._time : fields[timestampField];
      if (raw !== undefined && raw !== null && raw !== '') {
        const parsed = parseTimestamp(raw, layout);
        if (parsed === undefined) {
          fail(`cannot parse timestamp field ${timestampField}: ${JSON.stringify(raw)}`);
          continue;
        }
        time = parsed;
      }
      batch.push({ time, sysTime, fields });
      if (batch.length >= batchSize) {
        await writer.append(batch);
        status.ingested += batch.length;
        batch = [];
      }
    }
    await writer.append(batch);
    status.ingested += batch.length;
    await writer.commit();
  } catch (error) {
    await writer.rollback();
    throw error;
  }
}
