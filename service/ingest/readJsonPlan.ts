/**
 * The fast ingest path for NDJSON: with a segment's shape known (ndjsonShape.ts), DuckDB's own
 * `read_json` reads the spooled segment with every column declared, and one INSERT … SELECT
 * flattens nested objects (struct fields), computes `_time`, stores arrays as their JSON text and
 * adds the event labels as constants. Only segments whose every value goes into its column as is
 * are taken; anything needing per-value work of the per-event path (values turned to text on
 * widening, unusual arrays, map fields, failures) answers `undefined` there.
 */
import type { EventWriter } from '../store/eventStore.ts';
import { quoteName, quoteString as literal } from '../store/sqlText.ts';
import { classify, sqlType, type FieldInfo, type FieldType } from '../store/fieldTypes.ts';
import { endTimeMicros, firstTimeMicros } from '../time.ts';
import { kind, timeKind, type NdjsonShape, type ShapeNode } from './ndjsonShape.ts';
import { stringifyExact } from '../../wire/exactJson.ts';

const reserved = new Set(['_blockInfo', '_cursor', '_rowID', '_source', '_sysTime']);

export interface ReadJsonPlan {
  /** Fields and their type in this body, for `EventWriter.declare`. */
  fields: FieldInfo[];
  /** The read_json `columns` struct literal. */
  readColumns: string;
  /** SQL for `_time`, given the ingest time. */
  time: string;
  /** SQL per field, in `fields` order. */
  values: string[];
}

/**
 * The plan, or undefined when the segment needs the per-event path. `labels` (flattened) are
 * added to every event and replace an event's field of the same name.
 */
export function planReadJson(shape: NdjsonShape, labels: Readonly<Record<string, unknown>> = {}): ReadJsonPlan | undefined {
  const fields: FieldInfo[] = [];
  const values: string[] = [];
  const readColumns: string[] = [];
  /**
   * Lower-cased names taken → the name as spelled. The stored columns keep names that differ only in
   * case apart (storedNames.ts), but read_json's columns and struct members are DuckDB names, which
   * do not: such a segment takes the per-event path.
   */
  const names = new Map<string, string>();
  /** Labels not placed yet, by name. */
  const labelConstants = new Map<string, { type: FieldType; sql: string }>();
  for (const [name, value] of Object.entries(labels)) {
    const constant = labelSql(value);
    const lower = name.toLowerCase();
    if (constant === undefined || names.has(lower)) return undefined;
    names.set(lower, name);
    labelConstants.set(name, constant);
  }
  const place = (name: string, type: FieldType, sql: string) => {
    fields.push({ name, type });
    values.push(sql);
  };
  let time = '';
  if (shape.timeKinds === timeKind.isoString) {
    readColumns.push(`'_time': 'VARCHAR'`);
    // Four-digit years: only year 0000 is outside the range.
    time = `CASE WHEN starts_with("_time", '0000') THEN ${outOfRange} ELSE CAST(NULLIF("_time", '') AS TIMESTAMP) END`;
  } else if (shape.timeKinds === timeKind.number) {
    readColumns.push(`'_time': 'DOUBLE'`);
    time = epochSql('"_time"');
  } else if (shape.timeKinds !== 0) {
    return undefined;
  }

  const leaf = (name: string, type: FieldType, sql: string): boolean => {
    const lower = name.toLowerCase();
    const taken = names.get(lower);
    if (taken === undefined) {
      names.set(lower, name);
      place(name, type, sql);
      return true;
    }
    if (taken !== name || !Object.hasOwn(labels, name)) return false;
    // A label of exactly this name replaces the event's value, in the event's field's place.
    const constant = labelConstants.get(name);
    if (constant) place(name, constant.type, constant.sql);
    labelConstants.delete(name);
    return true;
  };
  /** The read type of a node, adding its leaves; undefined: not expressible. Null: nothing to read. */
  const visit = (node: ShapeNode, name: string, sql: string): string | null | undefined => {
    const kinds = node.kinds & ~kind.null;
    if (kinds === 0) return null;
    if (kinds === kind.object) {
      const members: string[] = [];
      for (const [key, child] of node.children) {
        if (!readable(key)) return undefined;
        const type = visit(child, `${name}.${key}`, `struct_extract(${sql}, ${literal(key)})`);
        if (type === undefined) return undefined;
        if (type !== null) members.push(`${quoteName(key)} ${type}`);
      }
      return members.length === 0 ? null : `STRUCT(${members.join(', ')})`;
    }
    const type = leafType(kinds);
    if (type === undefined || !leaf(name, type, sql)) return undefined;
    return sqlType(type);
  };

  for (const [key, node] of shape.root) {
    if (key === '_time') continue;
    if (!readable(key)) return undefined;
    const name = reserved.has(key) ? `_user_${key}` : key;
    const type = visit(node, name, quoteName(key));
    if (type === undefined) return undefined;
    if (type !== null) readColumns.push(`${literal(key)}: ${literal(type)}`);
  }
  if (readColumns.length === 0) return undefined;
  // Other labels after the event's own fields, where the per-event path adds them too.
  for (const [name, constant] of labelConstants) place(name, constant.type, constant.sql);
  return { fields, readColumns: `{${readColumns.join(', ')}}`, time, values };
}

