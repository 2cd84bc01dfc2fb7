/**
 * The two JSON body readers: NDJSON lines and the elements of one JSON array. Each chunk of text is
 * scanned once, from where the last one stopped: a line or element that spans chunks is kept as a
 * list of pieces and joined once when it ends, so a value of n characters costs O(n) however the
 * body is cut (re-scanning or re-concatenating a growing buffer per chunk made one long line
 * quadratic).
 */
import { HttpError } from '../http/types.ts';
import { parseExact } from '../../wire/exactJson.ts';

export interface RecordReader {
  push(text: string): Iterable<unknown>;
  end(): Iterable<unknown>;
}

/** The longest run of lines gathered while waiting for a value spread over several lines. */
const maxPendingChars = 8 * 1024 * 1024;

const none = Symbol('none');

/** Bracket depth and string state of JSON text scanned so far. */
interface Nesting {
  depth: number;
  inString: boolean;
  escaped: boolean;
}

/** Advances `state` over `text` (brackets inside strings do not count). */
function scanNesting(text: string, state: Nesting): void {
  let { depth, inString, escaped } = state;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) escaped = false;
      else if (code === 92) escaped = true;
      else if (code === 34) inString = false;
    } else if (code === 34) inString = true;
    else if (code === 123 || code === 91) depth++;
    else if (code === 125 || code === 93) depth--;
  }
  state.depth = depth;
  state.inString = inString;
  state.escaped = escaped;
}

/**
 * NDJSON: one value per line, blank lines skipped. A line that does not parse alone is joined with
 * the next ones until its brackets close, so a pretty-printed object sent as `application/json` is
 * read too. The joined text is parsed only once the brackets balance (parsing it after every line
 * was quadratic in the number of lines); if it does not parse then, no later line can fix it.
 */
export class LineReader implements RecordReader {
  /** The current line's text from earlier chunks. */
  private parts: string[] = [];
  private pending = '';
  private readonly nesting: Nesting = { depth: 0, inString: false, escaped: false };
  private line = 0;
  private pendingLine = 0;

  *push(text: string): Generator<unknown> {
    let start = 0;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      let line = text.slice(start, end);
      if (this.parts.length > 0) {
        this.parts.push(line);
        line = this.parts.join('');
        this.parts = [];
      }
      const value = this.take(line);
      if (value !== none) yield value;
      start = end + 1;
    }
    if (start < text.length) this.parts.push(start === 0 ? text : text.slice(start));
  }

  end(): unknown[] {
    const last = this.take(this.parts.join(''));
    this.parts = [];
    if (this.pending !== '') throw this.error(this.pendingLine, this.failure(this.pending));
    return last === none ? [] : [last];
  }

  private take(text: string): unknown {
    this.line++;
    if (this.pending === '') {
      if (isBlank(text)) return none;
      try {
        return parseExact(text);
      } catch {
        this.pending = text;
        this.pendingLine = this.line;
        Object.assign(this.nesting, { depth: 0, inString: false, escaped: false });
        return this.settle(text);
      }
    }
    this.pending += '\n' + text;
    return this.settle(text);
  }

  /** Parses the joined lines once their brackets balance; a string cannot span lines. */
  private settle(added: string): unknown {
    scanNesting(added, this.nesting);
    if (this.nesting.inString) throw this.error(this.pendingLine, this.failure(this.pending));
    if (this.nesting.depth > 0) {
      if (this.pending.length > maxPendingChars) throw this.error(this.pendingLine, this.failure(this.pending));
      return none;
    }
    try {
      const value = parseExact(this.pending);
      this.pending = '';
      return value;
    } catch {
      throw this.error(this.pendingLine, this.failure(this.pending));
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

function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 13) return false;
  }
  return true;
}

/** The elements of one JSON array, each cut out by bracket depth and parsed with JSON.parse. */
export class ArrayReader implements RecordReader {
  /** The current element's text from earlier chunks. */
  private parts: string[] = [];
  private inElement = false;
  /** What the current element is: an object or array (by depth), a string, or another scalar. */
  private kind: 'container' | 'string' | 'scalar' = 'scalar';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private opened = false;
  private closed = false;
  private expectComma = false;
  private sawElement = false;
  /** Characters in the chunks before the current one (for error positions). */
  private offset = 0;
  /** Where the current element starts in the whole body. */
  private elementStart = 0;

  *push(text: string): Generator<unknown> {
    const length = text.length;
    let index = 0;
    /** Where the current element's text starts in this chunk. */
    let from = 0;
    while (index < length) {
      if (this.inElement) {
        const end = this.elementEnd(text, index);
        if (end < 0) break;
        this.parts.push(text.slice(from, end));
        const element = this.parts.join('');
        this.parts = [];
        yield this.parse(element);
        index = end;
        continue;
      }
      const code = text.charCodeAt(index);
      if (code === 32 || code === 10 || code === 13 || code === 9) {
        index++;
        continue;
      }
      if (this.closed) throw this.error(this.offset + index, 'unexpected data after the closing ]');
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
        if (code !== 44) throw this.error(this.offset + index, 'expected , or ] between array elements');
        this.expectComma = false;
        index++;
        continue;
      }
      this.inElement = true;
      this.elementStart = this.offset + index;
      from = index;
      this.depth = 0;
      this.inString = false;
      this.escaped = false;
      if (code === 123 || code === 91) {
        this.kind = 'container';
        this.depth = 1;
        index++;
      } else if (code === 34) {
        this.kind = 'string';
        this.inString = true;
        index++;
      } else {
        this.kind = 'scalar';
      }
    }
    if (this.inElement && from < length) this.parts.push(from === 0 ? text : text.slice(from));
    this.offset += length;
  }

  /** Scans the current element from `index`; answers the index just past its end, or -1 (not in this chunk). */
  private elementEnd(text: string, index: number): number {
    const length = text.length;
    if (this.kind === 'scalar') {
      while (index < length && !isScalarEnd(text.charCodeAt(index))) index++;
      return index < length ? index : -1;
    }
    let { depth, inString, escaped } = this;
    let end = -1;
    while (index < length) {
      const code = text.charCodeAt(index++);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === 92) escaped = true;
        else if (code === 34) {
          inString = false;
          if (this.kind === 'string') {
            end = index;
            break;
          }
        }
      } else if (code === 34) inString = true;
      else if (code === 123 || code === 91) depth++;
      else if ((code === 125 || code === 93) && --depth === 0) {
        end = index;
        break;
      }
    }
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return end;
  }

  end(): unknown[] {
    if (!this.closed) {
      throw this.error(this.offset, this.inElement ? 'unexpected end of body inside a value' : 'unterminated array');
    }
    return [];
  }

  private parse(text: string): unknown {
    const at = this.elementStart;
    this.inElement = false;
    this.expectComma = true;
    this.sawElement = true;
    try {
      return parseExact(text);
    } catch (error) {
      throw this.error(at, (error as Error).message);
    }
  }

  private error(at: number, message: string): HttpError {
    return new HttpError(400, `invalid JSON body near character ${at}: ${message}`);
  }
}

function isScalarEnd(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9 || code === 44 || code === 93;
}
