import { createReadStream } from 'node:fs';
import * as path from 'node:path';
import { createGunzip } from 'node:zlib';
import { ServiceError, type Connection } from '../../client/connection.ts';
import type { IngestOptions, IngestStatus } from '../../client/serviceTypes.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { requestBodies, type LineFormat } from '../requestBodies.ts';
import { connectionFlags, connectionOptionLines, requestFailure, serviceConnection, tokenUsage } from '../serviceConnection.ts';
import { plural } from '../text.ts';

const formats = ['ndjson', 'json', 'csv'] as const;
type Format = (typeof formats)[number];

const contentTypes: Record<LineFormat, string> = { ndjson: 'application/x-ndjson', csv: 'text/csv' };
/** About this much per request: large enough that the service stores it in a few statements. */
const defaultBodyMegabytes = 4;
/** Requests in flight at once: the service stores requests that add no field side by side. */
const defaultConcurrency = 4;
/** Failures printed; the count covers them all. */
const maxPrintedFailures = 10;

const usage = `Usage: apl ingest [options] DATASET [FILE ...]

Sends the events of each FILE (standard input when there is none, or for -) to DATASET, in
requests of about ${defaultBodyMegabytes} MB of whole lines, ${defaultConcurrency} at a time. The format follows the file's
extension (.ndjson, .jsonl, .json, .csv, each also .gz), else --format (default ndjson). A .json
file (an array of events, or one) is read whole; NDJSON and CSV are streamed.
Prints how many events were stored; exits 1 if any failed, listing the first ${maxPrintedFailures} reasons.

Options:
  --create                  Create DATASET if it does not exist
  --format FORMAT           ${formats.join(', ')}
  --timestamp-field NAME    The field _time is read from (default _time)
  --timestamp-format LAYOUT Go reference-time layout of that field (default: detected)
  --csv-delimiter CHAR      CSV field separator (default ,)
  --concurrency N           Requests in flight at once (default ${defaultConcurrency})
${connectionOptionLines(28)}
  -h, --help                Show this help

${tokenUsage}`;

interface Totals {
  ingested: number;
  failed: number;
  failures: string[];
}

export const ingestCommand: Command = {
  name: 'ingest',
  summary: 'Send events from files or standard input to a dataset',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      create: { type: 'boolean' },
      format: { type: 'string' },
      'timestamp-field': { type: 'string' },
      'timestamp-format': { type: 'string' },
      'csv-delimiter': { type: 'string' },
      concurrency: { type: 'string' },
      ...connectionFlags,
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    const [dataset, ...files] = positionals;
    if (!dataset) throw new UsageError('no dataset given');
    if (values.format !== undefined && !(formats as readonly string[]).includes(values.format)) {
      throw new UsageError(`unknown --format '${values.format}' (${formats.join(', ')})`);
    }
    const concurrency = Number(values.concurrency ?? defaultConcurrency);
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new UsageError(`invalid --concurrency '${values.concurrency}'`);
    const sources = files.length > 0 ? files : ['-'];
    const formatOf = (file: string) => (values.format as Format | undefined) ?? formatOfFile(file);
    const connection = await serviceConnection(values);

    const started = performance.now();
    const totals: Totals = { ingested: 0, failed: 0, failures: [] };
    try {
      await ensureDataset(connection, dataset, values.create ?? false);
      for (const file of sources) {
        const format = formatOf(file);
        const lineFormat: LineFormat = format === 'csv' ? 'csv' : 'ndjson';
        const options: IngestOptions = {
          contentType: contentTypes[lineFormat],
          timestampField: values['timestamp-field'],
          timestampFormat: values['timestamp-format'],
          csvDelimiter: values['csv-delimiter'],
        };
        const bodies = requestBodies(await eventLines(file, format, context), lineFormat, defaultBodyMegabytes << 20);
        await sendAll(bodies, concurrency, async (body) => count(totals, await connection.ingest(dataset, body, options)));
      }
    } catch (error) {
      if (error instanceof UsageError) throw error;
      context.stderr(`apl ingest: ${describeFailure(error, connection.url)}`);
      if (totals.ingested > 0) context.stderr(`apl ingest: ${plural(totals.ingested, 'event')} stored before that`);
      return exitCodes.problems;
    }
    const seconds = (performance.now() - started) / 1000;
    context.stdout(`ingested ${plural(totals.ingested, 'event')} into ${dataset} in ${seconds.toFixed(1)} s${totals.failed > 0 ? `; ${totals.failed.toLocaleString('en')} failed` : ''}`);
    for (const failure of totals.failures) context.stderr(`apl ingest: ${failure}`);
    return totals.failed > 0 ? exitCodes.problems : exitCodes.ok;
  },
};

const gzipped = (file: string) => file.toLowerCase().endsWith('.gz');

function formatOfFile(file: string): Format {
  switch (path.extname(gzipped(file) ? file.slice(0, -3) : file).toLowerCase()) {
    case '.json':
      return 'json';
    case '.csv':
      return 'csv';
    default:
      return 'ndjson';
  }
}

async function ensureDataset(connection: Connection, name: string, create: boolean): Promise<void> {
  try {
    await connection.getDataset(name);
  } catch (error) {
    if (!(error instanceof ServiceError && error.status === 404)) throw error;
    if (!create) throw new ServiceError(404, `dataset ${name} not found (--create creates it)`);
    await connection.createDataset({ name });
  }
}

/** The file's events as lines: NDJSON and CSV as they are, a JSON document turned into NDJSON. */
async function eventLines(file: string, format: Format, context: CliContext): Promise<Iterable<Uint8Array> | AsyncIterable<Uint8Array>> {
  const stream = file === '-' ? context.stdin() : readFileStream(path.resolve(context.cwd, file));
  if (format !== 'json') return stream;
  const parts: Uint8Array[] = [];
  for await (const part of stream) parts.push(part);
  let document: unknown;
  try {
    document = JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const events = Array.isArray(document) ? document : [document];
  return [Buffer.from(events.map((event) => `${JSON.stringify(event)}\n`).join(''))];
}

/** A file's bytes; a `.gz` file's unpacked, since a request must hold whole lines. */
function readFileStream(file: string): AsyncIterable<Uint8Array> {
  const stream = createReadStream(file, { highWaterMark: 1 << 20 });
  return gzipped(file) ? stream.pipe(createGunzip({ chunkSize: 1 << 20 })) : stream;
}

/**
 * Sends each body, at most `concurrency` at once; bodies are read only as slots free up. The first
 * failure stops the others from taking more.
 */
async function sendAll(bodies: AsyncIterator<Buffer[]>, concurrency: number, send: (body: Buffer[]) => Promise<void>): Promise<void> {
  let failed = false;
  const worker = async () => {
    try {
      for (let next = await bodies.next(); !next.done && !failed; next = await bodies.next()) await send(next.value);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  const outcomes = await Promise.allSettled(Array.from({ length: concurrency }, worker));
  const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
  if (rejected) throw rejected.reason;
}

function count(totals: Totals, status: IngestStatus): void {
  totals.ingested += status.ingested;
  totals.failed += status.failed;
  for (const failure of status.failures ?? []) {
    if (totals.failures.length < maxPrintedFailures) totals.failures.push(failure.error);
  }
}

function describeFailure(error: unknown, url: string): string {
  if (error instanceof ServiceError) return error.status === 404 ? error.message : `${error.status}: ${error.message}`;
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return `cannot read ${(error as { path?: string }).path ?? 'the file'}`;
  return requestFailure(error, url);
}
