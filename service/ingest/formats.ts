/**
 * Body formats, each decoded as a stream of records: a JSON array of objects, NDJSON (also a lone
 * object or objects one after another), and CSV. Syntax errors are 400 HttpErrors that name the
 * place; a record that is valid JSON but not an object is yielded as is (the caller counts it
 * as a failed event).
 */
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { HttpError } from '../http/types.ts';
import { ArrayReader, LineReader, type RecordReader } from './jsonRecords.ts';

export type BodyFormat = 'json' | 'ndjson' | 'csv';

export interface CsvOptions {
  delimiter: string;
  /** Column names for a body without a header line; empty: the first line is the header. */
  fields: string[];
}

export function formatOfContentType(contentType: string | undefined): BodyFormat {
  const media = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  switch (media) {
    case '':
    case 'application/json':
      return 'json';
    case 'application/x-ndjson':
    case 'application/nd-json':
    case 'application/ndjson':
    case 'application/jsonlines':
    case 'application/x-jsonlines':
      return 'ndjson';
    case 'text/csv':
      return 'csv';
    default:
      throw new HttpError(415, `unsupported content type "${contentType}" (use application/json, application/x-ndjson or text/csv)`);
  }
}

export function readRecords(bytes: AsyncIterable<Uint8Array>, format: BodyFormat, csv: CsvOptions): AsyncIterable<unknown> {
  return format === 'csv' ? readCsv(bytes, csv) : readJson(bytes);
}

/** A JSON body: an array when its first character is `[`, else NDJSON (which covers a lone object). */
async function* readJson(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let reader: RecordReader | undefined;
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (reader === undefined) {
      const first = /\S/.exec(text);
      if (!first) continue;
      reader = first[0] === '[' ? new ArrayReader() : new LineReader();
    }
    yield* reader.push(text);
  }
  if (reader === undefined) return;
  yield* reader.push(decoder.decode());
  yield* reader.end();
}

async function* readCsv(bytes: AsyncIterable<Uint8Array>, options: CsvOptions): AsyncGenerator<unknown> {
  const header = options.fields.length > 0 ? checkedHeader(options.fields) : undefined;
  const parser = parseCsv({
    delimiter: options.delimiter,
    columns: header ?? ((names: string[]) => checkedHeader(names.map((name) => name.trim()))),
    relax_column_count: true,
    skip_empty_lines: true,
    bom: true,
  });
  const source = Readable.from(bytes, { objectMode: false });
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const record of parser) yield record;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `invalid CSV body: ${(error as Error).message}`);
  } finally {
    source.destroy();
  }
}

/** Column names must be there and differ: an empty or repeated one would name no field, or two values. */
function checkedHeader(names: string[]): string[] {
  const seen = new Set<string>();
  names.forEach((name, index) => {
    if (name === '') throw new HttpError(400, `invalid CSV header: column ${index + 1} has no name`);
    if (seen.has(name)) throw new HttpError(400, `invalid CSV header: column ${index + 1} repeats the name "${name}"`);
    seen.add(name);
  });
  return names;
}
