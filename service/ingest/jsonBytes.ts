/**
 * Byte-level reading of JSON text, for scanners that learn about a body without building its values:
 * where a token ends (-1 when the text is not JSON there), what shape it has, and a key's text.
 */

export const quote = 0x22;
export const backslash = 0x5c;

export function skipSpace(bytes: Uint8Array, index: number, end: number): number {
  while (index < end) {
    const code = bytes[index]!;
    if (code !== 0x20 && code !== 0x09 && code !== 0x0d) break;
    index++;
  }
  return index;
}

/**
 * The index of the quote closing a string whose content starts at `from`, or -1. Content is not
 * checked: DuckDB rejects what JSON.parse rejects in strings, and the caller then falls back.
 */
export function stringEnd(bytes: Uint8Array, from: number, end: number): number {
  // A plain loop: strings are short, and Buffer#indexOf costs more per call than it saves.
  let index = from;
  while (index < end) {
    const code = bytes[index]!;
    if (code === quote) return index;
    index += code === backslash ? 2 : 1;
  }
  return -1;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export function keyText(bytes: Uint8Array, from: number, to: number): string | undefined {
  let plain = true;
  for (let index = from; index < to; index++) {
    const code = bytes[index]!;
    if (code === backslash || code >= 0x80) {
      plain = false;
      break;
    }
  }
  if (plain) return asciiText(bytes, from, to);
  try {
    return JSON.parse(`"${decoder.decode(bytes.subarray(from, to))}"`) as string;
  } catch {
    return undefined;
  }
}

/**
 * ASCII bytes as text. Short runs (keys, numbers) are read with one fromCharCode call, which is
 * faster than a decoder call, but passes every byte as an argument: a long run would overflow the stack.
 */
export function asciiText(bytes: Uint8Array, from: number, to: number): string {
  if (to - from <= 256) return String.fromCharCode.apply(null, bytes.subarray(from, to) as unknown as number[]);
  return decoder.decode(bytes.subarray(from, to));
}

export function word(bytes: Uint8Array, at: number, end: number, text: string): boolean {
  if (at + text.length > end) return false;
  for (let index = 0; index < text.length; index++) if (bytes[at + index] !== text.charCodeAt(index)) return false;
  return true;
}

/** The end of a JSON number at `at` (strict JSON grammar), or -1. */
export function numberEnd(bytes: Uint8Array, at: number, end: number): number {
  let index = at;
  if (bytes[index] === 0x2d) index++;
  const digitsFrom = index;
  while (index < end && isDigit(bytes[index]!)) index++;
  if (index === digitsFrom || (bytes[digitsFrom] === 0x30 && index - digitsFrom > 1)) return -1;
  if (bytes[index] === 0x2e) {
    const fraction = ++index;
    while (index < end && isDigit(bytes[index]!)) index++;
    if (index === fraction) return -1;
  }
  if (bytes[index] === 0x65 || bytes[index] === 0x45) {
    index++;
    if (bytes[index] === 0x2b || bytes[index] === 0x2d) index++;
    const exponent = index;
    while (index < end && isDigit(bytes[index]!)) index++;
    if (index === exponent) return -1;
  }
  return index;
}

export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** `dddd-dd-ddTdd:dd:dd` as bytes, 0 standing for a digit. */
const isoPattern = Uint8Array.from('dddd-dd-ddTdd:dd:dd', (char) => (char === 'd' ? 0 : char.charCodeAt(0)));

/** `YYYY-MM-DDTHH:MM:SS[.f{1,6}]Z` or the empty string. */
export function isIsoTime(bytes: Uint8Array, from: number, to: number): boolean {
  const length = to - from;
  if (length === 0) return true;
  if (length < 20 || length === 21 || length > 27) return false;
  for (let index = 0; index < isoPattern.length; index++) {
    const code = bytes[from + index]!;
    const want = isoPattern[index]!;
    if (want === 0 ? !isDigit(code) : code !== want) return false;
  }
  if (bytes[to - 1] !== 0x5a) return false;
  if (length === 20) return true;
  if (bytes[from + 19] !== 0x2e) return false;
  for (let index = from + 20; index < to - 1; index++) if (!isDigit(bytes[index]!)) return false;
  return true;
}
