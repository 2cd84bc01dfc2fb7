/** The TypeScript behind the engine's host functions, checked on its own against simple references. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { fourierTransform } from '../../../service/engine/compile/fourier.ts';
import { compareIpv6, fillSeries, firFilter, iirFilter, parseIpv6 } from '../../../service/engine/compile/hostFunctions.ts';
import { formatSqlModel, parseSqlModel } from '../../../service/engine/compile/sqlModel.ts';

/** The O(n²) definition the fast transform must agree with. */
function naiveDft(re: number[], im: number[], inverse: boolean): [number[], number[]] {
  const n = re.length;
  const sign = inverse ? 1 : -1;
  const outRe: number[] = [];
  const outIm: number[] = [];
  for (let k = 0; k < n; k++) {
    let sumRe = 0;
    let sumIm = 0;
    for (let t = 0; t < n; t++) {
      const angle = (sign * 2 * Math.PI * k * t) / n;
      sumRe += re[t]! * Math.cos(angle) - im[t]! * Math.sin(angle);
      sumIm += re[t]! * Math.sin(angle) + im[t]! * Math.cos(angle);
    }
    outRe.push(inverse ? sumRe / n : sumRe);
    outIm.push(inverse ? sumIm / n : sumIm);
  }
  return [outRe, outIm];
}

const close = (actual: number[], expected: number[], scale: number) =>
  actual.length === expected.length && actual.every((value, i) => Math.abs(value - expected[i]!) <= 1e-9 * Math.max(1, scale));

test('the Fourier transform agrees with the definition for every length, powers of two or not', () => {
  const sample = fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), { minLength: 1, maxLength: 70 });
  fc.assert(
    fc.property(sample, fc.boolean(), (values, inverse) => {
      const im = values.map((value, i) => (i % 3 === 0 ? value / 2 : 0));
      const [re, imaginary] = fourierTransform(values, im, inverse);
      const [expectedRe, expectedIm] = naiveDft(values, im, inverse);
      const scale = values.reduce((sum, value) => sum + Math.abs(value), 0);
      return close(re, expectedRe, scale) && close(imaginary, expectedIm, scale);
    }),
  );
});

test('the inverse transform undoes the forward one', () => {
  const values = [3, -1, 4, 1, -5, 9, 2];
  const [re, im] = fourierTransform(values, [], false);
  const [back, backIm] = fourierTransform(re, im, true);
  assert.ok(close(back, values, 30));
  assert.ok(close(backIm, values.map(() => 0), 30));
});

test('IPv6 texts: compressed, full, embedded IPv4, prefixes and invalid forms', () => {
  assert.equal(parseIpv6('::')?.value, 0n);
  assert.equal(parseIpv6('::1')?.value, 1n);
  assert.equal(parseIpv6('2001:db8::1')?.value, parseIpv6('2001:0db8:0000:0000:0000:0000:0000:0001')?.value);
  assert.equal(parseIpv6('::ffff:1.2.3.4')?.value, (0xffffn << 32n) | 0x01020304n);
  assert.deepEqual(parseIpv6('10.0.0.0/8'), { value: (0xffffn << 32n) | 0x0a000000n, prefix: 104 });
  assert.equal(parseIpv6('fd00::/8')?.prefix, 8);
  for (const bad of ['1::2::3', '2001:db8', '12345::', 'g::1', '::/129', '1.2.3.4/33', '1.2.3.256', 'fe80::1/x', '']) assert.equal(parseIpv6(bad), undefined, bad);
  assert.equal(compareIpv6('2001:db8::1', '2001:db8::2', 128), -1);
  assert.equal(compareIpv6('2001:db8::1', '2001:db8::2', 64), 0);
  assert.equal(compareIpv6('2001:db9::', '2001:db8::/32', 128), 1);
  assert.equal(compareIpv6('nope', '::', 128), null);
});

test('series fills, FIR and IIR filters', () => {
  assert.deepEqual(fillSeries([null, 1, null, null, 4, null], 'forward'), [null, 1, 1, 1, 4, 4]);
  assert.deepEqual(fillSeries([null, 1, null, null, 4, null], 'backward'), [1, 1, 4, 4, 4, null]);
  assert.deepEqual(fillSeries([null, 1, null, null, 4, null], 'linear'), [1, 1, 2, 3, 4, 4]);
  assert.deepEqual(fillSeries(['x', 2], 'forward'), [null, 2]);
  assert.deepEqual(firFilter([1, 2, 3], [1, 1], true), [0.5, 1.5, 2.5]);
  // Kusto: by default a filter is normalised only when no coefficient is negative; asked to
  // normalise one that has a negative coefficient, the answer is null.
  assert.deepEqual(firFilter([1, 2, 3], [2, 2], undefined), [0.5, 1.5, 2.5]);
  assert.deepEqual(firFilter([1, 3, 6], [3, -1], undefined), [3, 8, 15]);
  assert.deepEqual(firFilter([1, 3, 6], [3, -1], false), [3, 8, 15]);
  assert.equal(firFilter([1, 2, 3], [1, -1], true), null);
  assert.deepEqual(iirFilter([1, 0, 0], [1], [1, -0.5]), [1, 0.5, 0.25]);
  assert.equal(iirFilter([1], [1], [0]), null);
});

test('parse_sql models: the reference example, then format/parse round trips', () => {
  assert.deepEqual(parseSqlModel('SELECT id FROM requests WHERE req_duration_ms > 1000 ORDER BY req_duration_ms DESC'), {
    statement: 'select',
    columns: [{ colname: 'id' }],
    from: [{ table: 'requests' }],
    where: { operator: '>', params: [{ colname: 'req_duration_ms' }, { value: '1000', valtype: 'integer' }] },
    order: [{ direction: 'desc', expr: { colname: 'req_duration_ms' } }],
  });
  const statements = [
    "select distinct a, b as x, count(*) as n from t as u left join v on u.id = v.id where a in (1, 2) and (b like 'x%' or c is not null) group by a, b having count(*) > 2 order by n desc, a asc limit 10 offset 5",
    'select t.* from t where not a between 1 and 5',
    "delete from t where a = 'it''s'",
    'select a * (b + 1) from t',
  ];
  for (const statement of statements) {
    const formatted = formatSqlModel(parseSqlModel(statement));
    assert.ok(formatted, statement);
    assert.equal(formatSqlModel(parseSqlModel(formatted!)), formatted, statement);
    assert.deepEqual(parseSqlModel(formatted!), parseSqlModel(statement), statement);
  }
  for (const bad of ['', 'select', 'select a from', 'select a from t where', 'drop table t', "select 'unterminated"]) assert.equal(parseSqlModel(bad), undefined, bad);
});
