/**
 * The datetime functions. A datetime is a microsecond TIMESTAMP (as every stored one is) or, when it carries
 * a part below the microsecond, a TIMESTAMP_NS: literals with seven to nine fractional digits, the endofX
 * bounds (23:59:59.9999999, one 100 ns tick before the next period, as the reference prints them) and
 * unixtime_nanoseconds_todatetime (nanosecond precision, its page says). DuckDB compares the two kinds
 * exactly; the sub-second parts are read with nanosecond(), which takes both.
 */
import { asNumber, coerceTo } from './coercions.ts';
import { define, literalString, out, simple, type CallSite } from './registry.ts';
import type { Compiled } from './scope.ts';
import { microsecondFloor, stringLiteral } from './sql.ts';

const num = (c: Compiled) => asNumber(c);

function dateOf(c: Compiled): string {
  return c.type === 'datetime' ? c.sql : coerceTo(c, 'datetime').sql;
}

/** The microsecond TIMESTAMP of a datetime, floored (which keeps every unit from the microsecond up). */
const micros = microsecondFloor;
/** Nanoseconds past the second, 0 .. 999 999 999. */
const nanosOfSecond = (t: string) => `(nanosecond(${t}) % 1000000000)`;
/** 100 ns (one tick) before a microsecond TIMESTAMP, as a TIMESTAMP_NS; past TIMESTAMP_NS's last day, a clear error. */
function tickBefore(name: string, t: string): string {
  const beyond = `${name}(): a datetime past 2262-04-11 is beyond this engine's nanosecond datetimes`;
  return `(CASE WHEN ${t} < TIMESTAMP '2262-04-11' THEN make_timestamp_ns(epoch_us(${t}) * 1000 - 100) ELSE error(${stringLiteral(beyond)}) END)`;
}

define('now', (site) => {
  if (site.raw.length === 0) return out(site.scope.now, 'datetime');
  return out(`(${site.scope.now} + ${site.arg(0).sql})`, 'datetime');
});
define('ago', (site) => out(`(${site.scope.now} - ${site.arg(0).sql})`, 'datetime'));

simple('getyear', 'long', (t) => `year(${t})`, dateOf);
simple('getmonth', 'long', (t) => `month(${t})`, dateOf);
simple('monthofyear', 'long', (t) => `month(${t})`, dateOf);
simple('dayofmonth', 'long', (t) => `day(${t})`, dateOf);
simple('dayofyear', 'long', (t) => `dayofyear(${t})`, dateOf);
simple('dayofweek', 'long', (t) => `dayofweek(${t})`, dateOf);
simple('hourofday', 'long', (t) => `hour(${t})`, dateOf);
simple('week_of_year', 'long', (t) => `weekofyear(${t})`, dateOf);

/** startofX and endofX (t[, offset]): the period's first instant, or its last 100 ns tick, offset periods later. */
function periodBound(name: string, unit: 'day' | 'week' | 'month' | 'year', end: boolean): void {
  define(name, (site) => {
    const t = micros(dateOf(site.arg(0)));
    const offset = site.raw.length > 1 ? `CAST(${num(site.arg(1))} AS INTEGER)` : '0';
    // Weeks start on Sunday (dayofweek 0).
    const start = unit === 'week' ? `(date_trunc('day', ${t}) - to_days(CAST(dayofweek(${t}) AS INTEGER)))` : `date_trunc('${unit}', ${t})`;
    const shift = (count: string) => (unit === 'week' ? `to_days(7 * (${count}))` : `to_${unit}s(${count})`);
    return out(end ? tickBefore(name, `(${start} + ${shift(`${offset} + 1`)})`) : `(${start} + ${shift(offset)})`, 'datetime');
  });
}
for (const unit of ['day', 'week', 'month', 'year'] as const) {
  periodBound(`startof${unit}`, unit, false);
  periodBound(`endof${unit}`, unit, true);
}

