/**
 * Body formats, each decoded as a stream of records: a JSON array of objects, NDJSON (also a lone
 * object or objects one after another), and CSV. Syntax errors are 400 HttpErrors that name the
 * place; a record that is valid JSON but not an object is yielded as is (the caller counts it
 * as a failed event).
 */
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import { HttpError } from '../http/types.ts';

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

/** A JSON body: an array when its first character is `[`, else values one after another. */
async function* readJson(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const scanner = new JsonScanner();
  for await (const chunk of bytes) {
    yield* scanner.push(decoder.decode(chunk, { stream: true }));
  }
  yield* scanner.push(decoder.decode());
  yield* scanner.end();
}

/**
 * Splits a text stream into top-level JSON values, either the elements of one outer array or
 * values separated by whitespace (NDJSON), parsing each with JSON.parse.
 */
class JsonScanner {
  private buffer = '';
  /** Where scanning resumes inside `buffer`. */
  private position = 0;
  /** Start of the current value in `buffer`, or -1 between values. */
  private start = -1;
  private depth = 0;
  private inString = false;
  private escaped = false;
  private mode: 'unknown' | 'array' | 'values' = 'unknown';
  private arrayClosed = false;
  private expectComma = false;
  private consumed = 0;

  *push(text: string): Generator<unknown> {
    if (this.start < 0) {
      this.consumed += this.position;
      this.buffer = this.buffer.slice(this.position) + text;
      this.position = 0;
    } else {
      this.consumed += this.start;
      this.buffer = this.buffer.slice(this.start) + text;
      this.position -= this.start;
      this.start = 0;
    }
    const buffer = this.buffer;
    const length = buffer.length;
    let index = this.position;
    while (index < length) {
      if (this.start >= 0) {
        // Inside a value: find where it ends.
        if (this.depth === 0) {
          // A scalar: it ends at whitespace, a comma or a closing bracket.
          let end = index;
          while (end < length && !isScalarEnd(buffer.charCodeAt(end))) end++;
          if (end === length) {
            index = end;
            break;
          }
          yield this.parse(buffer.slice(this.start, end));
          index = end;
          continue;
        }
        for (; index < length; index++) {
          const code = buffer.charCodeAt(index);
          if (this.inString) {
            if (this.escaped) this.escaped = false;
            else if (code === 92) this.escaped = true;
            else if (code === 34) this.inString = false;
          } else if (code === 34) this.inString = true;
          else if (code === 123 || code === 91) this.depth++;
          else if (code === 125 || code === 93) {
            if (--this.depth === 0) {
              index++;
              yield this.parse(buffer.slice(this.start, index));
              break;
            }
          }
        }
        continue;
      }
      const code = buffer.charCodeAt(index);
      if (code === 32 || code === 10 || code === 13 || code === 9) {
        index++;
        continue;
      }
      if (this.arrayClosed) throw this.error(index, 'unexpected data after the closing ]');
      if (this.mode === 'unknown') {
        if (code === 91) {
          this.mode = 'array';
          index++;
          continue;
        }
        this.mode = 'values';
      }
      if (this.mode === 'array') {
        if (code === 93) {
          this.arrayClosed = true;
          index++;
          continue;
        }
        if (this.expectComma) {
          if (code !== 44) throw this.error(index, 'expected , or ] between array elements');
          this.expectComma = false;
          index++;
          continue;
        }
      }
      this.start = index;
      this.depth = code === 123 || code === 91 ? 1 : 0;
      if (this.depth === 1) index++;
    }
    this.position = index;
  }

  /** Checks the body ended cleanly; answers a trailing scalar of an NDJSON body, if any. */
  end(): unknown[] {
    if (this.start >= 0) {
      if (this.depth !== 0) throw this.error(this.buffer.length, 'unexpected end of body inside a value');
      if (this.mode === 'array') throw this.error(this.buffer.length, 'unterminated array');
      return [this.parse(this.buffer.slice(this.start))];
    }
    if (this.mode === 'array' && !this.arrayClosed) throw this.error(this.buffer.length, 'unterminated array');
    return [];
  }

  private parse(text: string): unknown {
    const at = this.start;
    this.start = -1;
    this.depth = 0;
    if (this.mode === 'array') this.expectComma = true;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw this.error(at, (error as Error).message);
    }
  }

  private error(index: number, message: string): HttpError {
    return new HttpError(400, `invalid JSON body near byte ${this.consumed + index}: ${message}`);
  }
}

function isScalarEnd(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 44 || code === 93;
}

async function* readCsv(bytes: AsyncIterable<Uint8Array>, options: CsvOptions): AsyncGenerator<unknown> {
  const header = options.fields.length > 0 ? options.fields : undefined;
  const parser = parseCsv({
    delimiter: options.delimiter,
    columns: header ?? ((names: string[]) => names.map((name) => name.trim())),
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
