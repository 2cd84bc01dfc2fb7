/**
 * Databases written before storedNames.ts keep names raw: table `events."CaseX"`, columns `Level`
 * and `_sysTime`. Opening one renames its event tables and columns to their stored spelling, once:
 * table `storage_layout` records that a database's names are stored that way (running the renames
 * again would escape the `^` they added).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { quoteName } from './sqlText.ts';
import { storedName } from './storedNames.ts';

/** 1: table and column names spelled by storedNames.ts. */
const namesStored = 1;

/** Brings the event tables to the stored spelling of names, in one transaction. */
export async function migrateStoredNames(connection: DuckDBConnection): Promise<void> {
  await connection.run('BEGIN TRANSACTION');
  try {
    await connection.run('CREATE TABLE IF NOT EXISTS storage_layout (version INTEGER NOT NULL)');
    const version = Number((await rows(connection, 'SELECT coalesce(max(version), 0) FROM storage_layout'))[0]![0]);
    if (version < namesStored) {
      const tables = await rows(connection, `SELECT table_name FROM duckdb_tables() WHERE schema_name = 'events'`);
      for (const [table] of tables) await renameTable(connection, String(table));
      await connection.run(`INSERT INTO storage_layout VALUES (${namesStored})`);
    }
    await connection.run('COMMIT');
  } catch (error) {
    await connection.run('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

async function renameTable(connection: DuckDBConnection, table: string): Promise<void> {
  const columnRows = await rows(
    connection,
    `SELECT column_name FROM duckdb_columns() WHERE schema_name = 'events' AND table_name = $1 ORDER BY column_index`,
    [table],
  );
  const columns = columnRows.map(([name]) => String(name));
  const renamed = columns.filter((name) => storedName(name) !== name);
  const alter = `ALTER TABLE events.${quoteName(table)} RENAME COLUMN`;
  // Through names of their own first: `A` becomes `^A`, which DuckDB takes for a column `^a` that
  // is still waiting to become `^^a`.
  const taken = new Set(columns.map((name) => name.toLowerCase()));
  const passing = renamed.map((_, i) => {
    let name = `apl_renaming_${i}`;
    while (taken.has(name)) name = `_${name}`;
    return name;
  });
  for (const [i, name] of renamed.entries()) await connection.run(`${alter} ${quoteName(name)} TO ${quoteName(passing[i]!)}`);
  for (const [i, name] of renamed.entries()) await connection.run(`${alter} ${quoteName(passing[i]!)} TO ${quoteName(storedName(name))}`);
  if (storedName(table) !== table) {
    await connection.run(`ALTER TABLE events.${quoteName(table)} RENAME TO ${quoteName(storedName(table))}`);
  }
}

async function rows(connection: DuckDBConnection, sql: string, params?: string[]) {
  return (await connection.runAndReadAll(sql, params)).getRows();
}