/**
 * Inserts the spooled body at `path` through `writer` (which must have declared `plan.fields`).
 * Answers the rows inserted, or undefined when a column's type cannot take the values as they are
 * (the caller rolls back and takes the per-event path).
 */
export async function insertReadJson(
  writer: EventWriter,
  plan: ReadJsonPlan,
  path: string,
  sysTime: number,
): Promise<number | undefined> {
  for (const field of plan.fields) {
    const column = writer.columnType(field.name);
    if (column === undefined || !takesAsIs(column, field.type)) return undefined;
  }
  const ingestTime = `make_timestamp(${Math.round(sysTime)}::BIGINT)`;
  const time = plan.time === '' ? ingestTime : `COALESCE(${plan.time}, ${ingestTime})`;
  const select = `SELECT ${[time, ingestTime, ...plan.values].join(', ')}
    FROM read_json(${literal(path)}, format = 'newline_delimited', columns = ${plan.readColumns})`;
  return writer.insertSelect(
    plan.fields.map((field) => field.name),
    select,
  );
}

/** Whether read_json can name a key as a column or struct member (DuckDB spells no empty name, no NUL). */
function readable(key: string): boolean {
  return key !== '' && !key.includes('\0');
}

/** Whether values of `value` type go into a `column` type column unchanged. */
function takesAsIs(column: FieldType, value: FieldType): boolean {
  return column === value || (column === 'float' && value === 'integer');
}

function leafType(kinds: number): FieldType | undefined {
  switch (kinds) {
    case kind.string:
      return 'string';
    case kind.integer:
      return 'integer';
    case kind.float:
    case kind.integer | kind.float:
      return 'float';
    case kind.boolean:
      return 'boolean';
    case kind.array:
      return 'array';
    default:
      return undefined;
  }
}

/** A label value as an SQL constant of its field type; undefined for null (left to the per-event path). */
function labelSql(value: unknown): { type: FieldType; sql: string } | undefined {
  const type = classify(value);
  switch (type) {
    case 'string':
      return { type, sql: `${literal(value as string)}::VARCHAR` };
    case 'integer':
      return { type, sql: `${String(value)}::BIGINT` };
    case 'float':
      return { type, sql: `${literal(String(value))}::DOUBLE` };
    case 'boolean':
      return { type, sql: value ? 'true' : 'false' };
    case 'array':
      return { type, sql: `${literal(stringifyExact(value))}::JSON` };
    default:
      return undefined;
  }
}

/**
 * Fails the insert for a time outside the years the per-event path stores (timestamps.ts
 * withinTimeRange): that path then stores the request and counts the event as failed, so both
 * paths refuse the same events.
 */
const outOfRange = "error('_time out of range')";

/** Epoch seconds, milliseconds, microseconds or nanoseconds by magnitude, as timestamps.ts reads them. */
function epochSql(value: string): string {
  const micros = `CASE WHEN abs(${value}) < 1e11 THEN ${value} * 1e6 WHEN abs(${value}) < 1e14 THEN ${value} * 1e3
    WHEN abs(${value}) < 1e17 THEN ${value} ELSE ${value} / 1e3 END`;
  return `CASE WHEN ${value} IS NULL OR (${micros} >= ${firstTimeMicros} AND ${micros} < ${endTimeMicros})
    THEN make_timestamp(CAST(floor(${micros} + 0.5) AS BIGINT)) ELSE ${outOfRange} END`;
}
