/**
 * What a query can reuse from earlier ones: the parsed tree of the same APL text (a dashboard
 * refreshing, an editor running a query again), the analyzer's schema for the same cached
 * columns, and the analysis of that tree against that schema. Parsing and analysis cost a
 * fraction of a millisecond in a loop but several times that between queries, once DuckDB's
 * scans have pushed the code out of the CPU caches; and the analyzer converts a schema once per
 * schema object, so a schema built afresh for each query is converted for each query. Neither
 * tree, schema nor analysis is changed by compilation.
 */
import { analyzeDocument, getDiagnostics, parseQuery, type AnalyzedDocument, type Diagnostic, type Schema } from '../../language/index.ts';
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

export interface Analysis {
  analyzed: AnalyzedDocument;
  /** The first error the language service reports, if any: the query is refused with it. */
  error: Diagnostic | undefined;
}

/** Kept beside the tree it analyses, for as long as the parse cache keeps that tree. */
const analyses = new WeakMap<Parsed, { schema: Schema; analysis: Analysis }>();

/** The analysis of a reused tree against a reused schema: the same object while both are the same. */
export function analysisReused(parsed: Parsed, schema: Schema): Analysis {
  const known = analyses.get(parsed);
  if (known?.schema === schema) return known.analysis;
  const analyzed = analyzeDocument(parsed, schema);
  const analysis = { analyzed, error: getDiagnostics(analyzed).find((diagnostic) => diagnostic.severity === 'error') };
  analyses.set(parsed, { schema, analysis });
  return analysis;
}
