/**
 * Reads an APL query reply into the tabular shape the results code expects, whatever the server
 * sent within the public schema: a table may leave out `columns` (optional there) or `fields`, and
 * a server that ignores `format=tabular` answers in the legacy shape (`matches`, `buckets`), which
 * is turned into tables here. Anything else is a clear error naming what came back. Pure.
 */
import type { QueryStatus, TabularField, TabularResult, TabularTable } from './serviceTypes.ts';

export class UnexpectedReplyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedReplyError';
  }
}

export function toTabularResult(reply: unknown): TabularResult {
  if (!isRecord(reply)) throw new UnexpectedReplyError(`the service's query reply is not an object but ${describe(reply)}`);
  const status = (isRecord(reply.status) ? reply.status : {}) as unknown as QueryStatus;
  if (Array.isArray(reply.tables)) {
    const tables = reply.tables.filter(isRecord).map(completeTable);
    return { ...(reply as unknown as TabularResult), format: 'tabular', status, tables };
  }
  if (Array.isArray(reply.matches) || isRecord(reply.buckets)) return fromLegacy(reply, status);
  const keys = Object.keys(reply).slice(0, 8).join(', ');
  throw new UnexpectedReplyError(`the service's query reply has neither tables nor matches (keys: ${keys || 'none'})`);
}

/** A table with `fields` and one column per field, each as long as the longest. */
function completeTable(table: Record<string, unknown>): TabularTable {
  const fields = Array.isArray(table.fields) ? (table.fields.filter(isRecord) as unknown as TabularField[]) : [];
  const given = Array.isArray(table.columns) ? table.columns : [];
  const rowCount = given.reduce<number>((most, column) => Math.max(most, Array.isArray(column) ? column.length : 0), 0);
  const columns = fields.map((_, index) => {
    const column = given[index] as unknown;
    return Array.isArray(column) && column.length === rowCount ? column : padded(Array.isArray(column) ? column : [], rowCount);
  });
  return { ...(table as unknown as TabularTable), name: typeof table.name === 'string' ? table.name : '0', fields, columns };
}

function padded(values: unknown[], length: number): unknown[] {
  const column = new Array<unknown>(length).fill(null);
  for (let index = 0; index < values.length && index < length; index++) column[index] = values[index] ?? null;
  return column;
}

/**
 * The legacy shape: `matches[]` of `{_time, data}` becomes table "0" (`_time`, then the data keys
 * in first-seen order); `buckets.totals[]` of `{group, aggregations[{op, value}]}` becomes the
 * aggregation table, "0" when there are no matches, else "_totals".
 */
function fromLegacy(reply: Record<string, unknown>, status: QueryStatus): TabularResult {
  const matches = Array.isArray(reply.matches) ? reply.matches.filter(isRecord) : [];
  const totals = isRecord(reply.buckets) && Array.isArray(reply.buckets.totals) ? reply.buckets.totals.filter(isRecord) : [];
  const tables: TabularTable[] = [];
  if (matches.length > 0 || totals.length === 0) {
    const rows = matches.map((match) => ({ _time: match._time ?? null, ...(isRecord(match.data) ? match.data : {}) }));
    tables.push(tableOf('0', rows, []));
  }
  if (totals.length > 0) {
    const groupNames = new Set<string>();
    const rows = totals.map((total) => {
      const row: Record<string, unknown> = {};
      if (isRecord(total.group)) for (const [name, value] of Object.entries(total.group)) (groupNames.add(name), (row[name] = value));
      for (const aggregation of Array.isArray(total.aggregations) ? total.aggregations.filter(isRecord) : []) row[String(aggregation.op)] = aggregation.value ?? null;
      return row;
    });
    tables.push(tableOf(tables.length === 0 ? '0' : '_totals', rows, [...groupNames]));
  }
  return { format: 'tabular', status, tables };
}

function tableOf(name: string, rows: Record<string, unknown>[], groups: string[]): TabularTable {
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) if (!seen.has(key)) (seen.add(key), names.push(key));
  const fields = names.map((field) => ({ name: field, type: field === '_time' ? 'datetime' : typeOf(rows, field) }));
  const columns = names.map((field) => rows.map((row) => row[field] ?? null));
  return { name, fields, groups: groups.map((group) => ({ name: group })), columns };
}

/** The tabular type name of a legacy column, from its first value that is not null. */
function typeOf(rows: Record<string, unknown>[], field: string): string {
  const value = rows.find((row) => row[field] !== null && row[field] !== undefined)?.[field];
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value))) return 'integer';
  if (typeof value === 'number') return 'float';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'array' : 'object';
  return 'string';
}

function describe(value: unknown): string {
  if (value === undefined) return 'empty';
  if (value === null) return 'null';
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
