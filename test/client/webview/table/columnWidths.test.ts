import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitColumnWidths, sampleRows } from '../../../../client/webview/table/columnWidths.ts';

/** A monospace font of 7 px a character. */
const measure = (text: string) => text.length * 7;

describe('column width fit', () => {
  it('fits a column to its widest sampled text, header included, plus padding', () => {
    const widths = fitColumnWidths(['_time', 'status', 'a_long_header_name'], (column) => [['2026-11-27T10:31:55.123456789Z', '2026-11-27T10:31:55Z'], ['200', '500'], ['x']][column], { measure, padding: 12 });
    assert.deepEqual(widths, [30 * 7 + 12, 6 * 7 + 12, 18 * 7 + 12]);
  });

  it('a full-precision _time fits whole (not cut at the old fixed 120 px)', () => {
    const [width] = fitColumnWidths(['_time'], () => ['2026-11-27T10:31:55.123456789Z'], { measure });
    assert.ok(width >= measure('2026-11-27T10:31:55.123456789Z'), `${width}`);
    assert.ok(width > 120);
  });

  it('keeps widths between the minimum and the maximum', () => {
    const widths = fitColumnWidths(['n', 'body'], (column) => (column === 0 ? ['1'] : ['x'.repeat(10_000)]), { measure, min: 48, max: 480 });
    assert.deepEqual(widths, [48, 480]);
  });

  it('measures the header with its own measure (bold, room for the sort arrow)', () => {
    const [width] = fitColumnWidths(['status'], () => ['1'], { measure, measureHeader: (text) => text.length * 8 + 22, padding: 12, min: 0 });
    assert.equal(width, 6 * 8 + 22 + 12);
  });

  it('samples the first rows and rows spread over the rest, each once and in range', () => {
    assert.deepEqual(sampleRows(5), [0, 1, 2, 3, 4]);
    const rows = sampleRows(100_000, 100, 100);
    assert.equal(rows.length, 200);
    assert.deepEqual(rows.slice(0, 100), Array.from({ length: 100 }, (_, index) => index));
    assert.equal(new Set(rows).size, rows.length);
    assert.ok(rows.every((row) => row >= 0 && row < 100_000));
    assert.ok(rows[199] > 98_000, 'the sample reaches the end of the rows');
  });

  it('a value far down the rows widens its column when the sample reaches it', () => {
    const texts = Array.from({ length: 10_000 }, (_, row) => (row === 9_950 ? 'x'.repeat(40) : 'x'));
    const rows = sampleRows(texts.length, 100, 400);
    const [width] = fitColumnWidths(['c'], () => rows.map((row) => texts[row]), { measure, padding: 0, min: 0 });
    assert.ok(rows.includes(9_950) ? width === 280 : width === 7);
  });
});
