import { normalizeTypeName } from '../catalog/catalog.ts';
import type { Column } from './analyzer.ts';
import type { Schema } from './schema.ts';
import { flowOf, type Flow } from './tables.ts';

/** The datasets of a schema as closed tables, by name. */
export type SchemaTables = ReadonlyMap<string, Flow>;

// Every dataset has these, whether or not a schema lists them.
const builtInColumns: Column[] = [
  { name: '_time', type: 'datetime' },
  { name: '_sysTime', type: 'datetime' },
];

const cache = new WeakMap<Schema, SchemaTables>();

/** Converted once per schema object; the editor passes the same object on every keystroke. */
export function schemaTables(schema: Schema): SchemaTables {
  let tables = cache.get(schema);
  if (!tables) {
    tables = buildTables(schema);
    cache.set(schema, tables);
  }
  return tables;
}

function buildTables(schema: Schema): SchemaTables {
  const tables = new Map<string, Flow>();
  for (const dataset of schema.datasets) {
    const columns: Column[] = dataset.fields.map((field) => ({
      name: field.name,
      type: normalizeTypeName(field.type) ?? 'unknown',
    }));
    const names = new Set(columns.map((column) => column.name));
    for (const builtIn of builtInColumns) if (!names.has(builtIn.name)) columns.push({ ...builtIn });
    tables.set(dataset.name, flowOf(columns, false));
  }
  return tables;
}
