/**
 * Event storage: one DuckDB table per dataset. This is the layout the APL engine queries.
 *
 *   - Table `events."<dataset name>"` (schema `events`, beside the metadata tables in `main`).
 *   - One column per field, named by the flattened field name (`geo.city`,
 *     `attributes.http.method`); always quote names (`"geo.city"`).
 *   - Table and column names are stored as storedNames.ts spells them (`CaseX` as `^Case^X`,
 *     `_sysTime` as `_sys^Time`), so names that differ only in case stay apart; go through
 *     `eventTable` and `storedIdent`, and `logicalName` for names read from the catalog.
 *   - `_time` TIMESTAMP (event time, UTC, microseconds) and `_sysTime` TIMESTAMP (ingest time) are
 *     the first two columns and always present.
 *   - Column types by field type (see fieldTypes.ts): string VARCHAR, integer BIGINT, float
 *     DOUBLE, boolean BOOLEAN, datetime TIMESTAMP, timespan INTERVAL, array/object JSON (an object
 *     column carries the column comment `object`). A missing value is NULL.
 *   - New fields become new columns (ALTER TABLE ADD COLUMN); a field that meets a value of another
 *     type is widened in place (integer → float, anything else → string), so no value is lost.
 *
 * Each writer is one transaction, so an ingest request is stored whole or not at all, and is
 * durable once `commit()` resolves. Writers that only append to existing columns run side by side;
 * one that adds or widens a column, and any delete or drop, holds the dataset alone
 * (datasetLocks.ts).
 */
