import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  describeTimeRange,
  hasTimeFilter,
  largeRangeHint,
  parseAbsoluteRange,
  readStoredTimeRange,
  resolveTimeRange,
} from '../../client/timeRange.ts';

const now = new Date('2026-11-21T12:00:00.000Z');

describe('time ranges', () => {
  it('resolves presets relative to now', () => {
    assert.deepEqual(resolveTimeRange({ kind: 'relative', preset: '15m' }, now), {
      startTime: '2026-11-21T11:45:00.000Z',
      endTime: '2026-11-21T12:00:00.000Z',
    });
    assert.equal(resolveTimeRange({ kind: 'relative', preset: '30d' }, now).startTime, '2026-10-22T12:00:00.000Z');
  });

  it('parses custom ISO ranges with either separator and rejects bad ones', () => {
    assert.deepEqual(parseAbsoluteRange('2026-11-20T10:00:00Z / 2026-11-20T12:30:00+01:00'), {
      kind: 'absolute',
      start: '2026-11-20T10:00:00.000Z',
      end: '2026-11-20T11:30:00.000Z',
    });
    assert.equal(parseAbsoluteRange('2026-11-20T10:00:00Z/2026-11-20T10:00:00Z'), 'The end must come after the start.');
    assert.deepEqual(parseAbsoluteRange('2026-11-20 .. 2026-11-21'), {
      kind: 'absolute',
      start: '2026-11-20T00:00:00.000Z',
      end: '2026-11-21T00:00:00.000Z',
    });
    assert.match(parseAbsoluteRange('yesterday/today') as string, /not an ISO 8601 time/);
    assert.match(parseAbsoluteRange('2026-11-20') as string, /two ISO times/);
  });

  it('an end equal to the start is refused even across zones', () => {
    assert.equal(parseAbsoluteRange('2026-11-20T10:00:00Z/2026-11-20T11:00:00+01:00'), 'The end must come after the start.');
  });

  it('restores only well-formed stored ranges', () => {
    assert.deepEqual(readStoredTimeRange({ kind: 'relative', preset: '7d' }), { kind: 'relative', preset: '7d' });
    assert.equal(readStoredTimeRange({ kind: 'relative', preset: '2y' }), undefined);
    assert.equal(readStoredTimeRange({ kind: 'absolute', start: 'x', end: 'y' }), undefined);
    assert.equal(readStoredTimeRange('1h'), undefined);
  });

  it('describes ranges for the status bar', () => {
    assert.equal(describeTimeRange({ kind: 'relative', preset: '6h' }), 'last 6h');
    assert.equal(
      describeTimeRange({ kind: 'absolute', start: '2026-11-20T00:00:00.000Z', end: '2026-11-21T00:00:00.000Z' }),
      '2026-11-20 00:00Z → 2026-11-21 00:00Z',
    );
  });

  it('hints at a large range only when the query has no time filter', () => {
    const week = { kind: 'relative', preset: '7d' } as const;
    assert.match(largeRangeHint("['logs'] | count", week) ?? '', /no time filter/);
    assert.equal(largeRangeHint("['logs'] | where _time > ago(1h) | count", week), undefined);
    assert.equal(largeRangeHint("['logs'] | count", { kind: 'relative', preset: '1h' }), undefined);
    assert.equal(hasTimeFilter("['logs'] | where status == 500"), false);
    assert.equal(hasTimeFilter("['logs'] | where status == 500 and _time < datetime(2026-01-01)"), true);
  });
});
