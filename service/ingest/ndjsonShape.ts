/**
 * A byte scanner over NDJSON that learns the shape of a body without building its values: every
 * key path, which kinds of value it holds (classified exactly as the per-event path classifies
 * them after JSON.parse), and whether the top-level `_time` values are ones SQL can convert the
 * same way. DuckDB then reads the body with these columns declared, so it never has to guess.
 *
 * The scanner gives up (`eligible` false) on anything it is not sure DuckDB reads exactly like
 * JSON.parse would: a line that is not exactly one object, bare words other than true/false/null,
 * very deep nesting, over-long lines. The caller then takes the per-event path.
 */

import { isLong } from '../store/fieldTypes.ts';
import { asciiText, isIsoTime, keyText, numberEnd, quote, skipSpace, stringEnd, word } from './jsonBytes.ts';
import { arrayEnd, maxDepth } from './ndjsonArrays.ts';

export const kind = {
  string: 1,
  integer: 2,
  float: 4,
  boolean: 8,
  array: 16,
  object: 32,
  null: 64,
  /**
   * An array DuckDB would write back differently from `JSON.stringify(JSON.parse(…))` (numbers
   * with a fraction or exponent, escapes, digit-only or repeated keys in its objects).
   */
  unusualArray: 128,
} as const;

/** A key path; `children` holds the keys met inside object values. */
export interface ShapeNode {
  kinds: number;
  children: Map<string, ShapeNode>;
  /** The children by the bytes their keys were spelled with (saves decoding each key). */
  spellings: Spelling[];
}

interface Spelling {
  bytes: Uint8Array;
  node: ShapeNode;
}

function shapeNode(): ShapeNode {
  return { kinds: 0, children: new Map(), spellings: [] };
}

export const timeKind = {
  /** `YYYY-MM-DDTHH:MM:SS[.ffffff]Z`, or empty. */
  isoString: 1,
  number: 2,
  /** Anything else (another string shape, an object, …). */
  other: 4,
} as const;

const maxLineBytes = 8 * 1024 * 1024;

const newline = 0x0a;

export class NdjsonShape {
  private readonly top = shapeNode();
  readonly root = this.top.children;
  /** Kinds of the top-level `_time` values met (timeKind bits). */
  timeKinds = 0;
  lines = 0;
  eligible = true;
  /** The start of a line cut by a chunk boundary, in pieces. */
  private carry: Uint8Array[] = [];
  private carryBytes = 0;
  /** The top-level `_time` node once met. */
  private timeNode: ShapeNode | undefined;

  /**
   * Scans the complete lines of `chunk`, keeping a partial last line for the next call. Only a
   * line cut by a chunk boundary is copied. (A byte order mark needs no check of its own: a line
   * must start with `{`.)
   */
  push(chunk: Uint8Array): void {
    if (!this.eligible) return;
    // One element kind (plain Uint8Array, never Buffer) keeps the scanning loops monomorphic;
    // Buffer#indexOf finds the newlines (far faster than Uint8Array#indexOf).
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    if (this.carry.length > 0) {
      const end = text.indexOf(newline);
      if (end < 0) return this.keep(bytes);
      this.carry.push(bytes.subarray(0, end));
      const line = joined(this.carry, this.carryBytes + end);
      this.carry = [];
      this.carryBytes = 0;
      if (!this.line(line, 0, line.length)) return this.giveUp();
      start = end + 1;
    }
    for (let end = text.indexOf(newline, start); end >= 0; end = text.indexOf(newline, start)) {
      if (!this.line(bytes, start, end)) return this.giveUp();
      start = end + 1;
    }
    if (start < bytes.length) this.keep(bytes.subarray(start));
  }

  /** Keeps (a copy of) the start of a line that continues in the next chunk. */
  private keep(part: Uint8Array): void {
    this.carryBytes += part.length;
    if (this.carryBytes > maxLineBytes) return this.giveUp();
    this.carry.push(part.slice());
  }

  /** Scans the last line; answers whether the whole body is eligible. */
  end(): boolean {
    if (this.eligible && this.carry.length > 0) {
      const last = joined(this.carry, this.carryBytes);
      this.carry = [];
      this.carryBytes = 0;
      if (!this.line(last, 0, last.length)) this.giveUp();
    }
    return this.eligible;
  }

  private giveUp(): void {
    this.eligible = false;
    this.carry = [];
    this.carryBytes = 0;
  }

  /** One line: blank, or exactly one object. */
  private line(bytes: Uint8Array, start: number, end: number): boolean {
    const from = skipSpace(bytes, start, end);
    if (from === end) return true;
    if (bytes[from] !== 0x7b) return false;
    const after = this.object(bytes, from, end, this.top, 1);
    if (after < 0 || skipSpace(bytes, after, end) !== end) return false;
    this.lines++;
    return true;
  }

  /** Scans the object at `at` (a `{`); answers the index after it, or -1. */
  private object(bytes: Uint8Array, at: number, end: number, parent: ShapeNode, depth: number): number {
    if (depth > maxDepth) return -1;
    let index = skipSpace(bytes, at + 1, end);
    if (bytes[index] === 0x7d) return index + 1;
    for (let position = 0; ; position++) {
      if (bytes[index] !== quote) return -1;
      let close = knownKeyEnd(parent, bytes, index + 1, end, position);
      let node: ShapeNode | undefined;
      if (close >= 0) {
        node = parent.spellings[position < parent.spellings.length ? position : position % parent.spellings.length]!.node;
      } else {
        close = stringEnd(bytes, index + 1, end);
        if (close < 0) return -1;
        node = child(parent, bytes, index + 1, close, position);
        if (node === undefined) return -1;
        // Top-level keys are only added here: `_time` is looked up once it may exist.
        if (depth === 1) this.timeNode ??= this.root.get('_time');
      }
      const top = depth === 1 && node === this.timeNode;
      index = skipSpace(bytes, close + 1, end);
      if (bytes[index] !== 0x3a) return -1;
      index = skipSpace(bytes, index + 1, end);
      index = this.value(bytes, index, end, node, depth, top);
      if (index < 0) return -1;
      index = skipSpace(bytes, index, end);
      const code = bytes[index];
      if (code === 0x7d) return index + 1;
      if (code !== 0x2c) return -1;
      index = skipSpace(bytes, index + 1, end);
    }
  }