import { DatasetLocks, type HeldLock } from './datasetLocks.ts';
import { logicalName, storedIdent, storedName } from './storedNames.ts';
import { rebuildFromColumns, rebuildWithColumns } from './tableRebuild.ts';
import { DuckDBDataChunk, TIMESTAMP, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import {
  chunkType,
  classify,
  conversionSql,
  fieldTypeOfColumn,
  sqlType,
  Timestamp,
  toColumnValue,
  widen,
  type FieldInfo,
  type FieldType,
} from './fieldTypes.ts';

/** What the event store needs of the service database. */
export interface EventDatabase {
  connect(): Promise<DuckDBConnection>;
  /** Writes the WAL into the database file. */
  checkpoint(): Promise<void>;
  /** Called once a change to an event table's columns has committed or rolled back. */
  eventSchemaChanged(): void;
  /** Moves with every `eventSchemaChanged()`. */
  readonly eventSchemaVersion: number;
  /** Called when a writer's transaction opens, and when it has committed or rolled back. */
  eventWriteStarted(): void;
  eventWriteEnded(committed: boolean): void;
  /** Called once rows were deleted. */
  eventDataChanged(): void;
}

/** One event ready to store: times in microseconds since the epoch, fields by flattened name. */
export interface StoredEvent {
  time: number;
  sysTime: number;
  fields: Record<string, unknown>;
}

export const eventSchema = 'events';
const chunkRows = 2048;

export function eventTable(dataset: string): string {
  return `${eventSchema}.${storedIdent(dataset)}`;
}

type Columns = Map<string, FieldType>;

export class EventStore {
  private readonly schemas = new Map<string, Columns>();
  private readonly locks = new DatasetLocks();
  private ready: Promise<void> | undefined;

  constructor(private readonly database: EventDatabase) {}

  async createDataset(name: string): Promise<void> {
    await this.withConnection(name, async (connection) => {
      await connection.run(
        `CREATE TABLE IF NOT EXISTS ${eventTable(name)} (${storedIdent('_time')} TIMESTAMP NOT NULL, ${storedIdent('_sysTime')} TIMESTAMP NOT NULL)`,
      );
      this.schemas.delete(name);
      this.database.eventSchemaChanged();
    });
  }

  async dropDataset(name: string): Promise<void> {
    await this.withConnection(name, async (connection) => {
      await connection.run(`DROP TABLE IF EXISTS ${eventTable(name)}`);
      this.schemas.delete(name);
      this.database.eventSchemaChanged();
    });
  }

  /** Deletes the events whose `_time` is before `olderThan`; answers how many were deleted. */
  async trimDataset(name: string, olderThan: Date): Promise<number> {
    return this.withConnection(name, async (connection) => {
      const result = await connection.run(`DELETE FROM ${eventTable(name)} WHERE "_time" < $1::TIMESTAMP`, [
        olderThan.toISOString(),
      ]);
      this.database.eventDataChanged();
      return result.rowsChanged;
    });
  }

  /**
   * Compacts the dataset's storage: refreshes the table's statistics, then checkpoints, which writes
   * the WAL into the file and gives back the blocks of deleted (trimmed) rows.
   */
  async vacuumDataset(name: string): Promise<void> {
    await this.withConnection(name, (connection) => connection.run(`VACUUM ANALYZE ${eventTable(name)}`));
    // With other writers in flight DuckDB skips the checkpoint; the next one catches up.
    await this.database.checkpoint();
  }

  /**
   * The dataset's committed fields in column order, `_time` and `_sysTime` first. A reader does
   * not wait for the dataset's writer (a query must not wait for an ingest to end): it takes the
   * cached columns, or reads the catalog, which shows only committed columns. What it read is
   * cached unless the columns of an event table changed meanwhile: a table dropped or re-made, or
   * a writer that altered it ending, would otherwise be hidden behind an older list.
   */
  async fields(name: string): Promise<FieldInfo[]> {
    await this.ensureSchema();
    let columns = this.schemas.get(name);
    if (!columns) {
      const version = this.database.eventSchemaVersion;
      const connection = await this.database.connect();
      try {
        columns = await this.readColumns(connection, name);
      } finally {
        connection.closeSync();
      }
      if (this.database.eventSchemaVersion === version && !this.schemas.has(name)) this.schemas.set(name, columns);
    }
    return [...columns].map(([field, type]) => ({ name: field, type }));
  }

  async count(name: string): Promise<number> {
    return this.withConnection(name, async (connection) => {
      const reader = await connection.runAndReadAll(`SELECT count(*) AS n FROM ${eventTable(name)}`);
      return Number(reader.getRowObjectsJS()[0]!.n);
    });
  }

  /**
   * Opens a writer: a transaction is open, and the dataset's lock held, until `commit()` or
   * `rollback()`. Every stored event of one writer commits together. Given the `fields` it will
   * store, a writer whose fields all have columns that take them as they are shares the dataset
   * with other such writers; otherwise it holds the dataset alone.
   */
  async openWriter(name: string, fields?: readonly FieldInfo[]): Promise<EventWriter> {
    await this.ensureSchema();
    const lock = await this.lockFor(name, fields);
    let connection: DuckDBConnection | undefined;
    try {
      connection = await this.database.connect();
      await connection.run('BEGIN TRANSACTION');
      this.database.eventWriteStarted();
    } catch (error) {
      connection?.closeSync();
      lock.release();
      throw error;
    }
    const open = connection;
    const finish = (committed: boolean, altered: boolean) => {
      if (altered) this.database.eventSchemaChanged();
      this.database.eventWriteEnded(committed);
      open.closeSync();
      lock.release();
    };
    try {
      const columns = new Map(await this.columns(open, name));
      return new EventWriter(open, name, columns, lock, (committed, altered) => {
        if (committed) this.schemas.set(name, columns);
        else if (altered) this.schemas.delete(name);
        finish(committed, altered);
      });
    } catch (error) {
      await open.run('ROLLBACK').catch(() => undefined);
      finish(false, false);
      throw error;
    }
  }

  /**
   * The dataset's lock, shared when the cached columns already take every field as it is (the
   * columns are checked again once the lock is held: a writer that had it alone may have changed
   * them meanwhile).
   */
  private async lockFor(name: string, fields: readonly FieldInfo[] | undefined): Promise<HeldLock> {
    const fits = () => {
      const columns = this.schemas.get(name);
      return fields !== undefined && columns !== undefined && fields.every((field) => !needsChange(columns, field.name, field.type));
    };
    if (fits()) {
      const shared = await this.locks.acquire(name, 'shared');
      if (fits()) return shared;
      shared.release();
    }
    return this.locks.acquire(name, 'exclusive');
  }

  /** Stores events in one transaction (a convenience over `openWriter`). */
  async append(name: string, events: readonly StoredEvent[], declared: readonly FieldInfo[] = []): Promise<void> {
    const writer = await this.openWriter(name);
    try {
      await writer.declare(declared);
      await writer.append(events);
      await writer.commit();
    } catch (error) {
      await writer.rollback();
      throw error;
    }
  }

  /** The cached columns, else those of the catalog, cached (callers hold the dataset's lock). */
  private async columns(connection: DuckDBConnection, name: string): Promise<Columns> {
    const cached = this.schemas.get(name);
    if (cached) return cached;
    const columns = await this.readColumns(connection, name);
    this.schemas.set(name, columns);
    return columns;
  }

  private async readColumns(connection: DuckDBConnection, name: string): Promise<Columns> {
    const reader = await connection.runAndReadAll(
      `SELECT column_name, data_type, comment FROM duckdb_columns()
       WHERE schema_name = $1 AND table_name = $2 ORDER BY column_index`,
      [eventSchema, storedName(name)],
    );
    const rows = reader.getRowObjectsJS() as { column_name: string; data_type: string; comment: string | null }[];
    if (rows.length === 0) throw new Error(`dataset ${name} has no event table`);
    return new Map(rows.map((row) => [logicalName(row.column_name), fieldTypeOfColumn(row.data_type, row.comment)]));
  }

  private async withConnection<T>(name: string, work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    await this.ensureSchema();
    const lock = await this.locks.acquire(name, 'exclusive');
    const connection = await this.database.connect();
    try {
      return await work(connection);
    } finally {
      connection.closeSync();
      lock.release();
    }
  }

  private ensureSchema(): Promise<void> {
    this.ready ??= (async () => {
      const connection = await this.database.connect();
      try {
        await connection.run(`CREATE SCHEMA IF NOT EXISTS ${eventSchema}`);
      } finally {
        connection.closeSync();
      }
    })();
    return this.ready;
  }
}

/** Appends batches of events to one dataset inside one transaction. */
export class EventWriter {
  private done = false;
  /** Whether this writer added or widened a column. */
  private altered = false;

  constructor(
    private readonly connection: DuckDBConnection,
    private readonly dataset: string,
    private readonly columns: Columns,
    private readonly lock: HeldLock,
    private readonly finish: (committed: boolean, altered: boolean) => void,
  ) {}

  /** Fields with an explicit type (used for map fields and demo schemas); widened like values. */
  async declare(fields: readonly FieldInfo[]): Promise<void> {
    await this.evolve(new Map(fields.map((field) => [field.name, field.type])));
  }

  async append(events: readonly StoredEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.evolve(batchTypes(events));
    const names = [...this.columns.keys()];
    const types = names.map((name) => this.columns.get(name)!);
    const chunkTypes = types.map((type, index) => (index < 2 ? TIMESTAMP : chunkType(type)));
    const appender = await this.connection.createAppender(storedName(this.dataset), eventSchema);
    try {
      for (let start = 0; start < events.length; start += chunkRows) {
        const slice = events.slice(start, start + chunkRows);
        const chunk = DuckDBDataChunk.create(chunkTypes, slice.length);
        chunk.setColumnValues(0, slice.map((event) => toColumnValue(new Timestamp(event.time), 'datetime')));
        chunk.setColumnValues(1, slice.map((event) => toColumnValue(new Timestamp(event.sysTime), 'datetime')));
        for (let column = 2; column < names.length; column++) {
          const name = names[column]!;
          const type = types[column]!;
          const values = new Array<DuckDBValue>(slice.length);
          for (let row = 0; row < slice.length; row++) {
            values[row] = toColumnValue(slice[row]!.fields[name], type);
          }
          chunk.setColumnValues(column, values);
        }
        appender.appendDataChunk(chunk);
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
  }

  /** The current type of a column, after any widening this writer did. */
  columnType(name: string): FieldType | undefined {
    return this.columns.get(name);
  }

  /**
   * Inserts the rows of `select` (a SELECT yielding `_time`, `_sysTime` and then `names` in that
   * order) into the dataset; the columns must exist. Answers the number of rows inserted.
   */
  async insertSelect(names: readonly string[], select: string): Promise<number> {
    const columns = ['_time', '_sysTime', ...names].map(storedIdent).join(', ');
    const result = await this.connection.run(`INSERT INTO ${eventTable(this.dataset)} (${columns}) ${select}`);
    return Number(result.rowsChanged);
  }

  /** Commits; the events are durable (in the write-ahead log) once this resolves. */
  async commit(): Promise<void> {
    if (this.done) return;
    this.done = true;
    try {
      await this.connection.run('COMMIT');
      this.finish(true, this.altered);
    } catch (error) {
      this.finish(false, this.altered);
      throw error;
    }
  }

  async rollback(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.connection.run('ROLLBACK').catch(() => undefined);
    this.finish(false, this.altered);
  }

  /** Adds missing columns and widens columns whose type no longer holds every value. */
  private async evolve(wanted: Map<string, FieldType>): Promise<void> {
    const table = eventTable(this.dataset);
    const added = [...wanted].filter(([name]) => !this.columns.has(name));
    if (added.length >= rebuildFromColumns) {
      if (!this.lock.upgrade()) throw new SharedWriterError(this.dataset, added[0]![0]);
      this.altered = true;
      const present = [...this.columns.keys()];
      for (const [name, type] of added) this.columns.set(name, type);
      await rebuildWithColumns(this.connection, eventSchema, this.dataset, present, this.columns);
    }
    for (const [name, type] of wanted) {
      if (!needsChange(this.columns, name, type)) continue;
      if (!this.lock.upgrade()) throw new SharedWriterError(this.dataset, name);
      const current = this.columns.get(name);
      if (current === undefined) {
        this.altered = true;
        await this.connection.run(`ALTER TABLE ${table} ADD COLUMN ${storedIdent(name)} ${sqlType(type)}`);
        if (type === 'object') {
          await this.connection.run(`COMMENT ON COLUMN ${table}.${storedIdent(name)} IS 'object'`);
        }
        this.columns.set(name, type);
        continue;
      }
      const widened = widen(current, type);
      const column = storedIdent(name);
      this.altered = true;
      await this.connection.run(
        `ALTER TABLE ${table} ALTER COLUMN ${column} TYPE ${sqlType(widened)} USING ${conversionSql(column, current, widened)}`,
      );
      this.columns.set(name, widened);
    }
  }
}

/**
 * A writer that shares its dataset met a field that needs a new or wider column while other
 * writers were open; the caller rolls back and stores the events again holding the dataset alone.
 */
export class SharedWriterError extends Error {
  constructor(dataset: string, field: string) {
    super(`field ${field} of dataset ${dataset} needs its column changed while other writers are open`);
  }
}

/** Whether storing `type` values in field `name` adds or widens a column. */
function needsChange(columns: Columns, name: string, type: FieldType): boolean {
  const current = columns.get(name);
  if (current === undefined) return true;
  return name !== '_time' && name !== '_sysTime' && widen(current, type) !== current;
}

/** The widest type each field takes in a batch. */
function batchTypes(events: readonly StoredEvent[]): Map<string, FieldType> {
  const types = new Map<string, FieldType>();
  for (const event of events) {
    for (const name in event.fields) {
      const type = classify(event.fields[name]);
      if (type === undefined) continue;
      const known = types.get(name);
      if (known !== type) types.set(name, known === undefined ? type : widen(known, type));
    }
  }
  return types;
}
