/** Cuts a byte stream into segments of whole lines of about a given size. */

const newline = 0x0a;

export interface Segment {
  chunks: Uint8Array[];
  bytes: number;
  /**
   * False when the segment was cut inside a line: no newline came within `maxBytes`. Its bytes are
   * still the stream's, in order, but it cannot be read as lines on its own.
   */
  wholeLines: boolean;
}

/**
 * Yields the stream's bytes in order as segments. Each but the last ends with a newline and holds
 * at least `size` bytes (the first a quarter of that, so that storing can start early), unless a
 * line runs past `maxBytes` (then the segment is cut there). Only the chunk a cut falls into is
 * split (into two views); nothing is copied.
 */
export async function* segments(stream: AsyncIterable<Uint8Array>, fullSize: number, maxBytes: number): AsyncGenerator<Segment> {
  let chunks: Uint8Array[] = [];
  let bytes = 0;
  let size = Math.max(1, Math.floor(fullSize / 4));
  for await (const chunk of stream) {
    let rest = chunk;
    while (bytes + rest.byteLength >= size) {
      // The first newline at or past the size mark within this chunk.
      const cut = rest.indexOf(newline, Math.max(0, size - bytes - 1));
      if (cut < 0) break;
      chunks.push(rest.subarray(0, cut + 1));
      yield { chunks, bytes: bytes + cut + 1, wholeLines: true };
      chunks = [];
      bytes = 0;
      size = fullSize;
      rest = rest.subarray(cut + 1);
    }
    if (rest.byteLength === 0) continue;
    chunks.push(rest);
    bytes += rest.byteLength;
    if (bytes >= maxBytes) {
      yield { chunks, bytes, wholeLines: false };
      chunks = [];
      bytes = 0;
      size = fullSize;
    }
  }
  if (chunks.length > 0) yield { chunks, bytes, wholeLines: true };
}
