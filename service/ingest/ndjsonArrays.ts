/**
 * Whether a JSON array is stored with the same text on both ingest paths (see `arrayEnd`).
 */
import { backslash, keyText, numberEnd, quote, skipSpace, stringEnd, word } from './jsonBytes.ts';

/** Arrays and objects nested deeper than this are left to the per-event path. */
export const maxDepth = 32;

/**
 * Arrays are stored as JSON text: through read_json DuckDB writes that text, on the per-event path
 * `JSON.stringify` does. Both write no spaces and keep strings and key order, so they agree unless
 * `report.usual` ends up false: a number with a fraction, exponent, `-0` or more than 15 digits,
 * an escape in a string, an object key made of digits only (JavaScript puts those first) or met
 * twice in one object. Answers the index after the array, or -1.
 */
export function arrayEnd(bytes: Uint8Array, at: number, end: number, depth: number, report: { usual: boolean }): number {
  if (depth > maxDepth) return -1;
  let index = skipSpace(bytes, at + 1, end);
  if (bytes[index] === 0x5d) return index + 1;
  for (;;) {
    index = arrayValueEnd(bytes, index, end, depth, report);
    if (index < 0) return -1;
    index = skipSpace(bytes, index, end);
    const code = bytes[index];
    if (code === 0x5d) return index + 1;
    if (code !== 0x2c) return -1;
    index = skipSpace(bytes, index + 1, end);
  }
}

function arrayObjectEnd(bytes: Uint8Array, at: number, end: number, depth: number, report: { usual: boolean }): number {
  if (depth > maxDepth) return -1;
  let index = skipSpace(bytes, at + 1, end);
  if (bytes[index] === 0x7d) return index + 1;
  const keys = new Set<string>();
  for (;;) {
    if (bytes[index] !== quote) return -1;
    const close = stringEnd(bytes, index + 1, end);
    if (close < 0) return -1;
    const key = keyText(bytes, index + 1, close);
    if (key === undefined) return -1;
    if (bytes.subarray(index + 1, close).includes(backslash) || /^[0-9]+$/.test(key) || keys.has(key)) report.usual = false;
    keys.add(key);
    index = skipSpace(bytes, close + 1, end);
    if (bytes[index] !== 0x3a) return -1;
    index = arrayValueEnd(bytes, skipSpace(bytes, index + 1, end), end, depth, report);
    if (index < 0) return -1;
    index = skipSpace(bytes, index, end);
    const code = bytes[index];
    if (code === 0x7d) return index + 1;
    if (code !== 0x2c) return -1;
    index = skipSpace(bytes, index + 1, end);
  }
}

function arrayValueEnd(bytes: Uint8Array, at: number, end: number, depth: number, report: { usual: boolean }): number {
  const code = bytes[at];
  if (code === quote) {
    const close = stringEnd(bytes, at + 1, end);
    if (close < 0) return -1;
    if (bytes.subarray(at + 1, close).includes(backslash)) report.usual = false;
    return close + 1;
  }
  if (code === 0x5b) return arrayEnd(bytes, at, end, depth + 1, report);
  if (code === 0x7b) return arrayObjectEnd(bytes, at, end, depth + 1, report);
  if (code === 0x74) return word(bytes, at, end, 'true') ? at + 4 : -1;
  if (code === 0x66) return word(bytes, at, end, 'false') ? at + 5 : -1;
  if (code === 0x6e) return word(bytes, at, end, 'null') ? at + 4 : -1;
  const after = numberEnd(bytes, at, end);
  if (after < 0) return -1;
  const negative = bytes[at] === 0x2d;
  const digits = after - at - (negative ? 1 : 0);
  let plainInteger = digits <= 15 && !(negative && bytes[at + 1] === 0x30);
  for (let index = at; plainInteger && index < after; index++) {
    const digit = bytes[index]!;
    if (digit === 0x2e || digit === 0x65 || digit === 0x45) plainInteger = false;
  }
  if (!plainInteger) report.usual = false;
  return after;
}
