/** SQL text helpers: every identifier and literal the compiler emits goes through these. */
import { quoteName, quoteString } from '../../store/sqlText.ts';

export const ident = quoteName;

/** A string as SQL. SQL text cannot carry NUL, so each one is spliced in as `chr(0)`. */
export function stringLiteral(value: string): string {
  if (!value.includes('\0')) return quoteString(value);
  return `(${value.split('\0').map(quoteString).join(' || chr(0) || ')})`;
}

/** A finite number as SQL text; BIGINT for integers, DOUBLE otherwise. */
export function numberLiteral(value: number, integer: boolean): string {
  if (!Number.isFinite(value)) return `CAST(${stringLiteral(String(value))} AS DOUBLE)`;
  return integer && Number.isInteger(value) ? `CAST(${BigInt(value)} AS BIGINT)` : `CAST(${value} AS DOUBLE)`;
}

/** A span of nanoseconds as an INTERVAL (DuckDB keeps microseconds). */
export function intervalLiteral(nanoseconds: number): string {
  return `to_microseconds(CAST(${Math.round(nanoseconds / 1000)} AS BIGINT))`;
}

export function timestampLiteral(microseconds: bigint): string {
  return `make_timestamp(CAST(${microseconds} AS BIGINT))`;
}

/** Escapes a text for use inside an RE2 pattern. */
export function regexEscape(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
}