  /** Scans one value, recording its kind on `node`; answers the index after it, or -1. */
  private value(bytes: Uint8Array, at: number, end: number, node: ShapeNode, depth: number, isTime: boolean): number {
    const code = bytes[at];
    if (code === quote) {
      const close = stringEnd(bytes, at + 1, end);
      if (close < 0) return -1;
      node.kinds |= kind.string;
      if (isTime) this.timeKinds |= isIsoTime(bytes, at + 1, close) ? timeKind.isoString : timeKind.other;
      return close + 1;
    }
    if (code === 0x7b) {
      node.kinds |= kind.object;
      if (isTime) this.timeKinds |= timeKind.other;
      return this.object(bytes, at, end, node, depth + 1);
    }
    if (code === 0x5b) {
      node.kinds |= kind.array;
      if (isTime) this.timeKinds |= timeKind.other;
      const report = { usual: true };
      const after = arrayEnd(bytes, at, end, depth + 1, report);
      if (!report.usual) node.kinds |= kind.unusualArray;
      return after;
    }
    if (code === 0x74) return word(bytes, at, end, 'true') ? (node.kinds |= kind.boolean, this.timeIf(isTime, timeKind.other), at + 4) : -1;
    if (code === 0x66) return word(bytes, at, end, 'false') ? (node.kinds |= kind.boolean, this.timeIf(isTime, timeKind.other), at + 5) : -1;
    if (code === 0x6e) return word(bytes, at, end, 'null') ? (node.kinds |= kind.null, at + 4) : -1;
    const after = numberEnd(bytes, at, end);
    const number = after < 0 ? 0 : numberKind(bytes, at, after);
    // A number no double holds (1e400) is left to the per-event path, which stores it as null.
    if (number === 0) return -1;
    node.kinds |= number;
    if (isTime) this.timeKinds |= timeKind.number;
    return after;
  }

  private timeIf(isTime: boolean, bits: number): void {
    if (isTime) this.timeKinds |= bits;
  }
}

function joined(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

/**
 * Where the key starting at `from` ends (its closing quote) when it is spelled exactly as the key
 * met at this position before, else -1. A complete earlier spelling followed by a quote can only be
 * that key, so the usual case costs one comparison instead of a scan and a lookup.
 */
function knownKeyEnd(parent: ShapeNode, bytes: Uint8Array, from: number, end: number, position: number): number {
  const count = parent.spellings.length;
  if (count === 0) return -1;
  // (A modulo costs more than the comparison when positions line up, as they usually do.)
  const known = parent.spellings[position < count ? position : position % count]!.bytes;
  const length = known.length;
  const close = from + length;
  if (close >= end || bytes[close] !== quote) return -1;
  for (let index = 0; index < length; index++) if (known[index] !== bytes[from + index]) return -1;
  return close;
}

/** The child of `parent` keyed by the bytes from..to; objects usually repeat their key order. */
function child(parent: ShapeNode, bytes: Uint8Array, from: number, to: number, position: number): ShapeNode | undefined {
  const spellings = parent.spellings;
  const length = to - from;
  const count = spellings.length;
  for (let tried = 0; tried < count; tried++) {
    const spelling = spellings[(position + tried) % count]!;
    const known = spelling.bytes;
    if (known.length !== length) continue;
    let same = true;
    for (let index = 0; index < length; index++) {
      if (known[index] !== bytes[from + index]) {
        same = false;
        break;
      }
    }
    if (same) return spelling.node;
  }
  const key = keyText(bytes, from, to);
  if (key === undefined) return undefined;
  let node = parent.children.get(key);
  if (node === undefined) {
    node = shapeNode();
    parent.children.set(key, node);
  }
  spellings.push({ bytes: bytes.slice(from, to), node });
  return node;
}

/** integer or float, as `classify` says of the per-event path's value; 0 for a number past a double's range. */
function numberKind(bytes: Uint8Array, from: number, to: number): number {
  let point = -1;
  for (let index = from; index < to; index++) {
    const code = bytes[index]!;
    if (code === 0x65 || code === 0x45) return exactNumberKind(bytes, from, to);
    if (code === 0x2e) point = index;
  }
  const integerDigits = (point < 0 ? to : point) - from - (bytes[from] === 0x2d ? 1 : 0);
  if (integerDigits > 15) return exactNumberKind(bytes, from, to);
  if (point < 0) return kind.integer;
  // `2.50` is a float; `2.0` parses to 2, an integer.
  for (let index = point + 1; index < to; index++) if (bytes[index] !== 0x30) return kind.float;
  return kind.integer;
}

/** Past 15 digits or with an exponent: the per-event path reads an integer token exactly (a long), any other as a double. */
function exactNumberKind(bytes: Uint8Array, from: number, to: number): number {
  const text = asciiText(bytes, from, to);
  const value = Number(text);
  if (!Number.isFinite(value)) return 0;
  if (/^-?\d+$/.test(text)) return isLong(BigInt(text)) ? kind.integer : kind.float;
  return Number.isSafeInteger(value) ? kind.integer : kind.float;
}
