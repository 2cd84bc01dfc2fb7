/**
 * Elementary math: abs, roots, logarithms, exponentials, trigonometry and the NaN/infinity tests. Where DuckDB
 * would fail the query on an input outside a function's domain, the reference's null (or NaN) is answered.
 */
import { asNumber } from './coercions.ts';
import { define, out, simple } from './registry.ts';
import type { Compiled } from './scope.ts';
import { isInteger } from './types.ts';

const num = (value: Compiled) => asNumber(value);

define('abs', (site) => out(`abs(${num(site.arg(0))})`, isInteger(site.arg(0).type) ? 'long' : 'real'));
simple(['ceiling', 'ceil'], 'real', (x) => `ceil(${x})`, num);
simple('floor', 'real', (x) => `floor(${x})`, num);
// The reference: sqrt of a negative number is NaN (isnan sees it), which results show as null.
simple('sqrt', 'real', (x) => `(CASE WHEN ${x} >= 0 THEN sqrt(${x}) WHEN ${x} < 0 THEN 'NaN'::DOUBLE END)`, num);
simple('pow', 'real', (x, y) => `pow(${x}, ${y})`, num);
simple('log', 'real', (x) => `(CASE WHEN ${x} > 0 THEN ln(${x}) END)`, num);
simple('log10', 'real', (x) => `(CASE WHEN ${x} > 0 THEN log10(${x}) END)`, num);
simple('log2', 'real', (x) => `(CASE WHEN ${x} > 0 THEN log2(${x}) END)`, num);
simple('exp', 'real', (x) => `exp(${x})`, num);
simple('exp2', 'real', (x) => `pow(2, ${x})`, num);
simple('exp10', 'real', (x) => `pow(10, ${x})`, num);
simple('sign', 'real', (x) => `sign(${x})`, num);
for (const f of ['sin', 'cos', 'tan', 'atan', 'degrees', 'radians']) simple(f, 'real', (x) => `${f}(${x})`, num);
// Where sin(x) is zero the reference answers infinity or null: null here (DuckDB would fail the query).
simple('cot', 'real', (x) => `(CASE WHEN sin(${x}) <> 0 THEN cot(${x}) END)`, num);
// Outside [-1, 1] the reference answers null (DuckDB would fail the query).
for (const f of ['asin', 'acos']) simple(f, 'real', (x) => `(CASE WHEN ${x} BETWEEN -1 AND 1 THEN ${f}(${x}) END)`, num);
simple('atan2', 'real', (y, x) => `atan2(${y}, ${x})`, num);
simple('pi', 'real', () => 'pi()');
// A null is neither NaN, infinite nor finite: these tests answer false for it (Kusto: "false otherwise").
for (const test of ['isnan', 'isinf', 'isfinite']) simple(test, 'bool', (x) => `coalesce(${test}(CAST(${x} AS DOUBLE)), false)`, num);
