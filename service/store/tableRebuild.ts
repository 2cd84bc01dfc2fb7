/**
 * Adding many columns at once. Each `ALTER TABLE … ADD COLUMN` copies the table's whole column
 * list (DuckDB allows one alteration per statement), so adding n columns one by one costs O(n²):
 * an event of 5,000 new fields took minutes. Past a few dozen new columns the table is instead
 * made anew with every column declared, the rows copied over, and the old table replaced, all in
 * the writer's transaction: one statement per step whatever the number of columns (the copy
 * costs what the table holds, as widening a column does).
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { sqlType, type FieldType } from './fieldTypes.ts';
import { quoteName } from './sqlText.ts';
import { storedIdent, storedName } from './storedNames.ts';

/** Fewer new columns than this are added one ALTER at a time (cheap while the table is narrow). */
export const rebuildFromColumns = 32;

/**
 * Replaces `schema.table` by a table with `columns` (the present ones first, in order, then the
 * new ones). `columns` maps every column name to its type; the first two are the NOT NULL times.
 */
export async function rebuildWithColumns(
  connection: DuckDBConnection,
  schema: string,
  table: string,
  present: readonly string[],
  columns: ReadonlyMap<string, FieldType>,
): Promise<void> {
  const old = `${schema}.${storedIdent(table)}`;
  // Dataset names never hold '~' (datasets.ts), so this name cannot meet a dataset's.
  const scratchName = `~rebuild~${storedName(table)}`;
  const scratch = `${schema}.${quoteName(scratchName)}`;
  const definitions = [...columns].map(([name, type], index) => `${storedIdent(name)} ${sqlType(type)}${index < 2 ? ' NOT NULL' : ''}`);
  await connection.run(`CREATE TABLE ${scratch} (${definitions.join(', ')})`);
  const copied = present.map(storedIdent).join(', ');
  await connection.run(`INSERT INTO ${scratch} (${copied}) SELECT ${copied} FROM ${old}`);
  await connection.run(`DROP TABLE ${old}`);
  await connection.run(`ALTER TABLE ${scratch} RENAME TO ${storedIdent(table)}`);
  for (const [name, type] of columns) {
    if (type === 'object') await connection.run(`COMMENT ON COLUMN ${old}.${storedIdent(name)} IS 'object'`);
  }
}
