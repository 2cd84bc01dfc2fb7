/**
 * The to* conversions (toint, toreal, tobool, todatetime, totimespan, tostring) as one mechanism:
 * the functions, parse's typed columns and comparisons with text all convert through here, so a text
 * reads the same everywhere. Text becomes a datetime or timespan by the reading of datetime and
 * timespan literals (datetimeText.ts, timeText.ts): folded while compiling for a literal, by the host
 * functions apl_datetime_text/apl_timespan_text for other texts (plain ISO 8601 stays in SQL).
 */
import { asBool, asNumber, asString } from './coercions.ts';
import { parseDatetimeNanos } from './datetimeText.ts';
import type { Compiled } from './scope.ts';
import { datetimeLiteral, intervalLiteral } from './sql.ts';
import { parseTimespanText } from './timeText.ts';
import { isNumeric, type ScalarType } from './types.ts';

const intervalMicros = (sql: string) => `(epoch(${sql}) * 1000000)`;
const microsToInterval = (sql: string) => `to_microseconds(CAST(round(${sql}) AS BIGINT))`;

// ISO 8601 texts DuckDB casts exactly as datetimeText.ts reads them; anything else goes to the host function.
const plainIso = `'\\d{4}-\\d{2}-\\d{2}(?:[T ]\\d{2}:\\d{2}(?::\\d{2}(?:\\.\\d{1,6})?)?)?Z?'`;

/** SQL TIMESTAMP for a text (SQL VARCHAR), null when it is not a date. */
export function datetimeFromText(text: string): string {
  return `(CASE WHEN regexp_full_match(${text}, ${plainIso}) THEN TRY_CAST(replace(${text}, 'Z', '') AS TIMESTAMP) ELSE make_timestamp(apl_datetime_text(${text})) END)`;
}

/** SQL INTERVAL for a duration text (SQL VARCHAR), null when it is not one. */
export function timespanFromText(text: string): string {
  return microsToInterval(`apl_timespan_text(${text})`);
}

function toInteger(value: Compiled): string {
  switch (value.type) {
    case 'datetime':
      return `(epoch_us(${value.sql}) * 1000)`;
    case 'timespan':
      return `CAST(${intervalMicros(value.sql)} * 1000 AS BIGINT)`;
    case 'string':
      // Strict: an optional sign and digits (toint.mdx); no hex, no fraction.
      return `TRY_CAST(CASE WHEN regexp_matches(${value.sql}, '^\\s*[-+]?\\d+\\s*$') THEN trim(${value.sql}) END AS BIGINT)`;
    case 'real':
      return `TRY_CAST(trunc(${value.sql}) AS BIGINT)`;
    default:
      return `TRY_CAST(trunc(${asNumber(value)}) AS BIGINT)`;
  }
}

function toReal(value: Compiled): string {
  if (value.type === 'datetime' || value.type === 'timespan') return `CAST(${toInteger(value)} AS DOUBLE)`;
  return `TRY_CAST(${asNumber(value)} AS DOUBLE)`;
}

function toBool(value: Compiled): string {
  if (value.type === 'string' || value.type === 'dynamic') {
    const text = asString(value);
    return `(CASE WHEN ${text} IN ('1','t','T','true','TRUE','True') THEN TRUE WHEN ${text} IN ('0','f','F','false','FALSE','False') THEN FALSE END)`;
  }
  // Durations and datetimes are true unless zero (the epoch for datetimes).
  if (value.type === 'timespan') return `(epoch(${value.sql}) <> 0)`;
  if (value.type === 'datetime') return `(epoch_us(${value.sql}) <> 0)`;
  return asBool(value);
}

function toDatetime(value: Compiled): string {
  if (value.type === 'datetime') return value.sql;
  // Numbers are nanoseconds since the epoch (todatetime.mdx).
  if (isNumeric(value.type)) return `make_timestamp(CAST(${value.sql} / 1000 AS BIGINT))`;
  const literal = value.text;
  if (literal !== undefined) {
    // Read here to the nanosecond, as datetime(...) literals are; other texts to the microsecond.
    const nanos = parseDatetimeNanos(literal);
    return nanos === undefined ? 'CAST(NULL AS TIMESTAMP)' : datetimeLiteral(nanos);
  }
  return datetimeFromText(asString(value));
}

function toTimespan(value: Compiled): string {
  if (value.type === 'timespan') return value.sql;
  // Numbers are nanoseconds (totimespan.mdx).
  if (isNumeric(value.type)) return microsToInterval(`${value.sql} / 1000`);
  const literal = value.text;
  if (literal !== undefined) {
    const nanos = parseTimespanText(literal);
    return nanos === undefined ? 'CAST(NULL AS INTERVAL)' : intervalLiteral(nanos);
  }
  return timespanFromText(asString(value));
}

/** A value converted to a type the way the to* function of that type converts it; null when it does not convert. */
export function convertTo(value: Compiled, type: ScalarType): Compiled {
  switch (type) {
    case 'int':
    case 'long':
      return { sql: toInteger(value), type: 'long' };
    case 'real':
      return { sql: toReal(value), type };
    case 'bool':
      return { sql: toBool(value), type };
    case 'datetime':
      return { sql: toDatetime(value), type };
    case 'timespan':
      return { sql: toTimespan(value), type };
    case 'string':
      return { sql: `coalesce(${asString(value)}, '')`, type };
    default:
      return value;
  }
}
