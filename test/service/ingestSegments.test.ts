import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SegmentCutter } from '../../service/ingest/segments.ts';

interface Cut {
  text: string;
  end: 'line' | 'forced' | undefined;
}

/** Feeds the body in pieces of `pieceSize` bytes; answers the segments as text with how each ended. */
function cut(body: string, pieceSize: number, size: number, maxBytes: number): Cut[] {
  const bytes = new TextEncoder().encode(body);
  const cutter = new SegmentCutter(size, maxBytes);
  const segments: Cut[] = [];
  let current: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += pieceSize) {
    for (const piece of cutter.cut(bytes.subarray(start, start + pieceSize))) {
      current.push(piece.bytes);
      if (piece.end) {
        segments.push({ text: Buffer.concat(current).toString('utf8'), end: piece.end });
        current = [];
      }
    }
  }
  if (current.length > 0) segments.push({ text: Buffer.concat(current).toString('utf8'), end: undefined });
  return segments;
}

describe('ingest segments', () => {
  const body = Array.from({ length: 200 }, (_, i) => `{"i":${i},"s":"${'x'.repeat(i % 13)}"}`).join('\n') + '\n';

  for (const pieceSize of [1, 7, 64, 100_000]) {
    it(`keeps every byte in order and cuts after newlines (pieces of ${pieceSize})`, () => {
      const found = cut(body, pieceSize, 400, 1 << 20);
      assert.equal(found.map((segment) => segment.text).join(''), body);
      assert.ok(found.length > 5);
      found.forEach(({ text, end }, index) => {
        if (index === found.length - 1) return;
        assert.equal(end, 'line');
        assert.ok(text.endsWith('\n'));
        // The first segment is a quarter of the size, so that storing starts early.
        const mark = index === 0 ? 100 : 400;
        assert.ok(Buffer.byteLength(text) >= mark, `segment ${index}: ${text.length} bytes`);
        // Cut at the first newline past the mark: without its last line it falls short of it.
        const withoutLastLine = text.slice(0, text.slice(0, -1).lastIndexOf('\n') + 1);
        assert.ok(Buffer.byteLength(withoutLastLine) < mark);
      });
    });
  }

  it('leaves what follows the last newline to the end of the body', () => {
    assert.deepEqual(cut('{"a":1}\n{"a":2}', 3, 4, 1 << 20), [
      { text: '{"a":1}\n', end: 'line' },
      { text: '{"a":2}', end: undefined },
    ]);
  });

  it('cuts inside a line that runs past the largest segment, and says so', () => {
    const long = `{"a":"${'y'.repeat(5000)}"}\n{"b":1}\n`;
    const found = cut(long, 512, 256, 2048);
    assert.equal(found.map((segment) => segment.text).join(''), long);
    assert.equal(found[0]!.end, 'forced');
    assert.ok(found[0]!.text.length >= 2048 && found[0]!.text.length < 2048 + 512);
  });
});
