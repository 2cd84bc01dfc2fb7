/**
 * The one DuckDB database file of the service (`<data dir>/apl.duckdb`): the metadata tables of
 * datasets (and their fields' metadata), tokens, annotations and the user, and the event tables the
 * event store creates beside them.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { IdleCheckpoint } from './idleCheckpoint.ts';
import { memorySettings } from './memoryLimit.ts';
import { migrateStoredNames } from './storedNamesMigration.ts';
import { makeDatabaseFilesPrivate, makeDataDirPrivate } from './privateFiles.ts';

export type SqlParams = DuckDBValue[] | Record<string, DuckDBValue>;
export type Row = Record<string, unknown>;

/** Statements with bound parameters on one connection. */
export interface Queryable {
  run(sql: string, params?: SqlParams): Promise<void>;
  all<T extends Row = Row>(sql: string, params?: SqlParams): Promise<T[]>;
  one<T extends Row = Row>(sql: string, params?: SqlParams): Promise<T | undefined>;
}

const metadataSchema = `
CREATE TABLE IF NOT EXISTS datasets (
  name VARCHAR PRIMARY KEY,
  kind VARCHAR NOT NULL,
  description VARCHAR NOT NULL,
  who VARCHAR NOT NULL,
  created VARCHAR NOT NULL,
  updated_at VARCHAR NOT NULL,
  use_retention_period BOOLEAN NOT NULL,
  retention_days INTEGER NOT NULL,
  map_fields VARCHAR NOT NULL
);
CREATE TABLE IF NOT EXISTS api_tokens (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  description VARCHAR NOT NULL,
  expires_at VARCHAR,
  dataset_capabilities VARCHAR NOT NULL,
  org_capabilities VARCHAR NOT NULL,
  secret_sha256 VARCHAR NOT NULL,
  created VARCHAR NOT NULL,
  retired BOOLEAN NOT NULL
);
CREATE TABLE IF NOT EXISTS field_metadata (
  dataset VARCHAR NOT NULL,
  name VARCHAR NOT NULL,
  description VARCHAR NOT NULL,
  unit VARCHAR NOT NULL,
  hidden BOOLEAN NOT NULL,
  PRIMARY KEY (dataset, name)
);
CREATE TABLE IF NOT EXISTS users (
  id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL
);
CREATE TABLE IF NOT EXISTS annotations (
  id VARCHAR PRIMARY KEY,
  datasets VARCHAR NOT NULL,
  type VARCHAR NOT NULL,
  time VARCHAR NOT NULL,
  end_time VARCHAR,
  title VARCHAR NOT NULL,
  description VARCHAR NOT NULL,
  url VARCHAR NOT NULL
);
`;

function queryable(connection: DuckDBConnection, serialize: <T>(work: () => Promise<T>) => Promise<T>): Queryable {
  const all = <T extends Row>(sql: string, params?: SqlParams) =>
    serialize(async () => (await connection.runAndReadAll(sql, params)).getRowObjectsJS() as T[]);
  return {
    run: (sql, params) => serialize(async () => void (await connection.run(sql, params))),
    all,
    one: async (sql, params) => (await all(sql, params))[0] as never,
  };
}

export class Database implements Queryable {
  readonly run: Queryable['run'];
  readonly all: Queryable['all'];
  readonly one: Queryable['one'];
  private queue: Promise<unknown> = Promise.resolve();
  private eventSchemaVersionValue = 0;
  private eventDataVersionValue = 0;
  private readonly idleCheckpoint = new IdleCheckpoint(() => this.checkpointSizableLog(), quietBeforeCheckpointMs);

  private constructor(
    readonly instance: DuckDBInstance,
    /** The shared connection; statements on it run one after another. */
    readonly connection: DuckDBConnection,
    readonly path: string,
  ) {
    const shared = queryable(connection, (work) => this.serialize(work));
    this.run = shared.run;
    this.all = shared.all;
    this.one = shared.one;
  }

  /**
   * Opens (creating if needed) `<dataDir>/apl.duckdb` and its metadata tables. DuckDB may use
   * `memoryLimitBytes` (default: half the memory, see memoryLimit.ts) and spill beyond it under
   * `<dataDir>/duckdb.tmp`.
   */
  static async open(dataDir: string, threads = duckdbThreads(), memoryLimitBytes?: number): Promise<Database> {
    makeDataDirPrivate(dataDir);
    const path = join(dataDir, 'apl.duckdb');
    makeDatabaseFilesPrivate(path);
    const instance = await DuckDBInstance.create(path, { ...duckdbOptions(threads), ...memorySettings(dataDir, memoryLimitBytes) });
    makeDatabaseFilesPrivate(path);
    const connection = await instance.connect();
    await connection.run(metadataSchema);
    await migrateStoredNames(connection);
    return new Database(instance, connection, path);
  }

