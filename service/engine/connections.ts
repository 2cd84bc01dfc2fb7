/**
 * The engine's DuckDB connections: pooled per database, each set up once with the engine's
 * macros and host functions, and taken three at a time by a query.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import { registerHostFunctions } from './compile/hostFunctions.ts';
import { engineMacros } from './compile/macros.ts';
import type { QueryControl } from './queryControl.ts';

export interface EngineDatabase {
  connect(): Promise<DuckDBConnection>;
  /** Moves whenever an event table's columns may have changed (see `Database`). */
  readonly eventSchemaVersion: number;
  /** Moves once an event table's rows may have changed (see `Database`). */
  readonly eventDataVersion: number;
}

const pools = new WeakMap<EngineDatabase, DuckDBConnection[]>();

async function acquire(database: EngineDatabase): Promise<DuckDBConnection> {
  let pool = pools.get(database);
  if (!pool) pools.set(database, (pool = []));
  const pooled = pool.pop();
  if (pooled) return pooled;
  const connection = await database.connect();
  for (const macro of engineMacros) await connection.run(macro);
  registerHostFunctions(connection);
  return connection;
}

function release(database: EngineDatabase, connection: DuckDBConnection): void {
  const pool = pools.get(database)!;
  if (pool.length < 8) pool.push(connection);
  else connection.closeSync();
}

/**
 * Three connections: the main, status and totals statements run side by side. A stopped query may
 * answer while a statement still winds down: its connections return to the pool once they are idle.
 */
export async function withConnections<T>(database: EngineDatabase, control: QueryControl, work: (connections: Connections) => Promise<T>): Promise<T> {
  const taken: DuckDBConnection[] = [];
  try {
    for (let i = 0; i < 3; i++) taken.push(await acquire(database));
    control.check();
    const [main, status, totals] = taken as [DuckDBConnection, DuckDBConnection, DuckDBConnection];
    return await work({ main, status, totals });
  } finally {
    void control.settled().then(() => {
      for (const connection of taken) release(database, connection);
    });
  }
}

export interface Connections {
  main: DuckDBConnection;
  status: DuckDBConnection;
  totals: DuckDBConnection;
}
