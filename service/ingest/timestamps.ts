/**
 * Event times: RFC 3339 / ISO 8601 strings, Unix epoch numbers, or a Go reference-time layout
 * (`timestamp-format`, e.g. `2/Jan/2006:15:04:05 -0700`). Results are microseconds since the epoch.
 *
 * Epoch numbers are told apart by magnitude (the reference leaves this open): below 1e11 seconds,
 * below 1e14 milliseconds, below 1e17 microseconds, else nanoseconds.
 */
import { endTimeMicros, firstTimeMicros } from '../time.ts';

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Event times outside years 0001-9999 (time.ts) are refused per event. */
export function withinTimeRange(micros: number): boolean {
  return micros >= firstTimeMicros && micros < endTimeMicros;
}

export function parseTimestamp(value: unknown, layout?: Layout): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? fromEpoch(value) : undefined;
  // Epoch nanoseconds are past 2^53 (ingest reads them exactly); a double keeps them to the microsecond.
  if (typeof value === 'bigint') return fromEpoch(Number(value));
  if (typeof value !== 'string') return undefined;
  const text = value.length === 24 ? value : value.trim();
  if (layout) return layout.parse(text);
  // The common shape `2026-01-02T03:04:05.678Z` (JavaScript's toISOString) parses natively and exactly.
  if (text.length === 24 && text.charCodeAt(23) === 90 && text.charCodeAt(19) === 46 && text.charCodeAt(10) === 84) {
    const millis = Date.parse(text);
    if (!Number.isNaN(millis)) return millis * 1000;
  }
  if (/^-?\d+(\.\d+)?$/.test(text)) return fromEpoch(Number(text));
  const match = isoPattern.exec(text);
  if (match) {
    const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
    const millis = utcMillis(+year!, +month! - 1, +day!, +hour, +minute, +second);
    return millis * 1000 + fractionMicros(fraction) - zoneOffsetMinutes(zone) * 60e6;
  }
  const millis = Date.parse(text);
  return Number.isNaN(millis) ? undefined : millis * 1000;
}

/** Date.UTC, except that years 0-99 stay themselves (Date.UTC reads them as 1900-1999). */
function utcMillis(year: number, monthIndex: number, day: number, hour: number, minute: number, second: number): number {
  return new Date(0).setUTCFullYear(year, monthIndex, day) + ((hour * 60 + minute) * 60 + second) * 1000;
}

function fromEpoch(value: number): number {
  const magnitude = Math.abs(value);
  if (magnitude < 1e11) return Math.round(value * 1e6);
  if (magnitude < 1e14) return Math.round(value * 1e3);
  if (magnitude < 1e17) return Math.round(value);
  return Math.round(value / 1e3);
}

function fractionMicros(digits: string): number {
  return digits === '' ? 0 : Math.floor(Number(`0.${digits}`) * 1e6 + 1e-6);
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone || zone === 'Z' || zone === 'z') return 0;
  const sign = zone[0] === '-' ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'));
}

const monthsShort = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const monthsLong = [
  'january', 'february', 'march', 'april', 'may', 'june',
  'july', 'august', 'september', 'october', 'november', 'december',
];

type Part = 'year' | 'year2' | 'month' | 'monthName' | 'day' | 'yday' | 'hour' | 'hour12' | 'minute' | 'second'
  | 'fraction' | 'ampm' | 'zone' | 'zoneName' | 'skip';

