/**
 * Scalar functions DuckDB lacks, written in TypeScript and registered on each engine connection as
 * SQL functions (`apl_sha512`, `apl_ipv6_compare`, ...). They run row by row in JavaScript, so
 * they are kept for what SQL cannot express reasonably: SHA-512, IPv6 arithmetic, IP geolocation,
 * the SQL parser behind parse_sql/format_sql, dynamic_to_json's sorted keys, datetime and timespan
 * texts beyond plain ISO 8601, and the series filters and fills (linear in JavaScript, where SQL
 * list lambdas would be quadratic on long series).
 */
import { hash } from 'node:crypto';
import { BIGINT, BOOLEAN, DuckDBScalarFunction, VARCHAR, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';
import { canonicalJson } from './canonicalJson.ts';
import { fourierTransform } from './fourier.ts';
import { geoInfo } from './geoLocation.ts';
import { formatSqlModel, parseSqlModel } from './sqlModel.ts';
import { parseDatetimeText, parseTimespanText } from './timeText.ts';

type Cell = string | number | bigint | boolean | null;

function hostFunction(name: string, parameterTypes: DuckDBType[], returnType: DuckDBType, compute: (...args: Cell[]) => Cell): DuckDBScalarFunction {
  return DuckDBScalarFunction.create({
    name,
    parameterTypes,
    returnType,
    mainFunction: (_info, input, output) => {
      // These run on the JavaScript thread, between the requests it serves: a chunk's rows in one tight loop.
      const columns = parameterTypes.map((_, i) => input.getColumnVector(i));
      const args: Cell[] = new Array(columns.length);
      for (let row = 0; row < input.rowCount; row++) {
        for (let i = 0; i < columns.length; i++) args[i] = columns[i]!.getItem(row) as Cell;
        let result: Cell;
        try {
          result = compute(...args);
        } catch {
          // An exception must not cross into DuckDB's worker: the row gets a null instead.
          result = null;
        }
        output.setItem(row, result as never);
      }
      output.flush();
    },
  });
}

/**
 * `indexof` with an occurrence (Kusto's indexof page: `indexof("abcdefgabcdefg", "cde", 1, 10, 2)` is 9).
 * Each occurrence is searched for from one character past the previous one, over the same number
 * of characters (`length`, -1 for the rest of the text), and must lie whole within it; -1 when an
 * occurrence is missing, null for an occurrence below 1. The APL reference shows no occurrence
 * example, so this follows Kusto's printed outputs.
 */
export function nthIndexOf(source: string, lookup: string, begin: number, length: number, occurrence: number): number | null {
  if (occurrence < 1 || length < -1) return null;
  let from = begin;
  let found = -1;
  for (let n = 0; n < occurrence; n++) {
    found = source.indexOf(lookup, from);
    if (found < 0 || (length >= 0 && found + lookup.length > from + length)) return -1;
    from = found + 1;
  }
  return found;
}

/** The four octets of a dotted IPv4 address, or undefined. */
function ipv4Octets(text: string): [number, number, number, number] | undefined {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  const octets = match?.slice(1).map(Number);
  return octets && octets.every((octet) => octet <= 255) ? (octets as [number, number, number, number]) : undefined;
}

/** An IPv6 (or IPv4, as ::ffff:a.b.c.d) address with an optional /prefix: its 128-bit value and prefix length. */
export function parseIpv6(text: string): { value: bigint; prefix: number } | undefined {
  const [address = '', prefixText, extra] = text.trim().split('/');
  if (extra !== undefined) return undefined;
  let prefix = 128;
  if (prefixText !== undefined) {
    if (!/^\d{1,3}$/.test(prefixText)) return undefined;
    prefix = Number(prefixText);
  }
  if (/^[\d.]+$/.test(address)) {
    const octets = ipv4Octets(address);
    if (!octets) return undefined;
    const value = (0xffffn << 32n) | octets.reduce((sum, octet) => (sum << 8n) | BigInt(octet), 0n);
    if (prefixText !== undefined && prefix > 32) return undefined;
    return { value, prefix: prefixText === undefined ? 128 : 96 + prefix };
  }
  if (prefix > 128 || !/^[0-9a-fA-F:.]+$/.test(address)) return undefined;
  let groups: string[];
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const words = (part: string) => (part === '' ? [] : part.split(':'));
  const expand = (part: string[]) => {
    const last = part.at(-1);
    if (last && last.includes('.')) {
      const embedded = ipv4Octets(last);
      if (!embedded) return undefined;
      const [a, b, c, d] = embedded;
      return [...part.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    }
    return part;
  };
  if (halves.length === 2) {
    const head = expand(words(halves[0]!));
    const tail = expand(words(halves[1]!));
    if (!head || !tail || head.length + tail.length > 7) return undefined;
    groups = [...head, ...Array(8 - head.length - tail.length).fill('0'), ...tail];
  } else {
    const all = expand(words(address));
    if (!all || all.length !== 8) return undefined;
    groups = all;
  }
  if (groups.some((group) => !/^[0-9a-fA-F]{1,4}$/.test(group))) return undefined;
  return { value: groups.reduce((sum, group) => (sum << 16n) | BigInt(parseInt(group, 16)), 0n), prefix };
}

/** -1, 0 or 1 for two addresses under the shortest of their prefixes and the explicit one. */
export function compareIpv6(a: string, b: string, bits: number): number | null {
  const left = parseIpv6(a);
  const right = parseIpv6(b);
  if (!left || !right) return null;
  const prefix = Math.max(0, Math.min(left.prefix, right.prefix, bits));
  const shift = BigInt(128 - prefix);
  const x = left.value >> shift;
  const y = right.value >> shift;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** y[n] = (Σ b[k]·x[n−k] − Σ_{k≥1} a[k]·y[n−k]) / a[0]; null and non-numeric inputs count as 0. */
export function iirFilter(values: unknown[], numerator: number[], denominator: number[]): number[] | null {
  const a0 = denominator[0];
  if (!a0) return null;
  const x = values.map((value) => (typeof value === 'number' ? value : 0));
  const y: number[] = [];
  for (let n = 0; n < x.length; n++) {
    let sum = 0;
    numerator.forEach((b, k) => {
      if (n - k >= 0) sum += b * x[n - k]!;
    });
    for (let k = 1; k < denominator.length; k++) if (n - k >= 0) sum -= denominator[k]! * y[n - k]!;
    y.push(sum / a0);
  }
  return y;
}

/** Nulls (and non-numbers) replaced by the nearest known value before, after, or linearly between. */
export function fillSeries(values: unknown[], mode: string): (number | null)[] {
  const x = values.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null));
  const result = [...x];
  if (mode === 'forward') {
    let last: number | null = null;
    for (let i = 0; i < x.length; i++) result[i] = x[i] ?? last, last = result[i] ?? null;
    return result;
  }
  let next: number | null = null;
  const after: (number | null)[] = new Array(x.length);
  const afterIndex: number[] = new Array(x.length);
  let nextIndex = -1;
  for (let i = x.length - 1; i >= 0; i--) {
    if (x[i] !== null) (next = x[i]!), (nextIndex = i);
    after[i] = next;
    afterIndex[i] = nextIndex;
  }
  if (mode === 'backward') return after;
  // linear: between two known values; before the first or after the last, the nearest one.
  let previous: number | null = null;
  let previousIndex = -1;
  for (let i = 0; i < x.length; i++) {
    if (x[i] !== null) {
      previous = x[i]!;
      previousIndex = i;
      continue;
    }
    if (previous === null) result[i] = after[i]!;
    else if (after[i] === null) result[i] = previous;
    else result[i] = previous + ((after[i]! - previous) * (i - previousIndex)) / (afterIndex[i]! - previousIndex);
  }
  return result;
}

/** Finite impulse response: y[i] = Σ f[j]·x[i−j], divided by Σ f when normalising (a zero sum is not divided). */
/**
 * Kusto's normalisation: by default the filter is divided by its sum unless a coefficient is
 * negative; asked to normalise a filter with a negative coefficient, the result is null.
 */
export function firFilter(values: unknown[], filter: number[], normalize: boolean | undefined): number[] | null {
  const x = values.map((value) => (typeof value === 'number' ? value : 0));
  const negative = filter.some((value) => value < 0);
  if (normalize === true && negative) return null;
  const total = filter.reduce((sum, value) => sum + value, 0);
  const divisor = (normalize ?? !negative) && total !== 0 ? total : 1;
  return x.map((_, i) => filter.reduce((sum, f, j) => (i - j >= 0 ? sum + f * x[i - j]! : sum), 0) / divisor);
}

const numbersOf = (text: string): number[] | undefined => {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map((value) => (typeof value === 'number' ? value : Number(value) || 0)) : undefined;
  } catch {
    return undefined;
  }
};

