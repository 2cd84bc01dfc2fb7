/**
 * The fast ingest path for NDJSON: with the body's shape known (ndjsonShape.ts), DuckDB's own
 * `read_json` reads the spooled body with every column declared, and one INSERT … SELECT
 * flattens nested objects (struct fields) and computes `_time`. Only bodies whose every value
 * goes into its column as is are taken; anything needing per-value work of the per-event path
 * (values turned to text on widening, arrays, map fields, failures) answers `undefined` there.
 */
import { quoteName, type EventWriter } from '../store/eventStore.ts';
import type { FieldInfo, FieldType } from '../store/fieldTypes.ts';
import { kind, timeKind, type NdjsonShape, type ShapeNode } from './ndjsonShape.ts';

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

/** The plan, or undefined when the body needs the per-event path. */
export function planReadJson(shape: NdjsonShape): ReadJsonPlan | undefined {
  const fields: FieldInfo[] = [];
  const values: string[] = [];
  const readColumns: string[] = [];
  const names = new Set<string>();
  let time = '';
  if (shape.timeKinds === timeKind.isoString) {
    readColumns.push(`'_time': 'VARCHAR'`);
    time = `CAST(NULLIF("_time", '') AS TIMESTAMP)`;
  } else if (shape.timeKinds === timeKind.number) {
    readColumns.push(`'_time': 'DOUBLE'`);
    time = epochSql('"_time"');
  } else if (shape.timeKinds !== 0) {
    return undefined;
  }

  const leaf = (name: string, type: FieldType, sql: string): boolean => {
    const lower = name.toLowerCase();
    if (names.has(lower)) return false;
    names.add(lower);
    fields.push({ name, type });
    values.push(sql);
    return true;
  };
  /** The read type of a node, adding its leaves; undefined: not expressible. Null: nothing to read. */
  const visit = (node: ShapeNode, name: string, sql: string): string | null | undefined => {
    const kinds = node.kinds & ~kind.null;
    if (kinds === 0) return null;
    if (kinds === kind.object) {
      const members: string[] = [];
      for (const [key, child] of node.children) {
        const type = visit(child, `${name}.${key}`, `struct_extract(${sql}, ${literal(key)})`);
        if (type === undefined) return undefined;
        if (type !== null) members.push(`${quoteName(key)} ${type}`);
      }
      return members.length === 0 ? null : `STRUCT(${members.join(', ')})`;
    }
    const type = leafType(kinds);
    if (type === undefined || !leaf(name, type, sql)) return undefined;
    return readType(type);
  };

  for (const [key, node] of shape.root) {
    if (key === '_time') continue;
    const name = reserved.has(key) ? `_user_${key}` : key;
    const type = visit(node, name, quoteName(key));
    if (type === undefined) return undefined;
    if (type !== null) readColumns.push(`${literal(key)}: ${literal(type)}`);
  }
  if (readColumns.length === 0) return undefined;
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
    default:
      return undefined;
  }
}

function readType(type: FieldType): string {
  switch (type) {
    case 'integer':
      return 'BIGINT';
    case 'float':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    default:
      return 'VARCHAR';
  }
}

/** Epoch seconds, milliseconds, microseconds or nanoseconds by magnitude, as timestamps.ts reads them. */
function epochSql(value: string): string {
  const micros = `CASE WHEN abs(${value}) < 1e11 THEN ${value} * 1e6 WHEN abs(${value}) < 1e14 THEN ${value} * 1e3
    WHEN abs(${value}) < 1e17 THEN ${value} ELSE ${value} / 1e3 END`;
  return `make_timestamp(CAST(floor(${micros} + 0.5) AS BIGINT))`;
}

function literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
