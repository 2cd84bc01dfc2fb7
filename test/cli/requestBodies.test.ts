import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestBodies, type LineFormat } from '../../cli/requestBodies.ts';

/** The bodies of `text` fed in pieces of `pieceBytes`, as strings. */
async function bodies(text: string, format: LineFormat, maxBytes: number, pieceBytes = 7): Promise<string[]> {
  const bytes = Buffer.from(text);
  const pieces = [];
  for (let start = 0; start < bytes.length; start += pieceBytes) pieces.push(bytes.subarray(start, start + pieceBytes));
  const out: string[] = [];
  for await (const body of requestBodies(pieces, format, maxBytes)) out.push(Buffer.concat(body).toString());
  return out;
}

describe('request bodies', () => {
  const ndjson = Array.from({ length: 40 }, (_, i) => JSON.stringify({ i, s: 'x'.repeat(i % 9) })).join('\n') + '\n';

  it('cuts NDJSON between lines, in bodies of about the size asked for, losing nothing', async () => {
    const cut = await bodies(ndjson, 'ndjson', 100);
    assert.ok(cut.length > 5);
    assert.equal(cut.join(''), ndjson);
    for (const body of cut) {
      assert.ok(body.endsWith('\n'));
      // A body ends at the first line end after the size is reached within a piece.
      assert.ok(body.length < 100 + 2 * 30, `${body.length} bytes`);
      for (const line of body.trimEnd().split('\n')) JSON.parse(line);
    }
  });

  it('sends a line longer than the size whole, and a last line without a newline', async () => {
    const long = JSON.stringify({ s: 'y'.repeat(500) });
    const cut = await bodies(`{"a":1}\n${long}\n{"b":2}`, 'ndjson', 50);
    assert.equal(cut.join(''), `{"a":1}\n${long}\n{"b":2}`);
    assert.ok(cut.some((body) => body.includes(long)));
    assert.equal(cut.at(-1), '{"b":2}');
  });

  it('sends nothing for an empty or blank input', async () => {
    assert.deepEqual(await bodies('', 'ndjson', 10), []);
    assert.deepEqual(await bodies('\n \n', 'ndjson', 10), []);
  });

  it('starts every CSV body with the header and never cuts inside a quoted field', async () => {
    const header = 'name,"note, quoted",n\r\n';
    const rows = Array.from({ length: 30 }, (_, i) => `row${i},"line one\nline ""two""",${i}\r\n`);
    const cut = await bodies(header + rows.join(''), 'csv', 80, 5);
    assert.ok(cut.length > 5);
    for (const body of cut) assert.ok(body.startsWith(header), body);
    assert.equal(cut.map((body, index) => (index === 0 ? body : body.slice(header.length))).join(''), header + rows.join(''));
    for (const body of cut) {
      const records = body.slice(header.length);
      assert.equal((records.match(/"/g) ?? []).length % 2, 0, 'whole quoted fields');
      assert.ok(records.endsWith('\r\n'));
    }
  });
});
