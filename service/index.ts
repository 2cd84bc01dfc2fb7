/**
 * Starting and stopping the local service: open the database, load the admin credentials, build
 * the services, and listen.
 */
import { createAuthenticator } from './auth/authenticate.ts';
import { loadCredentials, type Credentials } from './auth/personal.ts';
import { TokenRegistry } from './auth/tokens.ts';
import { Readiness } from './http/readiness.ts';
import { startHttpServer } from './http/server.ts';
import { currentThreadPoolSize, QueryQueue, queriesFittingPool } from './engine/queryQueue.ts';
import { resetSpool } from './ingest/spool.ts';
import { routes } from './routes/index.ts';
import type { ServiceConfig, Services } from './services.ts';
import { AnnotationRegistry } from './store/annotations.ts';
import { Database } from './store/database.ts';
import { DatasetRegistry } from './store/datasets.ts';
import { EventStore } from './store/eventStore.ts';
import { UserRegistry } from './store/users.ts';

export interface ServiceOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  dataDir: string;
  maxBodyBytes?: number;
  /** The memory queries may use before DuckDB spills to disk or refuses them (default: half the machine's). */
  memoryLimitBytes?: number;
  /** Queries running longer are stopped (default 60 s). */
  queryTimeLimitMs?: number;
  /** Queries running on DuckDB at once (default: as many as fit libuv's thread pool). */
  maxConcurrentQueries?: number;
  /**
   * What the service still does before it is ready (e.g. loading the demo data): until
   * `markReady()`, every request answers 503 with Retry-After. Absent: ready once listening.
   */
  startingWith?: string;
  environment?: NodeJS.ProcessEnv;
  onInternalError?: (error: unknown, request: { method: string; path: string }) => void;
}

export interface RunningService {
  url: string;
  services: Services;
  credentials: Credentials;
  /** Ends the 503s of `startingWith`. */
  markReady(): void;
  /** Stops listening, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

export const defaultMaxBodyBytes = 100 * 1024 * 1024;

export async function openServices(config: ServiceConfig): Promise<Services> {
  const database = await Database.open(config.dataDir, undefined, config.memoryLimitBytes);
  resetSpool(config.dataDir);
  return {
    config,
    database,
    events: new EventStore(database),
    datasets: new DatasetRegistry(database),
    tokens: new TokenRegistry(database),
    annotations: new AnnotationRegistry(database),
    users: new UserRegistry(database),
    queries: new QueryQueue(config.maxConcurrentQueries ?? queriesFittingPool(currentThreadPoolSize())),
  };
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const config: ServiceConfig = {
    dataDir: options.dataDir,
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    memoryLimitBytes: options.memoryLimitBytes,
    queryTimeLimitMs: options.queryTimeLimitMs,
    maxConcurrentQueries: options.maxConcurrentQueries,
  };
  const readiness = new Readiness(options.startingWith);
  const services = await openServices(config);
  try {
    const credentials = loadCredentials(config.dataDir, options.environment);
    const http = await startHttpServer({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 8080,
      routes,
      services,
      authenticator: createAuthenticator(credentials, services.tokens),
      onInternalError: options.onInternalError,
      readiness,
    });
    return {
      url: http.url,
      services,
      credentials,
      markReady: () => readiness.markReady(),
      close: async () => {
        await http.close();
        await services.database.close();
      },
    };
  } catch (error) {
    await services.database.close();
    throw error;
  }
}
