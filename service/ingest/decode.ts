/** Request body decoding: `Content-Encoding` none/empty, gzip or zstd, with an uncompressed size limit. */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Decompress } from 'fzstd';
import { HttpError } from '../http/types.ts';

export const contentEncodings = ['', 'identity', 'gzip', 'zstd'] as const;

/** Counts the uncompressed bytes that passed (the status body's `processedBytes`). */
export interface ByteCounter {
  bytes: number;
}

export async function* decodeBody(
  body: AsyncIterable<Uint8Array>,
  encoding: string | undefined,
  maxBytes: number,
  counter: ByteCounter,
): AsyncGenerator<Uint8Array> {
  const name = (encoding ?? '').trim().toLowerCase();
  let decoded: AsyncIterable<Uint8Array>;
  if (name === '' || name === 'identity') decoded = body;
  else if (name === 'gzip') decoded = gunzip(body);
  else if (name === 'zstd') decoded = unzstd(body);
  else throw new HttpError(415, `unsupported content encoding "${encoding}" (use gzip, zstd or none)`);
  for await (const chunk of decoded) {
    counter.bytes += chunk.byteLength;
    if (counter.bytes > maxBytes) {
      throw new HttpError(413, `request body larger than ${maxBytes} bytes after decompression`);
    }
    yield chunk;
  }
}

async function* gunzip(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const source = Readable.from(body, { objectMode: false });
  const inflater = createGunzip();
  source.on('error', (error) => inflater.destroy(error));
  source.pipe(inflater);
  try {
    for await (const chunk of inflater) yield chunk as Buffer;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, `invalid gzip body: ${(error as Error).message}`);
  } finally {
    source.destroy();
  }
}

async function* unzstd(body: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const pending: Uint8Array[] = [];
  const decompressor = new Decompress((chunk) => pending.push(chunk));
  const push = (chunk: Uint8Array, final: boolean) => {
    try {
      decompressor.push(chunk, final);
    } catch (error) {
      throw new HttpError(400, `invalid zstd body: ${(error as Error).message}`);
    }
  };
  for await (const chunk of body) {
    push(chunk, false);
    yield* pending.splice(0);
  }
  push(new Uint8Array(0), true);
  yield* pending.splice(0);
}