// Fractional input is truncated to the function's unit (the reference).
simple('unixtime_seconds_todatetime', 'datetime', (x) => `make_timestamp(CAST(trunc(${x}) AS BIGINT) * 1000000)`, num);
simple('unixtime_milliseconds_todatetime', 'datetime', (x) => `make_timestamp(CAST(trunc(${x}) AS BIGINT) * 1000)`, num);
simple('unixtime_microseconds_todatetime', 'datetime', (x) => `make_timestamp(CAST(trunc(${x}) AS BIGINT))`, num);
simple('unixtime_nanoseconds_todatetime', 'datetime', (x) => `make_timestamp_ns(CAST(trunc(${x}) AS BIGINT))`, num);

const parts: Record<string, string> = {
  year: 'year', quarter: 'quarter', month: 'month', week_of_year: 'week', weekofyear: 'week', week: 'week', day: 'day',
  dayofyear: 'doy', hour: 'hour', minute: 'minute', second: 'second', millisecond: 'millisecond', microsecond: 'microsecond',
  nanosecond: 'nanosecond',
};
function partOf(site: CallSite, allowed: (part: string) => boolean): string {
  const part = parts[literalString(site, 0).toLowerCase()];
  if (!part || !allowed(part)) throw site.fail(`${site.call.callee.name}(): unknown part "${literalString(site, 0)}"`);
  return part;
}

define('datetime_part', (site) => {
  const part = partOf(site, () => true);
  const t = dateOf(site.arg(1));
  // The sub-second parts count within the second (DuckDB's millisecond and microsecond count from the minute).
  if (part === 'millisecond') return out(`(${nanosOfSecond(t)} // 1000000)`, 'long');
  if (part === 'microsecond') return out(`(${nanosOfSecond(t)} // 1000)`, 'long');
  if (part === 'nanosecond') return out(nanosOfSecond(t), 'long');
  return out(`date_part('${part}', ${t})`, 'long');
});

define('datetime_add', (site) => {
  const unit = partOf(site, (part) => part !== 'doy' && part !== 'nanosecond');
  const to = unit === 'millisecond' ? 'milliseconds' : unit === 'microsecond' ? 'microseconds' : `${unit}s`;
  const count = `CAST(${num(site.arg(1))} AS ${['year', 'month', 'quarter'].includes(unit) ? 'INTEGER' : 'BIGINT'})`;
  return out(`(${dateOf(site.arg(2))} + to_${to}(${count}))`, 'datetime');
});

/**
 * datetime_diff(part, a, b): the number of part boundaries between b and a, as Kusto counts them
 * (DuckDB's date_diff counts boundaries too, but for weeks divides the days by seven instead).
 */
define('datetime_diff', (site) => {
  const part = partOf(site, (name) => name !== 'doy');
  const a = dateOf(site.arg(1));
  const b = dateOf(site.arg(2));
  if (part === 'nanosecond') {
    const subMicro = (t: string) => `(nanosecond(${t}) % 1000)`;
    return out(`((epoch_us(${micros(a)}) - epoch_us(${micros(b)})) * 1000 + ${subMicro(a)} - ${subMicro(b)})`, 'long');
  }
  if (part === 'week') {
    // Weeks start on Sunday (Kusto): count the Sundays crossed, weeks numbered from Sunday 1970-01-04.
    const week = (t: string) => `floor(date_diff('day', TIMESTAMP '1970-01-04', ${micros(t)}) / 7)`;
    return out(`CAST(${week(a)} - ${week(b)} AS BIGINT)`, 'long');
  }
  return out(`date_diff('${part}', ${micros(b)}, ${micros(a)})`, 'long');
});

define('format_datetime', (site) => {
  const layout = literalString(site, 1)
    .replace(/yyyy/g, '%Y').replace(/yy/g, '%y').replace(/MM/g, '%m').replace(/dd/g, '%d')
    .replace(/HH/g, '%H').replace(/hh/g, '%I').replace(/mm/g, '%M').replace(/ss/g, '%S').replace(/fffffff?|ffffff/g, '%f').replace(/fff/g, '%g').replace(/tt/g, '%p');
  return out(`strftime(${dateOf(site.arg(0))}, ${stringLiteral(layout)})`, 'string');
});
