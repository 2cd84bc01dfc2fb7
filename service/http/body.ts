/** Reading request bodies: streamed with a byte limit, or whole as JSON. */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './types.ts';

/** Yields the body's chunks; throws a 413 as soon as more than `limit` bytes have arrived. */
export async function* limitedBody(request: IncomingMessage, limit: number): AsyncIterable<Uint8Array> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  let received = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    received += chunk.byteLength;
    if (received > limit) throw tooLarge(limit);
    yield chunk;
  }
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `request body too large: the limit is ${limit} bytes`);
}

export async function readJson(chunks: AsyncIterable<Uint8Array>): Promise<unknown> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  const text = Buffer.concat(parts).toString('utf8');
  if (text.trim() === '') throw new HttpError(400, 'request body is empty: expected JSON');
  try {
    return JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new HttpError(400, `request body is not valid JSON: ${detail}`);
  }
}
