/** SQL text helpers: every identifier and literal the compiler emits goes through these. */
import { quoteString } from '../../store/sqlText.ts';
import { storedIdent } from '../../store/storedNames.ts';

/**
 * A table or column name, spelled as the event store stores names (storedNames.ts), so that the
 * engine's own columns (`extend A = 1, a = 2`) stay apart like stored fields do.
 */
export const ident = storedIdent;

/** A string constant; a NUL, which DuckDB's SQL text cannot hold, is joined in as `chr(0)`. */
export function stringLiteral(value: string): string {
  if (!value.includes('\0')) return quoteString(value);
  return `(${value.split('\0').map(quoteString).join(' || chr(0) || ')})`;
}

/** A finite number as SQL text; BIGINT for integers, DOUBLE otherwise. */
export function numberLiteral(value: number, integer: boolean): string {
  if (!Number.isFinite(value)) return `CAST(${stringLiteral(String(value))} AS DOUBLE)`;
  return integer && Number.isInteger(value) ? `CAST(${BigInt(value)} AS BIGINT)` : `CAST(${value} AS DOUBLE)`;
}

/** A long literal from its source text: past 2^53 a JS number loses digits (epoch nanoseconds are that large). */
export function longLiteral(text: string, value: number): string {
  return /^\d{16,19}$/.test(text) && BigInt(text) < 2n ** 63n ? `CAST(${text} AS BIGINT)` : numberLiteral(value, true);
}

/** A span of nanoseconds as an INTERVAL (DuckDB keeps microseconds). */
export function intervalLiteral(nanoseconds: number): string {
  return timespanConstant(nanoseconds).sql;
}

/** A timespan constant: its SQL, with the microseconds it holds carried beside it. */
export function timespanConstant(nanoseconds: number): { sql: string; type: 'timespan'; micros: bigint } {
  const micros = BigInt(Math.round(nanoseconds / 1000));
  return { sql: `to_microseconds(CAST(${micros} AS BIGINT))`, type: 'timespan', micros };
}

export function timestampLiteral(microseconds: bigint): string {
  return `make_timestamp(CAST(${microseconds} AS BIGINT))`;
}

/**
 * A datetime (TIMESTAMP or TIMESTAMP_NS) floored to the microsecond TIMESTAMP: the cast truncates toward the
 * epoch, which for a TIMESTAMP_NS before 1970 with a part below the microsecond is one microsecond late.
 */
export function microsecondFloor(datetime: string): string {
  const cast = `CAST(${datetime} AS TIMESTAMP)`;
  return `(CASE WHEN ${cast} > ${datetime} THEN ${cast} - INTERVAL 1 microsecond ELSE ${cast} END)`;
}

/** The range of DuckDB's TIMESTAMP_NS (signed 64-bit nanoseconds since the epoch). */
const nanosRange = { min: -(2n ** 63n) + 1n, max: 2n ** 63n - 1n };

/**
 * A datetime given in nanoseconds: a TIMESTAMP_NS when it carries a part below the microsecond (and fits
 * TIMESTAMP_NS), otherwise the microsecond TIMESTAMP every stored datetime is.
 */
export function datetimeLiteral(nanoseconds: bigint): string {
  const subMicro = nanoseconds % 1000n !== 0n;
  if (subMicro && nanoseconds >= nanosRange.min && nanoseconds <= nanosRange.max) return `make_timestamp_ns(CAST(${nanoseconds} AS BIGINT))`;
  const micros = nanoseconds / 1000n - (nanoseconds < 0n && subMicro ? 1n : 0n);
  return timestampLiteral(micros);
}

/** Escapes a text for use inside an RE2 pattern. */
export function regexEscape(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}

/**
 * The first construct of a regular expression that RE2 (DuckDB's regular expressions) refuses and
 * Perl-style engines accept: look-around (`(?=`, `(?!`, `(?<=`, `(?<!`) or a back-reference (`\1`).
 */
export function re2MissingConstruct(pattern: string): string | undefined {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') {
      if (/[1-9]/.test(pattern[i + 1] ?? '')) return `the back-reference \\${pattern[i + 1]}`;
      i++;
    } else if (pattern.startsWith('(?', i)) {
      const lookaround = /^\(\?<?[=!]/.exec(pattern.slice(i, i + 4));
      if (lookaround) return `the look-around ${lookaround[0]}`;
    }
  }
  return undefined;
}
