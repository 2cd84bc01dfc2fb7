import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  boundText,
  describeTimeRange,
  followsNow,
  hasTimeFilter,
  largeRangeHint,
  parseAbsoluteRange,
  parseTimeRangeInput,
  readStoredTimeRange,
  resolveTimeRange,
  type TimeRange,
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

  describe('custom ranges typed by the user', () => {
    const resolved = (text: string) => {
      const range = parseTimeRangeInput(text, now);
      assert.equal(typeof range, 'object', `"${text}" parses: ${String(range)}`);
      return resolveTimeRange(range as TimeRange, now);
    };
    const twoHoursAgo = { startTime: '2026-11-21T10:00:00.000Z', endTime: '2026-11-21T12:00:00.000Z' };

    it('reads now-2h, ago(2h), a bare 2h and Kusto now(-2h) as the last two hours', () => {
      for (const text of ['now-2h', 'now - 2h', 'ago(2h)', 'ago( 2h )', '2h', '120m', '7200s', '2hours', 'now(-2h)', 'now-2h/now', 'ago(2h) .. now()']) {
        assert.deepEqual(resolved(text), twoHoursAgo, text);
      }
    });

    it('keeps relative bounds relative: the range moves with the clock', () => {
      const range = parseTimeRangeInput('now-1.5h/now-30m', now) as TimeRange;
      assert.deepEqual(range, { kind: 'custom', start: { agoMs: 5_400_000 }, end: { agoMs: 1_800_000 } });
      assert.equal(followsNow(range), true);
      const later = new Date(now.getTime() + 3_600_000);
      assert.deepEqual(resolveTimeRange(range, later), { startTime: '2026-11-21T11:30:00.000Z', endTime: '2026-11-21T12:30:00.000Z' });
      assert.equal(describeTimeRange(range), 'now-90m → now-30m');
    });

    it('mixes an ISO start with a relative end, and an ISO time alone runs until now', () => {
      assert.deepEqual(resolved('2026-11-21T09:00:00Z .. now+10m'), { startTime: '2026-11-21T09:00:00.000Z', endTime: '2026-11-21T12:10:00.000Z' });
      assert.deepEqual(resolved('2026-11-21'), { startTime: '2026-11-21T00:00:00.000Z', endTime: '2026-11-21T12:00:00.000Z' });
    });

    it('two ISO times stay an absolute range that does not follow the clock', () => {
      const range = parseTimeRangeInput('2026-11-20T10:00:00Z/2026-11-20T11:00:00Z', now) as TimeRange;
      assert.deepEqual(range, { kind: 'absolute', start: '2026-11-20T10:00:00.000Z', end: '2026-11-20T11:00:00.000Z' });
      assert.equal(followsNow(range), false);
    });

    it('says what is wrong with a bound, an empty part or a reversed range', () => {
      assert.match(parseTimeRangeInput('now-2x', now) as string, /"now-2x" is neither an ISO 8601 time nor a relative time/);
      assert.match(parseTimeRangeInput('ago(-2h)', now) as string, /neither/);
      assert.match(parseTimeRangeInput('yesterday', now) as string, /neither/);
      assert.match(parseTimeRangeInput('2026', now) as string, /neither/);
      assert.match(parseTimeRangeInput('now-1h/', now) as string, /separated by/);
      assert.match(parseTimeRangeInput('a/b/c', now) as string, /separated by/);
      assert.equal(parseTimeRangeInput('now/now-1h', now), 'The end must come after the start.');
      assert.equal(parseTimeRangeInput('now+1h', now), 'The end must come after the start.');
    });

    it('restores custom ranges from workspace state and drops malformed ones', () => {
      const range = { kind: 'custom', start: { agoMs: 7_200_000 }, end: { at: '2026-11-21T12:00:00Z' } };
      assert.deepEqual(readStoredTimeRange(range), { kind: 'custom', start: { agoMs: 7_200_000 }, end: { at: '2026-11-21T12:00:00.000Z' } });
      assert.equal(readStoredTimeRange({ kind: 'custom', start: { agoMs: 'x' }, end: { agoMs: 0 } }), undefined);
      assert.equal(readStoredTimeRange({ kind: 'custom', start: { at: 'soon' }, end: { agoMs: 0 } }), undefined);
    });
  });
});

describe('custom range text', () => {
  it('reads back what the input box is prefilled with', () => {
    const range: TimeRange = { kind: 'custom', start: { agoMs: 5_400_000 }, end: { at: '2026-11-21T12:00:00.000Z' } };
    assert.deepEqual(parseTimeRangeInput(`${boundText(range.start)}/${boundText(range.end)}`, now), range);
    assert.equal(boundText({ agoMs: 0 }), 'now');
    assert.equal(boundText({ agoMs: -300_000 }), 'now+5m');
  });
});