const definitions = [
  hostFunction('apl_canonical_json', [VARCHAR], VARCHAR, (json) => canonicalJson(String(json)) ?? null),
  // Texts that are not plain ISO 8601: read as datetime literals are (microseconds since the epoch).
  hostFunction('apl_datetime_text', [VARCHAR], BIGINT, (text) => parseDatetimeText(String(text)) ?? null),
  // Duration texts read as timespan literals are (microseconds).
  hostFunction('apl_timespan_text', [VARCHAR], BIGINT, (text) => {
    const nanos = parseTimespanText(String(text));
    return nanos === undefined || !Number.isFinite(nanos) ? null : BigInt(Math.round(nanos / 1000));
  }),
  // One-shot hash(): a third of createHash()'s time per row, which is main-thread time taken from requests.
  hostFunction('apl_sha512', [VARCHAR], VARCHAR, (text) => hash('sha512', String(text), 'hex')),
  hostFunction('apl_geo_info', [VARCHAR], VARCHAR, (address) => {
    const info = geoInfo(String(address));
    return info && JSON.stringify(info);
  }),
  hostFunction('apl_ipv6_compare', [VARCHAR, VARCHAR, BIGINT], BIGINT, (a, b, bits) => {
    const result = compareIpv6(String(a), String(b), Number(bits));
    return result === null ? null : BigInt(result);
  }),
  hostFunction('apl_parse_sql', [VARCHAR], VARCHAR, (text) => {
    const model = parseSqlModel(String(text));
    return model === undefined ? null : JSON.stringify(model);
  }),
  hostFunction('apl_indexof', [VARCHAR, VARCHAR, BIGINT, BIGINT, BIGINT], BIGINT, (source, lookup, begin, length, occurrence) => {
    if (source === null || lookup === null || begin === null || length === null || occurrence === null) return null;
    const found = nthIndexOf(String(source), String(lookup), Number(begin), Number(length), Number(occurrence));
    return found === null ? null : BigInt(found);
  }),
  hostFunction('apl_format_sql', [VARCHAR], VARCHAR, (json) => {
    try {
      return formatSqlModel(JSON.parse(String(json))) ?? null;
    } catch {
      return null;
    }
  }),
  hostFunction('apl_series_iir', [VARCHAR, VARCHAR, VARCHAR], VARCHAR, (values, numerator, denominator) => {
    let series: unknown;
    try {
      series = JSON.parse(String(values));
    } catch {
      return null;
    }
    const b = numbersOf(String(numerator));
    const a = numbersOf(String(denominator));
    if (!Array.isArray(series) || !b || !a) return null;
    const filtered = iirFilter(series, b, a);
    return filtered ? JSON.stringify(filtered) : null;
  }),
  hostFunction('apl_series_fill', [VARCHAR, VARCHAR], VARCHAR, (values, mode) => {
    const series = parseArray(String(values));
    return series ? JSON.stringify(fillSeries(series, String(mode))) : null;
  }),
  // `normalize` is 'true', 'false' or 'default' (decided by the coefficients' signs).
  hostFunction('apl_series_fir', [VARCHAR, VARCHAR, VARCHAR], VARCHAR, (values, filter, normalize) => {
    const series = parseArray(String(values));
    const coefficients = numbersOf(String(filter));
    const filtered = series && coefficients && firFilter(series, coefficients, normalize === 'default' ? undefined : normalize === 'true');
    return filtered ? JSON.stringify(filtered) : null;
  }),
  hostFunction('apl_series_fourier', [VARCHAR, VARCHAR, BOOLEAN], VARCHAR, (real, imaginary, inverse) => {
    const re = numbersOf(String(real));
    const im = numbersOf(String(imaginary)) ?? [];
    return re ? JSON.stringify(fourierTransform(re, im, inverse === true)) : null;
  }),
];

function parseArray(text: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Registers the host functions; registering again on another connection of the database is harmless. */
export function registerHostFunctions(connection: DuckDBConnection): void {
  for (const definition of definitions) connection.registerScalarFunction(definition);
}
