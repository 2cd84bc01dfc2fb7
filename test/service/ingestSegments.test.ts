import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { segments, type Segment } from '../../service/ingest/segments.ts';

const text = (value: string) => new TextEncoder().encode(value);
const decode = (segment: Segment) => Buffer.concat(segment.chunks).toString('utf8');

async function* pieces(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

async function cut(body: string, pieceSize: number, size: number, maxBytes: number): Promise<Segment[]> {
  const result: Segment[] = [];
  for await (const segment of segments(pieces(text(body), pieceSize), size, maxBytes)) result.push(segment);
  return result;
}

describe('ingest segments', () => {
  const body = Array.from({ length: 200 }, (_, i) => `{"i":${i},"s":"${'x'.repeat(i % 13)}"}`).join('\n') + '\n';

  for (const pieceSize of [1, 7, 64, 100_000]) {
    it(`keeps every byte in order and cuts after newlines (pieces of ${pieceSize})`, async () => {
      const found = await cut(body, pieceSize, 400, 1 << 20);
      assert.equal(found.map(decode).join(''), body);
      assert.ok(found.length > 5);
      found.forEach((segment, index) => {
        const bytes = decode(segment);
        assert.equal(segment.bytes, Buffer.byteLength(bytes));
        assert.equal(segment.wholeLines, true);
        if (index === found.length - 1) return;
        assert.ok(bytes.endsWith('\n'));
        // The first segment is a quarter of the size, so that storing starts early.
        assert.ok(segment.bytes >= (index === 0 ? 100 : 400), `segment ${index}: ${segment.bytes} bytes`);
        // Cut at the first newline past the mark: dropping the last line falls short of it.
        const withoutLastLine = bytes.slice(0, bytes.slice(0, -1).lastIndexOf('\n') + 1);
        assert.ok(Buffer.byteLength(withoutLastLine) < (index === 0 ? 100 : 400));
      });
    });
  }

  it('ends with whatever follows the last newline', async () => {
    const found = await cut('{"a":1}\n{"a":2}', 3, 4, 1 << 20);
    assert.deepEqual(found.map(decode), ['{"a":1}\n', '{"a":2}']);
  });

  it('cuts inside a line that runs past the largest segment, and says so', async () => {
    const long = `{"a":"${'y'.repeat(5000)}"}\n{"b":1}\n`;
    const found = await cut(long, 512, 256, 2048);
    assert.equal(found.map(decode).join(''), long);
    assert.equal(found[0]!.wholeLines, false);
    assert.ok(found[0]!.bytes >= 2048 && found[0]!.bytes < 2048 + 512);
  });

  it('yields nothing for an empty body', async () => {
    assert.deepEqual(await cut('', 10, 100, 1000), []);
  });
});
