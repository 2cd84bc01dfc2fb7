/**
 * A cell output's bytes as the JSON value the notebook file keeps, and back: JSON mimes (the
 * results' WireModel, errors) as the JSON itself, so that the file stays readable and diffs well;
 * text as a string; anything else (images) as base64. Big integers stay exact. Pure.
 */
import { parseExact, stringifyExact } from '../../wire/exactJson.ts';

const textMimes = new Set(['application/javascript', 'image/svg+xml', 'application/vnd.code.notebook.stdout', 'application/vnd.code.notebook.stderr']);

export function isJsonMime(mime: string): boolean {
  return mime === 'application/json' || mime.endsWith('+json') || mime === 'application/vnd.code.notebook.error';
}

function isTextMime(mime: string): boolean {
  return mime.startsWith('text/') || textMimes.has(mime);
}

export function outputDataFromBytes(mime: string, bytes: Uint8Array): unknown {
  if (isJsonMime(mime) || isTextMime(mime)) {
    const text = new TextDecoder().decode(bytes);
    if (!isJsonMime(mime)) return text;
    try {
      return parseExact(text);
    } catch {
      // Not JSON after all: kept as its text, which reads back as a JSON string.
      return text;
    }
  }
  return Buffer.from(bytes).toString('base64');
}

export function outputBytesFromData(mime: string, data: unknown): Uint8Array {
  if (isJsonMime(mime)) return new TextEncoder().encode(stringifyExact(data));
  if (typeof data !== 'string') return new TextEncoder().encode(stringifyExact(data));
  return isTextMime(mime) ? new TextEncoder().encode(data) : new Uint8Array(Buffer.from(data, 'base64'));
}
