/**
 * What a query can reuse from earlier ones: the parsed tree of the same APL text (a dashboard
 * refreshing, an editor running a query again) and the analyzer's schema for the same cached
 * columns. Parsing costs a fraction of a millisecond in a loop but several times that between
 * queries, once DuckDB's scans have pushed the parser out of the CPU caches; and the analyzer
 * converts a schema once per schema object, so a schema built afresh for each query is converted
 * for each query. Neither tree nor schema is changed by analysis or compilation.
 */
import { parseQuery, type Schema } from '../../language/index.ts';
import { fieldTypeName, type Column } from './compile/types.ts';

type Parsed = ReturnType<typeof parseQuery>;

const parsedCapacity = 256;
/** Longer texts are parsed each time: they are rarely repeated and their trees are large. */
const longestCachedText = 20_000;
const parsedTexts = new Map<string, Parsed>();

/** The parse of `text`, from the cache when the same text was parsed recently (least recently used goes first). */
export function parseReused(text: string): Parsed {
  const known = parsedTexts.get(text);
  if (known) {
    parsedTexts.delete(text);
    parsedTexts.set(text, known);
    return known;
  }
  const parsed = parseQuery(text);
  if (text.length <= longestCachedText) {
    if (parsedTexts.size >= parsedCapacity) parsedTexts.delete(parsedTexts.keys().next().value!);
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

const schemaCapacity = 64;
const schemas = new Map<string, { columns: Column[][]; schema: Schema }>();

/** The analyzer's schema for these tables: the same object while each table's cached column list is the same. */
export function schemaReused(tables: ReadonlyMap<string, Column[]>): Schema {
  const key = [...tables.keys()].join('\u0000');
  const columns = [...tables.values()];
  const known = schemas.get(key);
  if (known && known.columns.length === columns.length && known.columns.every((list, i) => list === columns[i])) return known.schema;
  const schema: Schema = {
    datasets: [...tables].map(([name, list]) => ({ name, fields: list.map((column) => ({ name: column.name, type: fieldTypeName(column) })) })),
  };
  if (!known && schemas.size >= schemaCapacity) schemas.delete(schemas.keys().next().value!);
  schemas.set(key, { columns, schema });
  return schema;
}
