/** Times on the wire: RFC 3339 with microseconds, trailing fractional zeros trimmed, before 1970 and near year 10000 too. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatMicros, formatNanos } from '../../../service/engine/values.ts';

test('whole seconds, fractions trimmed, day and year boundaries', () => {
  const cases: [bigint, string][] = [
    [0n, '1970-01-01T00:00:00Z'],
    [1n, '1970-01-01T00:00:00.000001Z'],
    [500_000n, '1970-01-01T00:00:00.5Z'],
    [86_399_999_999n, '1970-01-01T23:59:59.999999Z'],
    [86_400_000_000n, '1970-01-02T00:00:00Z'],
    [1_704_103_200_120_000n, '2024-01-01T10:00:00.12Z'],
    [951_825_599_000_000n, '2000-02-29T11:59:59Z'],
    [253_402_300_799_999_999n, '9999-12-31T23:59:59.999999Z'],
    // Past 2^53 µs (2255) a float no longer holds every microsecond.
    [9_007_199_254_740_993n, '2255-06-05T23:47:34.740993Z'],
    [16_725_225_600_000_003n, '2500-01-01T00:00:00.000003Z'],
    [-1n, '1969-12-31T23:59:59.999999Z'],
    [-86_400_000_000n, '1969-12-31T00:00:00Z'],
  ];
  for (const [micros, text] of cases) assert.equal(formatMicros(micros), text, String(micros));
});

test('times in any order: the date is not carried over from the previous call', () => {
  assert.equal(formatMicros(1_704_103_200_000_000n), '2024-01-01T10:00:00Z');
  assert.equal(formatMicros(1_704_189_600_000_000n), '2024-01-02T10:00:00Z');
  assert.equal(formatMicros(1_704_103_200_000_000n), '2024-01-01T10:00:00Z');
});

test('nanosecond datetimes keep their digits below the microsecond, before 1970 too', () => {
  const cases: [bigint, string][] = [
    [1_509_325_323_765_432_100n, '2017-10-30T01:02:03.7654321Z'],
    [1_732_406_399_999_999_900n, '2024-11-23T23:59:59.9999999Z'],
    [1_000n, '1970-01-01T00:00:00.000001Z'],
    [1n, '1970-01-01T00:00:00.000000001Z'],
    [0n, '1970-01-01T00:00:00Z'],
    [-100n, '1969-12-31T23:59:59.9999999Z'],
  ];
  for (const [nanos, text] of cases) assert.equal(formatNanos(nanos), text, String(nanos));
});
