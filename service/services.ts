/** Everything a handler can reach, built once at start-up by `startService`. */
import type { Database } from './store/database.ts';
import type { EventStore } from './store/eventStore.ts';
import type { DatasetRegistry } from './store/datasets.ts';
import type { TokenRegistry } from './auth/tokens.ts';
import type { AnnotationRegistry } from './store/annotations.ts';
import type { UserRegistry } from './store/users.ts';
import type { QueryQueue } from './engine/queryQueue.ts';

export interface ServiceConfig {
  /** Directory holding `apl.duckdb` and `credentials.json`. */
  dataDir: string;
  /** Largest accepted request body in bytes (after decompression for ingest). */
  maxBodyBytes: number;
  /** The memory DuckDB may use (default: half the machine's, see store/memoryLimit.ts). */
  memoryLimitBytes?: number;
  /** Queries running longer are stopped and answer 400 (default: the engine's 60 s). */
  queryTimeLimitMs?: number;
  /** Queries running on DuckDB at once (default: as many as fit libuv's thread pool, see queryQueue.ts). */
  maxConcurrentQueries?: number;
}

export interface Services {
  config: ServiceConfig;
  database: Database;
  /** Event storage (one table per dataset); owned by the ingest side. */
  events: EventStore;
  /** Dataset metadata; `get(name)` is undefined for an unknown dataset (answer 404 "dataset … not found"). */
  datasets: DatasetRegistry;
  tokens: TokenRegistry;
  annotations: AnnotationRegistry;
  users: UserRegistry;
  /** Where queries wait for their turn on DuckDB. */
  queries: QueryQueue;
}
