import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeCellError } from '../../../client/notebook/cellErrors.ts';
import { notebookTimeRangeOf, readNotebookTimeRange } from '../../../client/notebook/notebookTimeRange.ts';

describe('notebook time range', () => {
  it('keeps relative bounds relative, so that the notebook means the same range when opened later', () => {
    assert.deepEqual(notebookTimeRangeOf({ kind: 'relative', preset: '6h' }), { start: 'now-6h', end: 'now' });
    assert.deepEqual(readNotebookTimeRange({ start: 'now-6h', end: 'now' }), { kind: 'custom', start: { agoMs: 6 * 3_600_000 }, end: { agoMs: 0 } });
    const absolute = { kind: 'absolute' as const, start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z' };
    assert.deepEqual(readNotebookTimeRange(notebookTimeRangeOf(absolute)), absolute);
  });

  it('says what is wrong with bounds it cannot read', () => {
    assert.match(String(readNotebookTimeRange({ start: 'yesterday', end: 'now' })), /time range yesterday → now is not valid/);
  });
});

describe('cell errors', () => {
  it('count lines from the cell, not from the prelude before it', () => {
    assert.equal(describeCellError({ status: 400, message: 'm', detailMessage: 'unknown column x', position: { line: 5, column: 9 } }, 3), 'Line 2, column 9: unknown column x');
    assert.match(describeCellError({ status: 400, message: 'm', detailMessage: 'bad', position: { line: 2, column: 1 } }, 3), /^In a let statement of a cell above/);
    assert.match(describeCellError({ status: 401, message: 'invalid token' }, 0), /rejected the token/);
  });
});
