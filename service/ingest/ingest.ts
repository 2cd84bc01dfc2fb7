/**
 * One ingest request: decode the body as a stream, turn each record into a stored event (flattened
 * fields, `_time` from the timestamp field or the ingest time, `_sysTime` the ingest time), and
 * append batches in one transaction. The status is answered only after the commit, so every event
 * it counts is durable; a body that breaks off (syntax error, size limit) rolls back whole.
 */
import type { EventStore, StoredEvent } from '../store/eventStore.ts';
import { decodeBody, type ByteCounter } from './decode.ts';
import { flatten } from './flatten.ts';
import { readRecords, type BodyFormat } from './formats.ts';
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
  const records = readRecords(decoded, options.format, {
    delimiter: options.csvDelimiter || ',',
    fields: options.csvFields ?? [],
  });
  const timestampField = options.timestampField || '_time';
  const layout = options.timestampFormat ? Layout.compile(options.timestampFormat) : undefined;
  const mapFields = new Set(options.mapFields ?? []);
  const labels = options.labels ? Object.entries(flatten(options.labels, mapFields)) : [];
  const batchSize = options.batchSize ?? 8192;
  const status: IngestStatus = { ingested: 0, failed: 0, failures: [], processedBytes: 0, blocksCreated: 0, walLength: 0 };
  const sysTime = options.now ?? Date.now() * 1000;
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
  status.processedBytes = counter.bytes + (options.labelBytes ?? 0);
  status.walLength = status.ingested;
  return status;
}
