/**
 * The columns of the event tables, kept between queries. Reading them from `duckdb_columns()`
 * costs milliseconds (it binds every view in the catalog), so each table's columns are read once
 * and kept until the database's event schema version moves: the event store moves it after every
 * change to an event table's columns (see `Database.eventSchemaVersion`). A query that still fails
 * on cached columns is retried on fresh ones by the engine.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { stringLiteral } from './compile/sql.ts';
import { logicalName, storedName } from '../store/storedNames.ts';
import { aplTypeOfSql, type Column } from './compile/types.ts';

/** A table's columns (null for a name that is not an event table) as of a schema version. */
interface Entry {
  columns: Column[] | null;
  version: number;
}

/** Names looked up that were not tables are remembered too; past this many the cache starts over. */
const maxEntries = 1000;

export class SchemaCache {
  private readonly entries = new Map<string, Entry>();

  /** The event tables among `names` and their columns, or undefined when a name's columns are not known at `version`. */
  cached(names: readonly string[], version: number): Map<string, Column[]> | undefined {
    const tables = new Map<string, Column[]>();
    for (const name of names) {
      const entry = this.entries.get(name);
      if (entry?.version !== version) return undefined;
      if (entry.columns) tables.set(name, entry.columns);
    }
    return tables;
  }

  /**
   * Reads the columns of the event tables among `names` from the catalog and caches them as of
   * `version`, which the caller read before calling: the catalog is at least that new.
   */
  async load(connection: DuckDBConnection, names: readonly string[], version: number): Promise<Map<string, Column[]>> {
    const tables = new Map<string, Column[]>();
    if (names.length === 0) return tables;
    const reader = await connection.runAndReadAll(
      `SELECT table_name, column_name, data_type, comment FROM duckdb_columns() WHERE schema_name = 'events' AND table_name IN (${names.map((name) => stringLiteral(storedName(name))).join(', ')}) ORDER BY column_index`,
    );
    for (const [stored, column, type, comment] of reader.getRows() as [string, string, string, string | null][]) {
      const aplType = aplTypeOfSql(type);
      const table = logicalName(stored);
      const list = tables.get(table) ?? [];
      list.push({ name: logicalName(column), type: aplType, array: aplType === 'dynamic' && comment !== 'object' });
      tables.set(table, list);
    }
    if (this.entries.size + names.length > maxEntries) this.entries.clear();
    for (const name of names) this.entries.set(name, { columns: tables.get(name) ?? null, version });
    return tables;
  }
}