/** Go layout elements, longest first so that `January` wins over `Jan` and `2006` over `2`. */
const elements: [string, string, Part][] = [
  ['January', '([A-Za-z]+)', 'monthName'],
  ['Monday', '[A-Za-z]+', 'skip'],
  ['Z07:00', '(Z|[+-]\\d{2}:\\d{2})', 'zone'],
  ['-07:00:00', '([+-]\\d{2}:\\d{2}:\\d{2})', 'zone'],
  ['Z0700', '(Z|[+-]\\d{4})', 'zone'],
  ['-0700', '([+-]\\d{4})', 'zone'],
  ['-07:00', '([+-]\\d{2}:\\d{2})', 'zone'],
  ['Z07', '(Z|[+-]\\d{2})', 'zone'],
  ['-07', '([+-]\\d{2})', 'zone'],
  ['2006', '(\\d{4})', 'year'],
  ['Jan', '([A-Za-z]{3})', 'monthName'],
  ['Mon', '[A-Za-z]{3}', 'skip'],
  ['MST', '([A-Za-z]{3,5}|[+-]\\d{2,4})', 'zoneName'],
  ['002', '(\\d{3})', 'yday'],
  ['__2', '[ \\d]{2}(\\d)', 'yday'],
  ['01', '(\\d{2})', 'month'],
  ['02', '(\\d{2})', 'day'],
  ['_2', ' ?(\\d{1,2})', 'day'],
  ['03', '(\\d{2})', 'hour12'],
  ['04', '(\\d{2})', 'minute'],
  ['05', '(\\d{2})', 'second'],
  ['06', '(\\d{2})', 'year2'],
  ['15', '(\\d{1,2})', 'hour'],
  ['PM', '([AaPp][Mm])', 'ampm'],
  ['pm', '([AaPp][Mm])', 'ampm'],
  ['1', '(\\d{1,2})', 'month'],
  ['2', '(\\d{1,2})', 'day'],
  ['3', '(\\d{1,2})', 'hour12'],
  ['4', '(\\d{1,2})', 'minute'],
  ['5', '(\\d{1,2})', 'second'],
];

/** A Go reference-time layout compiled to a regular expression. */
export class Layout {
  private constructor(
    private readonly pattern: RegExp,
    private readonly parts: Part[],
  ) {}

  static compile(layout: string): Layout {
    let source = '';
    const parts: Part[] = [];
    let index = 0;
    outer: while (index < layout.length) {
      const fraction = /^[.,](0+|9+)(?![0-9])/.exec(layout.slice(index));
      if (fraction && index > 0) {
        // `.000` needs exactly that many digits, `.999` any number (including none).
        source += fraction[1]![0] === '0' ? `[.,](\\d{${fraction[1]!.length}})` : '(?:[.,](\\d+))?';
        parts.push('fraction');
        index += fraction[0].length;
        continue;
      }
      for (const [element, regex, part] of elements) {
        if (layout.startsWith(element, index)) {
          source += regex;
          if (part !== 'skip') parts.push(part);
          index += element.length;
          // Go accepts fractional seconds after seconds even when the layout omits them.
          if (part === 'second' && !/^[.,][09]/.test(layout.slice(index))) {
            source += '(?:[.,](\\d+))?';
            parts.push('fraction');
          }
          continue outer;
        }
      }
      source += layout[index]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      index += 1;
    }
    return new Layout(new RegExp(`^${source}$`), parts);
  }

  parse(text: string): number | undefined {
    const match = this.pattern.exec(text);
    if (!match) return undefined;
    let year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, micros = 0, offset = 0, yday = 0;
    let pm: boolean | undefined;
    for (let index = 0; index < this.parts.length; index++) {
      const value = match[index + 1];
      if (value === undefined) continue;
      switch (this.parts[index]!) {
        case 'year': year = +value; break;
        case 'year2': year = +value + (+value >= 69 ? 1900 : 2000); break;
        case 'month': month = +value; break;
        case 'monthName': {
          const lower = value.toLowerCase();
          const found = lower.length === 3 ? monthsShort.indexOf(lower) : monthsLong.indexOf(lower);
          if (found < 0) return undefined;
          month = found + 1;
          break;
        }
        case 'day': day = +value; break;
        case 'yday': yday = +value; break;
        case 'hour': hour = +value; break;
        case 'hour12': hour = +value % 12; break;
        case 'minute': minute = +value; break;
        case 'second': second = +value; break;
        case 'fraction': micros = fractionMicros(value); break;
        case 'ampm': pm = value.toLowerCase() === 'pm'; break;
        case 'zone': offset = zoneOffsetMinutes(value.length > 6 ? value.slice(0, 6) : value); break;
        case 'zoneName': offset = /^[+-]/.test(value) ? zoneOffsetMinutes(value) : 0; break;
        case 'skip': break;
      }
    }
    if (pm !== undefined && pm) hour += 12;
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
    const millis = yday > 0 ? utcMillis(year, 0, yday, hour, minute, second) : utcMillis(year, month - 1, day, hour, minute, second);
    return millis * 1000 + micros - offset * 60e6;
  }
}
