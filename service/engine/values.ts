import { DuckDBIntervalValue, DuckDBTimestampNanosecondsValue, DuckDBTimestampValue, type DuckDBValue } from '@duckdb/node-api';
import type { ScalarType } from './compile/types.ts';
import { formatDuration } from './compile/timeText.ts';
import { AplQueryError } from './errors.ts';
import { jsonDepth, maxDynamicDepth } from '../jsonDepth.ts';
import { parseExact } from '../../wire/exactJson.ts';

/** RFC 3339 with microseconds, trailing fractional zeros trimmed (`2024-01-01T10:00:00.5Z`). */
export function formatMicros(micros: bigint): string {
  const value = Number(micros);
  return value >= 0 && value < lastFastMicros ? formatFast(value) : formatAny(micros);
}

/** Times from 1970 to 2255 in exact float arithmetic (under 2^53 µs), the date part computed once per day. */
const lastFastMicros = 2 ** 53;
const twoDigits = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
let lastDay = -1;
let lastDayText = '';

function formatFast(micros: number): string {
  const fraction = micros % 1_000_000;
  const seconds = (micros - fraction) / 1_000_000;
  const day = Math.floor(seconds / 86_400);
  if (day !== lastDay) {
    lastDayText = new Date(day * 86_400_000).toISOString().slice(0, 11);
    lastDay = day;
  }
  const inDay = seconds - day * 86_400;
  const hours = Math.floor(inDay / 3600);
  const minutes = Math.floor((inDay - hours * 3600) / 60);
  const time = `${lastDayText}${twoDigits[hours]}:${twoDigits[minutes]}:${twoDigits[inDay - hours * 3600 - minutes * 60]}`;
  return fraction === 0 ? `${time}Z` : `${time}.${String(fraction).padStart(6, '0').replace(/0+$/, '')}Z`;
}

function formatAny(micros: bigint): string {
  const fraction = ((micros % 1_000_000n) + 1_000_000n) % 1_000_000n;
  const base = new Date(Number((micros - fraction) / 1000n)).toISOString().slice(0, 19);
  const digits = fraction.toString().padStart(6, '0').replace(/0+$/, '');
  return `${base}${digits ? `.${digits}` : ''}Z`;
}

/** A TIMESTAMP_NS (a datetime with a part below the microsecond): RFC 3339 with up to nine fractional digits. */
export function formatNanos(nanos: bigint): string {
  const subMicro = ((nanos % 1000n) + 1000n) % 1000n;
  const text = formatMicros((nanos - subMicro) / 1000n);
  if (subMicro === 0n) return text;
  const [whole, fraction = ''] = text.slice(0, -1).split('.');
  return `${whole}.${(fraction.padEnd(6, '0') + String(subMicro).padStart(3, '0')).replace(/0+$/, '')}Z`;
}

function intervalNanos(value: DuckDBIntervalValue): number {
  return ((value.months * 30 + value.days) * 86_400_000_000 + Number(value.micros)) * 1000;
}

/** A DuckDB cell as the JSON value the wire formats carry for the column's APL type. */
export function toWireValue(value: DuckDBValue, type: ScalarType): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof DuckDBTimestampValue) return formatMicros(value.micros);
  if (value instanceof DuckDBTimestampNanosecondsValue) return formatNanos(value.nanos);
  if (value instanceof DuckDBIntervalValue) return formatDuration(intervalNanos(value));
  // A long past 2^53 stays a bigint: the reply is written with its exact digits (wire/exactJson.ts).
  if (typeof value === 'bigint') {
    const number = Number(value);
    return Number.isSafeInteger(number) ? number : value;
  }
  if (type === 'dynamic' && typeof value === 'string') {
    if (jsonDepth(value) > maxDynamicDepth) {
      throw new AplQueryError(`a dynamic value in the result nests deeper than ${maxDynamicDepth} levels`, 0, 0, 'execution');
    }
    try {
      return parseExact(value);
    } catch {
      return parseWithNonFinite(value);
    }
  }
  // The reference: "APL represents NaN as null in query results" (sqrt.mdx); infinities keep their wire texts.
  if (typeof value === 'number' && !Number.isFinite(value)) return Number.isNaN(value) ? null : value > 0 ? '+Inf' : '-Inf';
  if (typeof value === 'object') return String(value);
  return value;
}

/** DuckDB writes non-finite doubles inside JSON as bare Infinity/NaN: they travel as the scalar wire texts. */
function parseWithNonFinite(text: string): unknown {
  const names: Record<string, string> = { Infinity: '+Inf', '-Infinity': '-Inf', NaN: 'NaN' };
  const replaced = text.replace(/"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g, (token) => (token in names ? JSON.stringify(names[token]) : token));
  try {
    return parseExact(replaced);
  } catch {
    return text;
  }
}
