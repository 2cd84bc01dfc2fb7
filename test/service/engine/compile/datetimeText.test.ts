import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDatetimeNanos, parseDatetimeText } from '../../../../service/engine/compile/datetimeText.ts';
import { canonicalJson } from '../../../../service/engine/compile/canonicalJson.ts';

const iso = (text: string) => {
  const micros = parseDatetimeText(text);
  return micros === undefined ? undefined : new Date(Number(micros / 1000n)).toISOString();
};

test('dates that do not exist, clocks past their range and stray words are not dates', () => {
  for (const text of ['2023-02-29', '02/30/2016', '13/01/2016', '2016-01-01 24:00', '2016-01-01 10:60', '8/8/1965 13:00 PM', '8/8/1965 0:30 AM', 'Foo 7, 1970', '2016-01-01 10:00 banana', '12345', '']) {
    assert.equal(parseDatetimeText(text), undefined, text);
  }
});

test('zones: the first offset counts, abbreviations without one are UTC, parenthesised names are ignored', () => {
  assert.equal(iso('2014-04-26 13:13:43 +0800 +08'), '2014-04-26T05:13:43.000Z');
  assert.equal(iso('Mon Jan 02 15:04:05 -0700 2006'), '2006-01-02T22:04:05.000Z');
  assert.equal(iso('Fri Jul 03 2015 18:04:07 GMT+0100 (GMT Daylight Time)'), '2015-07-03T17:04:07.000Z');
  assert.equal(iso('September 17, 2012 at 10:09am PST-08'), '2012-09-17T18:09:00.000Z');
  assert.equal(iso('2015-02-08 03:02:00 +0300 MSK m=+0.000000001'), '2015-02-08T00:02:00.000Z');
});

test('two-digit years follow Go: 69 and later are 19xx', () => {
  assert.equal(iso('1/2/68'), '2068-01-02T00:00:00.000Z');
  assert.equal(iso('1/2/69'), '1969-01-02T00:00:00.000Z');
  assert.equal(iso("oct 7, '70"), '1970-10-07T00:00:00.000Z');
});

test('four-digit years below 100 are those years, not 19xx', () => {
  assert.equal(parseDatetimeText('0001-01-01'), -62135596800000000n);
  assert.equal(parseDatetimeText('0050-06-15 10:00:00'), -60575040000000000n + 36000000000n);
  assert.equal(parseDatetimeText('00500615'), parseDatetimeText('0050-06-15'));
});

test('long texts are refused without being read', () => {
  const started = performance.now();
  for (let i = 0; i < 100; i++) assert.equal(parseDatetimeText(`Jan 2 1:${'1 '.repeat(50_000)} 2006`), undefined);
  assert.ok(performance.now() - started < 200, 'a long text is refused before the patterns run');
});

test('canonical JSON sorts names at every depth and keeps number texts', () => {
  assert.equal(canonicalJson('{"b": 1, "a": {"d": [3, {"z": 1, "y": 2}], "c": 12345678901234567890}}'), '{"a":{"c":12345678901234567890,"d":[3,{"y":2,"z":1}]},"b":1}');
  assert.equal(canonicalJson('"x\\"y"'), '"x\\"y"');
  assert.equal(canonicalJson('[1, 2'), undefined);
});

test('the canonical form (2026-10-01T00:00:00.123Z) reads as the general reading of the same instant does', () => {
  const two = (n: number) => String(n).padStart(2, '0');
  const instant = fc.record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 24 }),
    minute: fc.integer({ min: 0, max: 60 }),
    second: fc.integer({ min: 0, max: 60 }),
    fraction: fc.stringMatching(/^\d{0,9}$/),
  });
  fc.assert(
    fc.property(instant, ({ year, month, day, hour, minute, second, fraction }) => {
      const date = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
      const clock = `${two(hour)}:${two(minute)}:${two(second)}${fraction ? `.${fraction}` : ''}`;
      // A space and an explicit zone take the general path.
      assert.equal(parseDatetimeNanos(`${date}T${clock}Z`), parseDatetimeNanos(`${date} ${clock} +00:00`));
    }),
    { numRuns: 2000 },
  );
});
