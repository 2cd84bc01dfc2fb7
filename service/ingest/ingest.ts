/**
 * One ingest request: decode the body as a stream, turn each record into a stored event (flattened
 * fields, `_time` from the timestamp field or the ingest time, `_sysTime` the ingest time), and
 * store them in one transaction. The status is answered only after the commit, so every event it
 * counts is durable; a body that breaks off (syntax error, size limit) rolls back whole.
 *
 * JSON bodies are cut into segments of whole lines; a byte scanner learns each segment's shape, and
 * when every value can go into its column as is, DuckDB's read_json stores the segment while the
 * next one arrives (readJsonIngest.ts). Otherwise — and for CSV, map fields, timestamp options —
 * the per-event path reads the records in JavaScript (the segments already received from their
 * temporary files, then the rest of the stream, so the body is read once).
 */
import { createReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import type { EventStore, StoredEvent } from '../store/eventStore.ts';
import { maxDynamicDepth, nestsDeeperThan } from '../jsonDepth.ts';
import { decodeBody, type ByteCounter } from './decode.ts';
import { flatten } from './flatten.ts';
import { readRecords, type BodyFormat } from './formats.ts';
import { ReadJsonIngest } from './readJsonIngest.ts';
import { Layout, parseTimestamp, withinTimeRange } from './timestamps.ts';
import { stringifyExact } from '../../wire/exactJson.ts';

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
  /** Where read_json segments are spooled (default: the system's temporary directory). */
  spoolDir?: string;
  /** Events appended per batch (memory stays bounded by one batch). */
  batchSize?: number;
  /** Ingest time in microseconds (tests pin it). */
  now?: number;
  /** false: always take the per-event path (tests compare both paths). */
  readJson?: boolean;
  /** Bytes per read_json segment (tests use small ones to get many). */
  segmentBytes?: number;
  /** Where a segment is cut even inside a line (tests use a small one). */
  maxSegmentBytes?: number;
  /** Told which path stored the events (tests check the fast path was taken). */
  storedBy?: (path: 'read_json' | 'per-event') => void;
}

/**
 * Big enough that DuckDB's per-statement cost stays small, small enough that the scan of the next
 * segment overlaps the insert of this one in a large request. A request of a few MB is then one
 * segment (the first is a quarter of this): with 10,000-event requests (3.6 MB), 16 MB gave 357-376k
 * events/s with four clients against 321-358k at 2 MB (three inserts a request), and the same with
 * one client; 256 KB had cost half again as much CPU as 1 MB.
 */
const defaultSegmentBytes = 16 << 20;
/** A segment is cut even inside a line past this size (the scanner gives up on such lines). */
const defaultMaxSegmentBytes = 32 << 20;

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
    options.storedBy?.('per-event');
    return finish();
  }
  const labels = options.labels ? flatten(options.labels, new Set()) : {};
  const session = new ReadJsonIngest(store, dataset, sysTime, labels, options.spoolDir ?? tmpdir(), {
    size: options.segmentBytes ?? defaultSegmentBytes,
    maxBytes: options.maxSegmentBytes ?? defaultMaxSegmentBytes,
  });
  // Read by hand: a fallback goes on with the rest of the same stream.
  const chunks = decoded[Symbol.asyncIterator]();
  try {
    let ended = false;
    while (session.usable) {
      const next = await chunks.next();
      if (next.done) {
        ended = true;
        break;
      }
      await session.push(next.value);
    }
    if (ended) await session.end();
    const stored = await session.finish();
    if (stored !== undefined) {
      status.ingested = stored;
      options.storedBy?.('read_json');
      return finish();
    }
    await ingestEvents(store, dataset, replay(session.files, chunks), options, sysTime, status);
    options.storedBy?.('per-event');
    return finish();
  } catch (error) {
    await session.abandon();
    throw error;
  } finally {
    await chunks.return?.(undefined);
    await session.removeFiles();
  }
}

/** The spooled segments' bytes, then the rest of the stream. */
async function* replay(files: readonly string[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const path of files) yield* createReadStream(path) as AsyncIterable<Buffer>;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/** Whether the request may go through DuckDB's read_json (see readJsonPlan.ts). */
function readJsonApplies(options: IngestOptions): boolean {
  return (
    options.readJson !== false &&
    options.format !== 'csv' &&
    !options.timestampFormat &&
    (options.timestampField || '_time') === '_time' &&
    (options.mapFields ?? []).length === 0
  );
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
      if (nestsDeeperThan(record, maxDynamicDepth)) {
        fail(`event nests deeper than ${maxDynamicDepth} levels`);
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
          fail(`cannot parse timestamp field ${timestampField}: ${stringifyExact(raw)}`);
          continue;
        }
        if (!withinTimeRange(parsed)) {
          fail(`timestamp field ${timestampField} is outside years 0001 to 9999: ${stringifyExact(raw)}`);
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
