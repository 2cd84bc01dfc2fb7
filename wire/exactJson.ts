/**
 * JSON that keeps integers beyond 2^53 exactly. `JSON.parse` rounds 9007199254740993 to …992; here
 * such an integer becomes a `bigint` and `stringifyExact` writes it back as the digits it was. Pure;
 * shared by the service's replies, the HTTP client, the results wire and the webview.
 *
 * No reviver (it would run for every value of a 100,000-row answer): one tokenizer pass finds the
 * big integers outside strings and rewrites them as marked strings, `JSON.parse` reads the text,
 * and a walk (iterative, so no depth limit) turns the marked strings into bigints. A text without
 * a run of 16 digits skips all of it.
 */

const nul = '\u0000';

/** `JSON.parse`, except that integers outside ±(2^53 − 1), of up to 39 digits, come back as bigints. */
export function parseExact(text: string): unknown {
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  // A JSON string holds NUL only through the escape `\u0000`; without one, a NUL-led string is ours.
  const marker = /\\u0000/i.test(text) ? `${nul}${randomTag()}:` : nul;
  const { text: marked, found } = markBigIntegers(text, marker);
  const value = JSON.parse(marked) as unknown;
  return found ? restoreBigIntegers(value, marker) : value;
}

/** `JSON.stringify`, writing bigints as their digits. */
export function stringifyExact(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space);
  } catch (error) {
    // A bigint is a TypeError; so is a cycle, which the second pass throws again.
    if (!(error instanceof TypeError)) throw error;
  }
  const marker = `${nul}${randomTag()}:`;
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${marker}${item}` : item), space);
  const escaped = JSON.stringify(marker).slice(1, -1).replace(/\\/g, '\\\\');
  return text.replace(new RegExp(`"${escaped}(-?\\d+)"`, 'g'), '$1');
}

function randomTag(): string {
  return Math.random().toString(36).slice(2, 10) + Math.random().toString(36).slice(2, 10);
}

/** The text with each big integer token (outside strings) written as `"<marker><digits>"`. */
export function markBigIntegers(text: string, marker: string): { text: string; found: boolean } {
  const parts: string[] = [];
  const quotedMarker = JSON.stringify(marker).slice(1, -1);
  let copiedTo = 0;
  let index = 0;
  const length = text.length;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x22 /* " */) {
      index++;
      while (index < length) {
        const inner = text.charCodeAt(index);
        if (inner === 0x5c /* \ */) index += 2;
        else if (inner === 0x22) break;
        else index++;
      }
      index++;
    } else if (code === 0x2d /* - */ || (code >= 0x30 && code <= 0x39)) {
      const start = index;
      index++;
      while (index < length && isNumberChar(text.charCodeAt(index))) index++;
      const token = text.slice(start, index);
      if (isBigInteger(token)) {
        parts.push(text.slice(copiedTo, start), `"${quotedMarker}${token}"`);
        copiedTo = index;
      }
    } else {
      index++;
    }
  }
  if (parts.length === 0) return { text, found: false };
  parts.push(text.slice(copiedTo));
  return { text: parts.join(''), found: true };
}

function isNumberChar(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === 0x2d;
}

/** An integer token (no fraction or exponent) whose value a double cannot hold exactly. */
function isBigInteger(token: string): boolean {
  const digits = token.startsWith('-') ? token.length - 1 : token.length;
  if (digits < 16 || digits > maxExactDigits) return false;
  if (!/^-?(0|[1-9]\d*)$/.test(token)) return false;
  return !Number.isSafeInteger(Number(token));
}

/**
 * The widest integer a query answers holds 39 digits (DuckDB's HUGEINT, as from sum()). A longer
 * token stays a double: making it a bigint takes seconds for millions of digits (a hostile body).
 */
const maxExactDigits = 39;

function restoreBigIntegers(root: unknown, marker: string): unknown {
  const restore = (value: unknown): unknown =>
    typeof value === 'string' && value.startsWith(marker) && /^-?\d+$/.test(value.slice(marker.length)) ? BigInt(value.slice(marker.length)) : value;
  const top = restore(root);
  const stack: unknown[] = [top];
  while (stack.length > 0) {
    const current = stack.pop();
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index++) {
        const item = current[index] as unknown;
        if (typeof item === 'string') current[index] = restore(item);
        else if (typeof item === 'object' && item !== null) stack.push(item);
      }
    } else if (typeof current === 'object' && current !== null) {
      const record = current as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        if (typeof item === 'string') record[key] = restore(item);
        else if (typeof item === 'object' && item !== null) stack.push(item);
      }
    }
  }
  return top;
}
