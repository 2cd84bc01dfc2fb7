/**
 * The series_* functions over dynamic arrays of numbers (what make-series produces). Arrays are
 * cast to DOUBLE[] and worked on with DuckDB list lambdas; a scalar second operand is broadcast.
 * Lambda parameters carry an `apl_` prefix so they never shadow a column.
 */
import { asJson, asNumber } from './coercions.ts';
import { define, out, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';

const numbers = (value: Compiled) => `TRY_CAST(${asJson(value)} AS DOUBLE[])`;
const json = (list: string) => `to_json(${list})`;

function unary(name: string, element: (x: string) => string): void {
  define(`series_${name}`, (site) => out(json(`list_transform(${numbers(site.arg(0))}, apl_x -> ${element('apl_x')})`), 'dynamic', true));
}

unary('abs', (x) => `abs(${x})`);
unary('acos', (x) => `(CASE WHEN ${x} BETWEEN -1 AND 1 THEN acos(${x}) END)`);
unary('asin', (x) => `(CASE WHEN ${x} BETWEEN -1 AND 1 THEN asin(${x}) END)`);
unary('atan', (x) => `atan(${x})`);
unary('ceiling', (x) => `ceil(${x})`);
unary('floor', (x) => `floor(${x})`);
unary('cos', (x) => `cos(${x})`);
unary('sin', (x) => `sin(${x})`);
unary('tan', (x) => `tan(${x})`);
unary('exp', (x) => `exp(${x})`);
unary('log', (x) => `(CASE WHEN ${x} > 0 THEN ln(${x}) END)`);
unary('sign', (x) => `sign(${x})`);

function binary(name: string, combine: (a: string, b: string) => string): void {
  define(`series_${name}`, (site) => {
    const [a, b] = [site.arg(0), site.arg(1)];
    if (a.type !== 'dynamic' && b.type !== 'dynamic') throw site.fail(`series_${name}() expects at least one array`);
    const scalar = (value: Compiled) => `CAST(${asNumber(value)} AS DOUBLE)`;
    // Each array is cast once: pairs come from list_zip, as long as the shorter array (the reference).
    if (b.type !== 'dynamic') return out(json(`list_transform(${numbers(a)}, apl_x -> ${combine('apl_x', scalar(b))})`), 'dynamic', true);
    if (a.type !== 'dynamic') return out(json(`list_transform(${numbers(b)}, apl_x -> ${combine(scalar(a), 'apl_x')})`), 'dynamic', true);
    return out(json(`list_transform(list_zip(${numbers(a)}, ${numbers(b)}, truncate := true), apl_p -> ${combine('apl_p[1]', 'apl_p[2]')})`), 'dynamic', true);
  });
}

binary('add', (a, b) => `(${a} + ${b})`);
binary('subtract', (a, b) => `(${a} - ${b})`);
binary('multiply', (a, b) => `(${a} * ${b})`);
// Division by zero gives ±infinity (NaN for 0/0), as floating point does; DuckDB's / would give null.
binary('divide', (a, b) => `(CASE WHEN ${b} = 0 THEN (CASE WHEN ${a} > 0 THEN 'Infinity'::DOUBLE WHEN ${a} < 0 THEN '-Infinity'::DOUBLE ELSE 'NaN'::DOUBLE END) ELSE ${a} / ${b} END)`);
binary('pow', (a, b) => `pow(${a}, ${b})`);
binary('greater', (a, b) => `(${a} > ${b})`);
binary('greater_equals', (a, b) => `(${a} >= ${b})`);
binary('less', (a, b) => `(${a} < ${b})`);
binary('less_equals', (a, b) => `(${a} <= ${b})`);
binary('equals', (a, b) => `(${a} = ${b})`);
binary('not_equals', (a, b) => `(${a} <> ${b})`);
binary('max', (a, b) => `greatest(${a}, ${b})`);
binary('min', (a, b) => `least(${a}, ${b})`);

define('series_sum', (site) => out(`coalesce(list_sum(${numbers(site.arg(0))}), 0)`, 'real'));
define('series_magnitude', (site) => out(`sqrt(coalesce(list_sum(list_transform(${numbers(site.arg(0))}, apl_x -> apl_x * apl_x)), 0))`, 'real'));

/** Σ a[i]·b[i] over the common length (a missing element counts as 0). */
function dot(a: string, b: string): string {
  return `coalesce(list_sum(list_transform(list_zip(${a}, ${b}), apl_p -> coalesce(apl_p[1] * apl_p[2], 0))), 0)`;
}
define('series_dot_product', (site) => {
  const [a, b] = [site.arg(0), site.arg(1)];
  if (b.type !== 'dynamic') return out(`coalesce(list_sum(${numbers(a)}), 0) * ${asNumber(b)}`, 'real');
  return out(dot(numbers(a), numbers(b)), 'real');
});
define('series_cosine_similarity', (site) => {
  const [a, b] = [numbers(site.arg(0)), numbers(site.arg(1))];
  return out(`(${dot(a, b)} / nullif(sqrt(${dot(a, a)}) * sqrt(${dot(b, b)}), 0))`, 'real');
});
define('series_pearson_correlation', (site) => {
  const [a, b] = [numbers(site.arg(0)), numbers(site.arg(1))];
  // The pairs and both means are bound once (a one-element list of a struct), then reused.
  const pairs = `list_filter(list_zip(${a}, ${b}, truncate := true), apl_p -> apl_p[1] IS NOT NULL AND apl_p[2] IS NOT NULL)`;
  const bound = `[{'p': ${pairs}, 'mx': list_avg(list_transform(${pairs}, apl_p -> apl_p[1])), 'my': list_avg(list_transform(${pairs}, apl_p -> apl_p[2]))}]`;
  const sum = (term: string) => `list_sum(list_transform(apl_s.p, apl_p -> ${term}))`;
  const dx = '(apl_p[1] - apl_s.mx)';
  const dy = '(apl_p[2] - apl_s.my)';
  return out(`list_transform(${bound}, apl_s -> ${sum(`${dx} * ${dy}`)} / nullif(sqrt(${sum(`${dx} * ${dx}`)} * ${sum(`${dy} * ${dy}`)}), 0))[1]`, 'real');
});

/** The statistics series_stats reports, as SQL over the array's non-null elements. */
function statistics(list: string): [string, string][] {
  const values = `list_filter(${list}, apl_x -> apl_x IS NOT NULL AND NOT isnan(apl_x))`;
  const index = (pick: string) => `(list_position(${list}, ${pick}(${values})) - 1)`;
  return [
    ['min', `list_min(${values})`],
    ['min_idx', index('list_min')],
    ['max', `list_max(${values})`],
    ['max_idx', index('list_max')],
    ['avg', `list_avg(${values})`],
    ['variance', `list_var_samp(${values})`],
    ['stdev', `list_stddev_samp(${values})`],
  ];
}
define('series_stats_dynamic', (site) => {
  const stats = statistics(numbers(site.arg(0)));
  return out(`json_object(${stats.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`, 'dynamic');
});
define('series_stats', (site) => {
  const stats = statistics(numbers(site.arg(0)));
  return out(`json_array(${stats.map(([, sql]) => sql).join(', ')})`, 'dynamic', true);
});

define('series_fill_const', (site) => {
  const fill = site.raw.length > 1 ? asNumber(site.arg(1)) : '0';
  return out(json(`list_transform(${numbers(site.arg(0))}, apl_x -> coalesce(apl_x, ${fill}))`), 'dynamic', true);
});
/** The fills and the FIR filter run as host functions (hostFunctions.ts): one pass over the array. */
const hostSeries = (sql: string) => out(`CAST(${sql} AS JSON)`, 'dynamic', true);
const jsonText = (value: Compiled) => `CAST(${asJson(value)} AS VARCHAR)`;
define('series_fill_forward', (site) => hostSeries(`apl_series_fill(${jsonText(site.arg(0))}, 'forward')`));
define('series_fill_backward', (site) => hostSeries(`apl_series_fill(${jsonText(site.arg(0))}, 'backward')`));
define('series_fill_linear', (site) => hostSeries(`apl_series_fill(${jsonText(site.arg(0))}, 'linear')`));
/** Finite impulse response: y[i] = Σ f[j]·x[i−j], divided by Σ f (normalised, the default). */
define('series_fir', (site) => {
  const normalize = site.raw.length > 2 ? `CASE WHEN ${site.arg(2).sql} THEN 'true' ELSE 'false' END` : `'default'`;
  return hostSeries(`apl_series_fir(${jsonText(site.arg(0))}, ${jsonText(site.arg(1))}, ${normalize})`);
});

/** series_fft/series_ifft: [real parts, imaginary parts], computed by a host function (fourier.ts). */
function fourier(site: CallSite, inverse: boolean): Compiled {
  const imaginary = site.raw.length > 1 ? jsonText(site.arg(1)) : `'[]'`;
  return hostSeries(`apl_series_fourier(${jsonText(site.arg(0))}, ${imaginary}, ${inverse ? 'TRUE' : 'FALSE'})`);
}
define('series_fft', (site) => fourier(site, false));
define('series_ifft', (site) => fourier(site, true));