  /** A fresh connection of its own (for appenders or long reads that should not hold the shared one). */
  connect(): Promise<DuckDBConnection> {
    return this.instance.connect();
  }

  /**
   * Changes whenever an event table may have changed its columns: the event store calls
   * `eventSchemaChanged()` once a table is made or dropped, or a transaction that added or widened
   * columns has ended. The query engine keeps tables' columns for as long as this stays the same.
   */
  get eventSchemaVersion(): number {
    return this.eventSchemaVersionValue;
  }

  eventSchemaChanged(): void {
    this.eventSchemaVersionValue++;
    this.eventDataChanged();
  }

  /**
   * Changes once an event table's rows may have changed: after a write transaction committed, rows
   * were deleted, or a table changed (`eventSchemaChanged`). Always after the change, so a figure
   * read before it is never kept as current (the query engine's dataset spans).
   */
  get eventDataVersion(): number {
    return this.eventDataVersionValue;
  }

  eventDataChanged(): void {
    this.eventDataVersionValue++;
  }

  /** The event store opened a write transaction (see idleCheckpoint.ts). */
  eventWriteStarted(): void {
    this.idleCheckpoint.writeStarted();
  }

  /** The event store's write transaction committed or rolled back. */
  eventWriteEnded(committed: boolean): void {
    if (committed) this.eventDataChanged();
    this.idleCheckpoint.writeEnded(committed);
  }

  /**
   * Runs `work` in a transaction on a connection of its own, so concurrent requests never see or
   * join it. Commits when `work` resolves, rolls back when it throws.
   */
  async transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> {
    const connection = await this.connect();
    try {
      await connection.run('BEGIN TRANSACTION');
      try {
        const result = await work(queryable(connection, (step) => step()));
        await connection.run('COMMIT');
        return result;
      } catch (error) {
        await connection.run('ROLLBACK').catch(() => undefined);
        throw error;
      }
    } finally {
      connection.closeSync();
    }
  }

  /** Writes the WAL into the database file and releases it. */
  async close(): Promise<void> {
    await this.idleCheckpoint.close();
    await this.serialize(async () => {
      await this.connection.run('CHECKPOINT').catch(() => undefined);
      this.connection.closeSync();
      this.instance.closeSync();
    });
  }

  /** Writes the WAL into the database file (DuckDB skips it while other writers are open). */
  async checkpoint(): Promise<void> {
    const connection = await this.connect();
    try {
      await connection.run('CHECKPOINT');
    } finally {
      connection.closeSync();
    }
  }

  /**
   * Checkpoints once the WAL holds at least `idleCheckpointMinBytes`. A checkpoint rewrites each
   * table's last row group, so after every one of a trickle of small requests it would cost more
   * than the log it clears.
   */
  private async checkpointSizableLog(): Promise<void> {
    const wal = `${this.path}.wal`;
    if (existsSync(wal) && statSync(wal).size >= idleCheckpointMinBytes) await this.checkpoint();
  }

  private serialize<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * How much write-ahead log DuckDB lets grow before it checkpoints inside a commit. At its default
 * (16MB) it checkpointed every few ingest requests, rewriting the table's open row group each
 * time; even at 64MB the checkpoints inside commits took over a quarter of ingest time (500k
 * events in 10,000-event requests: 6.1 s, against 4.4 s without them). 256MB holds about 1.4M
 * events of a dozen fields; the idle checkpoint (idleCheckpoint.ts) usually writes the log out
 * long before that. The price: a larger log to replay after a crash, and up to that much
 * uncompressed data in memory.
 */
const checkpointThreshold = '256MB';
/** Quiet time after the last event write before the log is checkpointed. */
export const quietBeforeCheckpointMs = 2_000;
/** A smaller log is left to grow (see `checkpointSizableLog`); about 20,000 events of a dozen fields. */
const idleCheckpointMinBytes = 4 << 20;

/** The settings the service opens DuckDB with (the ingest benchmark's reference uses them too). */
export function duckdbOptions(threads = duckdbThreads()): Record<string, string> {
  return { checkpoint_threshold: checkpointThreshold, threads: String(threads) };
}

/**
 * DuckDB's thread count: `APL_DUCKDB_THREADS` if set, else every core but one. DuckDB's default
 * takes every core, leaving none for the JavaScript thread that reads requests and scans ingest
 * bodies; and while a worker runs a statement with a single task (an ingest insert), the thread
 * that started it polls for more work in a busy loop. On two cores that made ingest a third slower
 * and cost queries over the demo datasets nothing measurable.
 */
export function duckdbThreads(environment: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(environment.APL_DUCKDB_THREADS);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(1, availableParallelism() - 1);
}
