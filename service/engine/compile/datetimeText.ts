/**
 * Text to datetime, the one reading behind datetime literals, todatetime of text and parse's datetime
 * columns. The reference reads strings with the dateparse package (todatetime.mdx): ISO 8601 and the
 * layouts of its examples — month names ("May 8, 2009 5:57:51 PM", "Mon, 02 Jan 2006 15:04:05 MST"),
 * month-first slashes and dots ("02/17/2016 08:40:01", "3.31.2014"), "2014/04/08", "2014年04月08日",
 * digit runs (yyyymmdd[hhmmss]) and epoch counts (10, 13, 16 or 19 digits). Zones: Z, ±hh[:mm],
 * UTC/GMT[±hh[mm]]; other abbreviations count as UTC, as dateparse does without a location.
 * Linear in the text (bounded regular expressions over at most 100 characters).
 */

const maxLength = 100;
const monthPattern = /^(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)$/i;
const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const weekdayPrefix = /^(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;

interface DateParts {
  year: number;
  month: number;
  day: number;
  rest: string;
}

/** Microseconds since the epoch (UTC) for a date text (rounded down), or undefined when it is not one. */
export function parseDatetimeText(input: string): bigint | undefined {
  const nanos = parseDatetimeNanos(input);
  return nanos === undefined ? undefined : floorDiv(nanos, 1000n);
}

/** The same in nanoseconds: the reference gives datetimes 100 ns ticks and more (unixtime_nanoseconds_todatetime). */
export function parseDatetimeNanos(input: string): bigint | undefined {
  const canonical = canonicalNanos(input);
  if (canonical !== undefined) return canonical;
  const text = input.trim().replace(/^(['"])(.*)\1$/, '$2').trim();
  if (text === '' || text.length > maxLength) return undefined;
  if (/^\d+$/.test(text)) return digitRun(text);
  const date = readDate(text.replace(weekdayPrefix, ''));
  if (!date) return undefined;
  const clock = readClock(date.rest);
  if (!clock) return undefined;
  const day = dateNanos(date.year, date.month, date.day);
  if (day === undefined) return undefined;
  return day + BigInt(((clock.hour * 60 + clock.minute - clock.offsetMinutes) * 60 + clock.second) * 1000) * 1_000_000n + clock.nanos;
}

const rfc3339Utc = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/**
 * The form every request's time range and most literals take (`2026-10-01T00:00:00Z`), read
 * without the general path's trials: the same value, or undefined to leave the text to it.
 */
function canonicalNanos(text: string): bigint | undefined {
  const m = rfc3339Utc.exec(text);
  if (!m) return undefined;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[6])];
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const day = dateNanos(Number(m[1]), Number(m[2]), Number(m[3]));
  if (day === undefined) return undefined;
  return day + BigInt((hour * 60 + minute) * 60 + second) * 1_000_000_000n + BigInt((m[7] ?? '').padEnd(9, '0'));
}

function floorDiv(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  return a % b !== 0n && a < 0n ? quotient - 1n : quotient;
}

function digitRun(text: string): bigint | undefined {
  const part = (from: number, to: number) => Number(text.slice(from, to));
  switch (text.length) {
    case 4:
      return dateNanos(part(0, 4), 1, 1);
    case 8:
      return dateNanos(part(0, 4), part(4, 6), part(6, 8));
    case 12:
    case 14: {
      const day = dateNanos(part(0, 4), part(4, 6), part(6, 8));
      const [hour, minute, second] = [part(8, 10), part(10, 12), text.length === 14 ? part(12, 14) : 0];
      if (day === undefined || hour > 23 || minute > 59 || second > 59) return undefined;
      return day + BigInt(hour * 3600 + minute * 60 + second) * 1_000_000_000n;
    }
    // Epoch counts: seconds, milliseconds, microseconds, nanoseconds.
    case 10:
      return BigInt(text) * 1_000_000_000n;
    case 13:
      return BigInt(text) * 1_000_000n;
    case 16:
      return BigInt(text) * 1000n;
    case 19:
      return BigInt(text);
    default:
      return undefined;
  }
}

/** Midnight of a calendar day, or undefined for no such day. Years 0–99 are years 0–99 (Date.UTC would add 1900). */
function dateNanos(year: number, month: number, day: number): bigint | undefined {
  const millis = new Date(0).setUTCFullYear(year, month - 1, day);
  const check = new Date(millis);
  if (month < 1 || month > 12 || check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return undefined;
  return BigInt(millis) * 1_000_000n;
}

const monthOf = (name: string) => (monthPattern.test(name) ? months.indexOf(name.slice(0, 3).toLowerCase()) + 1 : 0);
/** Two-digit years as Go reads them: 69..99 are 19xx, the rest 20xx. */
const fullYear = (text: string) => {
  const digits = text.replace("'", '');
  const year = Number(digits);
  return digits.length === 2 ? (year >= 69 ? 1900 + year : 2000 + year) : year;
};

/** The date at the start of a text, in the first layout that reads it, and the text after it. */
function readDate(text: string): DateParts | undefined {
  let m: RegExpExecArray | null;
  // ISO: 2014-04-26, 2014-04-26T17:24:37, 2014-04-26 17:24:37; 2014-04; 2013-Feb-03.
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?=$|[T\s])/i.exec(text))) return parts(m[1]!, m[2]!, m[3]!, text, m);
  if ((m = /^(\d{4})-(\d{1,2})$/.exec(text))) return parts(m[1]!, m[2]!, '1', text, m);
  if ((m = /^(\d{4})-([a-z]+)-(\d{1,2})(?=$|[T\s])/i.exec(text))) return named(m[1]!, m[2]!, m[3]!, text, m);
  // 2014/04/08 (year first); 3/31/2014, 08/21/71 (month first).
  if ((m = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?=$|\s)/.exec(text))) return parts(m[1]!, m[2]!, m[3]!, text, m);
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})(?=$|\s)/.exec(text))) return parts(m[3]!, m[1]!, m[2]!, text, m);
  // 3.31.2014, 08.21.71 (month first); 2014.03.31; 2014.03.
  if ((m = /^(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?=$|\s)/.exec(text))) return parts(m[3]!, m[1]!, m[2]!, text, m);
  if ((m = /^(\d{4})\.(\d{1,2})\.(\d{1,2})(?=$|\s)/.exec(text))) return parts(m[1]!, m[2]!, m[3]!, text, m);
  if ((m = /^(\d{4})\.(\d{1,2})$/.exec(text))) return parts(m[1]!, m[2]!, '1', text, m);
  if ((m = /^(\d{4})年(\d{1,2})月(\d{1,2})日/.exec(text))) return parts(m[1]!, m[2]!, m[3]!, text, m);
  // Jan  2 15:04:05 [MST|-0700] 2006: the year comes last.
  if ((m = /^([a-z]+)\s+(\d{1,2})\s+(\d{1,2}:[^]*?)\s+(\d{4})$/i.exec(text))) {
    const date = named(m[4]!, m[1]!, m[2]!, text, m);
    return date && { ...date, rest: m[3]! };
  }
  // May 8, 2009 5:57:51 PM; oct. 7, '70; October 7, 1970; Jul 03 2015 18:04:07 GMT+0100.
  if ((m = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+('?\d{2}|\d{4})(?![:\d])/i.exec(text))) return named(m[3]!, m[1]!, m[2]!, text, m);
  // 12 Feb 2006, 19:17; 02-Jan-06 15:04:05 MST; 7 oct 70.
  if ((m = /^(\d{1,2})(?:st|nd|rd|th)?[\s-]+([a-z]+)\.?,?[\s-]+(\d{4}|\d{2})(?![:\d])/i.exec(text))) return named(m[3]!, m[2]!, m[1]!, text, m);
  return undefined;
}

function parts(year: string, month: string, day: string, text: string, match: RegExpExecArray): DateParts {
  return { year: fullYear(year), month: Number(month), day: Number(day), rest: text.slice(match[0].length) };
}

function named(year: string, monthName: string, day: string, text: string, match: RegExpExecArray): DateParts | undefined {
  const month = monthOf(monthName);
  return month ? { year: fullYear(year), month, day: Number(day), rest: text.slice(match[0].length) } : undefined;
}

interface Clock {
  hour: number;
  minute: number;
  second: number;
  nanos: bigint;
  offsetMinutes: number;
}

/** The time of day and zone after a date: `T15:04:05.123Z`, ` 5:57:51 PM`, `, 19:17`, ` at 10:09am PST-08`. */
function readClock(text: string): Clock | undefined {
  const clock: Clock = { hour: 0, minute: 0, second: 0, nanos: 0n, offsetMinutes: 0 };
  let rest = text.replace(/\s*\([^)]*\)\s*$/, '').replace(/^(?:T|,?\s*(?:at\s+)?)/i, '');
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:[.,](\d{1,9}))?\s*(?:([ap])\.?m\.?(?![a-z]))?/i.exec(rest);
  if (time) {
    const [, hour, minute, second, fraction = '', meridiem] = time;
    clock.hour = Number(hour);
    clock.minute = Number(minute);
    clock.second = Number(second ?? 0);
    clock.nanos = BigInt((fraction + '000000000').slice(0, 9));
    if (meridiem) {
      if (clock.hour < 1 || clock.hour > 12) return undefined;
      clock.hour = (clock.hour % 12) + (meridiem.toLowerCase() === 'p' ? 12 : 0);
    }
    if (clock.hour > 23 || clock.minute > 59 || clock.second > 59) return undefined;
    rest = rest.slice(time[0].length);
  }
  let zoned = false;
  for (const token of rest.split(/\s+/).filter((word) => word !== '')) {
    const offset = zoneOffset(token);
    if (offset === undefined) return undefined;
    // The first zone counts; dateparse ignores a repeated one ("+0800 +08", "+0000 UTC").
    if (offset !== null && !zoned) {
      clock.offsetMinutes = offset;
      zoned = true;
    }
  }
  return clock;
}

/** Minutes east of UTC for a zone token; null for a token that carries no offset; undefined if not a zone. */
function zoneOffset(token: string): number | null | undefined {
  if (/^m=[-+][\d.]+$/.test(token)) return null; // Go's monotonic clock reading
  const m = /^(z|utc|gmt|[a-z]{2,5})?(?:([-+])(\d{1,2})(?::?(\d{2}))?)?$/i.exec(token);
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[2]) return 0;
  const minutes = Number(m[3]) * 60 + Number(m[4] ?? 0);
  if (Number(m[3]) > 14 || Number(m[4] ?? 0) > 59) return undefined;
  return m[2] === '-' ? -minutes : minutes;
}
