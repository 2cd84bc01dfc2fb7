/**
 * The columns of the event tables, kept between queries. Reading them from `duckdb_columns()`
 * costs milliseconds (it binds every view in the catalog), so each table's columns are read once
 * and every query checks them instead against a fingerprint of the catalog: the table's oid and
 * its CREATE statement as `duckdb_tables()` gives it, which follows every ALTER. The check rides
 * along in the query's status statement; a query that finds its columns stale runs again on
 * fresh ones.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { stringLiteral } from './compile/sql.ts';
import { aplTypeOfSql, type Column } from './compile/types.ts';

/** A cached table, or null for a name that is not an event table. */
type Entry = { columns: Column[]; fingerprint: string } | null;

/** Names looked up that were not tables are remembered too; past this many the cache starts over. */
const maxEntries = 1000;

const fingerprintExpression = `concat_ws(' ', table_name, table_oid, sql)`;

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
    const listed = names.map(stringLiteral).join(', ');
    const fingerprints = await connection.runAndReadAll(
      `SELECT table_name, ${fingerprintExpression} FROM duckdb_tables() WHERE schema_name = 'events' AND table_name IN (${listed})`,
    );
    const columns = await connection.runAndReadAll(
      `SELECT table_name, column_name, data_type, comment FROM duckdb_columns() WHERE schema_name = 'events' AND table_name IN (${listed}) ORDER BY column_index`,
    );
    for (const [table, column, type, comment] of columns.getRows() as [string, string, string, string | null][]) {
      const aplType = aplTypeOfSql(type);
      const list = tables.get(table) ?? [];
      list.push({ name: column, type: aplType, array: aplType === 'dynamic' && comment !== 'object' });
      tables.set(table, list);
    }
    if (this.entries.size + names.length > maxEntries) this.entries.clear();
    for (const name of names) this.entries.set(name, null);
    for (const [table, fingerprint] of fingerprints.getRows() as [string, string][]) {
      const list = tables.get(table);
      if (list) this.entries.set(table, { columns: list, fingerprint });
    }
    return tables;
  }

  /** A SQL expression: the fingerprints of the event tables among `names`, as a list. */
  fingerprintSql(names: readonly string[]): string {
    if (names.length === 0) return `CAST([] AS VARCHAR[])`;
    return `(SELECT coalesce(list(${fingerprintExpression}), []) FROM duckdb_tables() WHERE schema_name = 'events' AND table_name IN (${names.map(stringLiteral).join(', ')}))`;
  }

  /** Whether fingerprints read with `fingerprintSql(names)` are those of the cached columns. */
  matches(names: readonly string[], fingerprints: readonly string[]): boolean {
    const expected = [...new Set(names)]
      .flatMap((name) => {
        const entry = this.entries.get(name);
        return entry ? [entry.fingerprint] : [];
      })
      .sort();
    const found = [...fingerprints].sort();
    return expected.length === found.length && expected.every((fingerprint, index) => fingerprint === found[index]);
  }
}
