/**
 * The columns of the event tables, kept between queries. Reading them from `duckdb_columns()`
 * costs milliseconds (it binds every view in the catalog), and even `duckdb_tables()` or
 * `pragma_table_info` cost more to plan than a small query, so each table's columns are read once
 * and every query checks them by preparing `SELECT * FROM` the table (binding only, a fraction of
 * a millisecond): the names and types it yields must be those cached, and a name that was no
 * table must still fail to bind. The check runs beside the query; a query that finds its columns
 * stale runs again on fresh ones. (Whether a JSON column holds objects or arrays is a column
 * comment the check does not see; it is set when the column is made, with its type.)
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { ident, stringLiteral } from './compile/sql.ts';
import { aplTypeOfSql, type Column } from './compile/types.ts';

/** A cached table, or null for a name that is not an event table. */
type Entry = { columns: Column[]; fingerprint: string } | null;

/** Names looked up that were not tables are remembered too; past this many the cache starts over. */
const maxEntries = 1000;

/** The column names and types of a table as DuckDB binds it, or undefined when there is no such table. */
async function fingerprint(connection: DuckDBConnection, table: string): Promise<string | undefined> {
  let prepared;
  try {
    prepared = await connection.prepare(`SELECT * FROM events.${ident(table)}`);
  } catch {
    return undefined;
  }
  try {
    const parts: string[] = [];
    for (let i = 0; i < prepared.columnCount; i++) {
      const type = prepared.columnType(i);
      parts.push(`${prepared.columnName(i)}\u0000${type.alias ?? type.toString()}`);
    }
    return parts.join('\u0001');
  } finally {
    prepared.destroySync();
  }
}

export class SchemaCache {
  private readonly entries = new Map<string, Entry>();

  /** The event tables among `names` and their columns, or undefined when a name was never looked up. */
  cached(names: readonly string[]): Map<string, Column[]> | undefined {
    const tables = new Map<string, Column[]>();
    for (const name of names) {
      const entry = this.entries.get(name);
      if (entry === undefined) return undefined;
      if (entry) tables.set(name, entry.columns);
    }
    return tables;
  }

  /** Reads the columns of the event tables among `names` from the catalog and caches them. */
  async load(connection: DuckDBConnection, names: readonly string[]): Promise<Map<string, Column[]>> {
    const tables = new Map<string, Column[]>();
    if (names.length === 0) return tables;
    const fingerprints = new Map<string, string | undefined>();
    for (const name of names) fingerprints.set(name, await fingerprint(connection, name));
    const reader = await connection.runAndReadAll(
      `SELECT table_name, column_name, data_type, comment FROM duckdb_columns() WHERE schema_name = 'events' AND table_name IN (${names.map(stringLiteral).join(', ')}) ORDER BY column_index`,
    );
    for (const [table, column, type, comment] of reader.getRows() as [string, string, string, string | null][]) {
      const aplType = aplTypeOfSql(type);
      const list = tables.get(table) ?? [];
      list.push({ name: column, type: aplType, array: aplType === 'dynamic' && comment !== 'object' });
      tables.set(table, list);
    }
    if (this.entries.size + names.length > maxEntries) this.entries.clear();
    for (const name of names) {
      const columns = tables.get(name);
      const print = fingerprints.get(name);
      // A table made or changed between the two reads is left out, so the next query looks again.
      if (columns && print !== undefined) this.entries.set(name, { columns, fingerprint: print });
      else if (!columns && print === undefined) this.entries.set(name, null);
      else this.entries.delete(name);
    }
    return tables;
  }

  /** Whether the cached columns of `names` (all looked up before) still hold. */
  async check(connection: DuckDBConnection, names: readonly string[]): Promise<boolean> {
    for (const name of names) {
      const entry = this.entries.get(name);
      if (entry === undefined) return false;
      const print = await fingerprint(connection, name);
      if ((entry?.fingerprint ?? undefined) !== print) return false;
    }
    return true;
  }
}
