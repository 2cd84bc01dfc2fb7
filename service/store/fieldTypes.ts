/**
 * Field types of stored events: the service's type names, the DuckDB column type behind each, how an
 * ingested value is classified, and the widening rule applied when a field changes type.
 *
 * Widening rule (a field never narrows and no value is dropped):
 *   - same type → unchanged;
 *   - integer with float → float;
 *   - any other pair → string (numbers and booleans as their JSON text, datetimes as RFC 3339,
 *     timespans as DuckDB's interval text, arrays and objects as JSON).
 */
import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  DuckDBIntervalValue,
  DuckDBTimestampValue,
  INTERVAL,
  TIMESTAMP,
  VARCHAR,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { stringifyExact } from '../../wire/exactJson.ts';

export const fieldTypes = [
  'string',
  'integer',
  'float',
  'boolean',
  'datetime',
  'timespan',
  'array',
  'object',
] as const;
export type FieldType = (typeof fieldTypes)[number];

export interface FieldInfo {
  name: string;
  type: FieldType;
}

/** A point in time, in microseconds since the Unix epoch (DuckDB TIMESTAMP precision). */
export class Timestamp {
  constructor(readonly micros: number) {}
  static fromDate(date: Date): Timestamp {
    return new Timestamp(date.getTime() * 1000);
  }
  toISOString(): string {
    const millis = Math.floor(this.micros / 1000);
    const iso = new Date(millis).toISOString();
    const extra = this.micros - millis * 1000;
    return extra === 0 ? iso : `${iso.slice(0, -1)}${String(extra).padStart(3, '0')}Z`;
  }
}

/** A duration in microseconds (stored as a DuckDB INTERVAL). */
export class Timespan {
  constructor(readonly micros: number) {}
}

/** The SQL column type for a field type. Arrays and objects are JSON text. */
export function sqlType(type: FieldType): string {
  switch (type) {
    case 'string':
      return 'VARCHAR';
    case 'integer':
      return 'BIGINT';
    case 'float':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'datetime':
      return 'TIMESTAMP';
    case 'timespan':
      return 'INTERVAL';
    case 'array':
    case 'object':
      return 'JSON';
  }
}

/** The type used in an appended data chunk (JSON columns take VARCHAR text). */
export function chunkType(type: FieldType): DuckDBType {
  switch (type) {
    case 'integer':
      return BIGINT;
    case 'float':
      return DOUBLE;
    case 'boolean':
      return BOOLEAN;
    case 'datetime':
      return TIMESTAMP;
    case 'timespan':
      return INTERVAL;
    default:
      return VARCHAR;
  }
}

/**
 * The field type of a column read back from the catalog. JSON columns are arrays unless the column
 * comment says `object` (a map field, created with an explicit type).
 */
export function fieldTypeOfColumn(sqlTypeName: string, comment: string | null): FieldType {
  switch (sqlTypeName) {
    case 'BIGINT':
      return 'integer';
    case 'DOUBLE':
      return 'float';
    case 'BOOLEAN':
      return 'boolean';
    case 'TIMESTAMP':
      return 'datetime';
    case 'INTERVAL':
      return 'timespan';
    case 'JSON':
      return comment === 'object' ? 'object' : 'array';
    default:
      return 'string';
  }
}

/** Whether an integer fits a long (DuckDB's BIGINT). */
export function isLong(value: bigint): boolean {
  return value >= -(2n ** 63n) && value < 2n ** 63n;
}

/** The type of one ingested value; undefined for null (nulls never decide a type). */
export function classify(value: unknown): FieldType | undefined {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return Number.isSafeInteger(value) ? 'integer' : 'float';
    case 'boolean':
      return 'boolean';
    case 'bigint':
      // A long past 2^53, read exactly from the JSON (flatten.ts makes larger ones doubles).
      return 'integer';
    case 'object':
      if (value === null) return undefined;
      if (Array.isArray(value)) return 'array';
      if (value instanceof Timestamp) return 'datetime';
      if (value instanceof Timespan) return 'timespan';
      return 'object';
    default:
      return undefined;
  }
}

export function widen(a: FieldType, b: FieldType): FieldType {
  if (a === b) return a;
  if ((a === 'integer' && b === 'float') || (a === 'float' && b === 'integer')) return 'float';
  return 'string';
}

/** The SQL expression converting an existing column of type `from` to the type `to` (after widening). */
export function conversionSql(column: string, from: FieldType, to: FieldType): string {
  if (to === 'float') return `CAST(${column} AS DOUBLE)`;
  if (from === 'datetime') return `strftime(${column}, '%Y-%m-%dT%H:%M:%S.%fZ')`;
  return `CAST(${column} AS VARCHAR)`;
}

/**
 * The value to put into a chunk column of the given type. Values are classified first, so a value
 * reaching a column either has the column's type, is an integer in a float column, or goes to a
 * string column as text.
 */
export function toColumnValue(value: unknown, type: FieldType): DuckDBValue {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'string':
      return asText(value);
    case 'integer':
      return typeof value === 'bigint' ? value : BigInt(value as number);
    case 'float':
      return Number(value);
    case 'boolean':
      return value as boolean;
    case 'datetime':
      return new DuckDBTimestampValue(BigInt(Math.round((value as Timestamp).micros)));
    case 'timespan':
      return new DuckDBIntervalValue(0, 0, BigInt(Math.round((value as Timespan).micros)));
    case 'array':
    case 'object':
      return stringifyExact(value);
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Timestamp) return value.toISOString();
  if (value instanceof Timespan) return `${value.micros / 1e6}s`;
  if (typeof value === 'object') return stringifyExact(value);
  return String(value);
}
