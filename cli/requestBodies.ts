/**
 * Cuts a stream of events, one a line (NDJSON) or a record (CSV), into request bodies of whole
 * lines of about `maxBytes`, so that a file of any size is sent with bounded memory. A CSV body
 * always starts with the header line (the service reads the field names from it), and is cut only
 * between records: a newline inside a quoted field is not an end.
 */
const newline = 0x0a;
const quote = 0x22;

export type LineFormat = 'ndjson' | 'csv';

export async function* requestBodies(
  source: Iterable<Uint8Array> | AsyncIterable<Uint8Array>,
  format: LineFormat,
  maxBytes: number,
): AsyncGenerator<Buffer[]> {
  // A body is a list of views of the source's chunks: nothing is copied (copies of megabytes made
  // the garbage collector the client's largest cost).
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  /** CSV: the header line, once read; every body after the first starts with it. */
  let header: Buffer | undefined;
  let insideQuotes = false;
  let sent = 0;
  const withHeader = (body: Buffer[]): Buffer[] => (header && sent++ > 0 ? [header, ...body] : body);
  for await (const piece of source) {
    const chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    let cut = -1;
    if (format === 'ndjson') {
      cut = chunk.lastIndexOf(newline);
    } else {
      for (let index = 0; index < chunk.byteLength; index++) {
        const code = chunk[index];
        if (code === quote) insideQuotes = !insideQuotes;
        else if (code === newline && !insideQuotes) {
          if (header === undefined) header = Buffer.concat([...pending, chunk.subarray(0, index + 1)]);
          cut = index;
        }
      }
    }
    pending.push(chunk);
    pendingBytes += chunk.byteLength;
    if (pendingBytes < maxBytes || cut < 0) continue;
    // The cut is in the newest chunk: the body ends at its newline, the rest starts the next one.
    const body = [...pending.slice(0, -1), chunk.subarray(0, cut + 1)];
    const rest = chunk.subarray(cut + 1);
    pending = rest.byteLength > 0 ? [rest] : [];
    pendingBytes = rest.byteLength;
    yield withHeader(body);
  }
  if (pending.every((part) => part.toString('utf8').trim() === '')) return;
  yield withHeader(pending);
}
