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

/** A JSON body: an array when its first character is `[`, else NDJSON (which covers a lone object). */
async function* readJson(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  let reader: ArrayReader | LineReader | undefined;
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

/** The longest run of lines gathered while waiting for a value spread over several lines. */
const maxPendingChars = 8 * 1024 * 1024;

/**
 * NDJSON: one value per line, blank lines skipped. A line that does not parse alone is joined with
 * the next ones until they do, so a pretty-printed object sent as `application/json` is read too.
 */
class LineReader {
  private rest = '';
  private pending = '';
  private line = 0;
  private pendingLine = 0;

  *push(text: string): Generator<unknown> {
    const buffer = this.rest + text;
    let start = 0;
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n', start)) {
      const value = this.line_(buffer.slice(start, end));
      if (value !== none) yield value;
      start = end + 1;
    }
    this.rest = buffer.slice(start);
  }

  end(): unknown[] {
    const last = this.line_(this.rest);
    this.rest = '';
    if (this.pending !== '') throw this.error(this.pendingLine, this.failure(this.pending));
    return last === none ? [] : [last];
  }

  private line_(text: string): unknown {
    this.line++;
    if (this.pending === '') {
      if (isBlank(text)) return none;
      try {
        return JSON.parse(text);
      } catch {
        this.pending = text;
        this.pendingLine = this.line;
        return none;
      }
    }
    this.pending += '\n' + text;
    try {
      const value = JSON.parse(this.pending);
      this.pending = '';
      return value;
    } catch {
      if (this.pending.length > maxPendingChars) throw this.error(this.pendingLine, this.failure(this.pending));
      return none;
    }
  }

  private failure(text: string): string {
    const firstLine = text.split('\n', 1)[0]!;
    try {
      JSON.parse(firstLine);
      return 'unexpected end of body';
    } catch (error) {
      return (error as Error).message;
    }
  }

  private error(line: number, message: string): HttpError {
    return new HttpError(400, `invalid JSON on line ${line}: ${message}`);
  }
}

const none = Symbol('none');

function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

/** The elements of one JSON array, each cut out by bracket depth and parsed with JSON.parse. */
class ArrayReader {
  private buffer = '';
  /** Where scanning resumes in `buffer`. */
  private position = 0;
  /** Start of the current element, or -1 between elements. */
  private start = -1;
  /** What the current element is: an object or array (by depth), a string, or another scalar. */
  private kind: 'container' | 'string' | 'scalar' = 'scalar';
  private depth = 0;
  private inString = false;
  private opened = false;
  private closed = false;
  private expectComma = false;
  private sawElement = false;
  /** Characters dropped from the front of `buffer` so far (for error positions). */
  private dropped = 0;

  *push(text: string): Generator<unknown> {
    const keep = this.start >= 0 ? this.start : this.position;
    this.dropped += keep;
    this.buffer = this.buffer.slice(keep) + text;
    this.position -= keep;
    if (this.start >= 0) this.start = 0;
    const buffer = this.buffer;
    const length = buffer.length;
    let index = this.position;
    let depth = this.depth;
    let inString = this.inString;
    while (index < length) {
      if (this.start >= 0) {
        let end = -1;
        if (this.kind === 'scalar') {
          let scan = index;
          while (scan < length && !isScalarEnd(buffer.charCodeAt(scan))) scan++;
          index = scan;
          if (scan < length) end = scan;
        } else {
          while (index < length) {
            if (inString) {
              const quote = buffer.indexOf('"', index);
              if (quote < 0) {
                index = length;
                break;
              }
              let backslashes = 0;
              for (let back = quote - 1; buffer.charCodeAt(back) === 92; back--) backslashes++;
              index = quote + 1;
              if (backslashes % 2 === 0) {
                inString = false;
                if (this.kind === 'string') {
                  end = index;
                  break;
                }
              }
              continue;
            }
            const code = buffer.charCodeAt(index++);
            if (code === 34) inString = true;
            else if (code === 123 || code === 91) depth++;
            else if ((code === 125 || code === 93) && --depth === 0) {
              end = index;
              break;
            }
          }
        }
        if (end < 0) break;
        yield this.parse(buffer.slice(this.start, end));
        depth = 0;
        continue;
      }
      const code = buffer.charCodeAt(index);
      if (code === 32 || code === 10 || code === 13 || code === 9) {
        index++;
        continue;
      }
      if (this.closed) throw this.error(index, 'unexpected data after the closing ]');
      if (!this.opened) {
        this.opened = true;
        index++;
        continue;
      }
      if (code === 93 && (this.expectComma || !this.sawElement)) {
        this.closed = true;
        index++;
        continue;
      }
      if (this.expectComma) {
        if (code !== 44) throw this.error(index, 'expected , or ] between array elements');
        this.expectComma = false;
        index++;
        continue;
      }
      this.start = index;
      if (code === 123 || code === 91) {
        this.kind = 'container';
        depth = 1;
        index++;
      } else if (code === 34) {
        this.kind = 'string';
        inString = true;
        index++;
      } else {
        this.kind = 'scalar';
      }
    }
    this.position = index;
    this.depth = depth;
    this.inString = inString;
  }

  end(): unknown[] {
    if (!this.closed) {
      throw this.error(this.buffer.length, this.start >= 0 ? 'unexpected end of body inside a value' : 'unterminated array');
    }
    return [];
  }

  private parse(text: string): unknown {
    const at = this.start;
    this.start = -1;
    this.expectComma = true;
    this.sawElement = true;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw this.error(at, (error as Error).message);
    }
  }

  private error(index: number, message: string): HttpError {
    return new HttpError(400, `invalid JSON body near character ${this.dropped + index}: ${message}`);
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
