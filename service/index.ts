/**
 * Starting and stopping the local service: open the database, load the admin credentials, build
 * the services, and listen.
 */
import { createAuthenticator } from './auth/authenticate.ts';
import { loadCredentials, type Credentials } from './auth/personal.ts';
import { TokenRegistry } from './auth/tokens.ts';
import { startHttpServer } from './http/server.ts';
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
  environment?: NodeJS.ProcessEnv;
  onInternalError?: (error: unknown, request: { method: string; path: string }) => void;
}

export interface RunningService {
  url: string;
  services: Services;
  credentials: Credentials;
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
  };
}

export async function startService(options: ServiceOptions): Promise<RunningService> {
  const config: ServiceConfig = {
    dataDir: options.dataDir,
    maxBodyBytes: options.maxBodyBytes ?? defaultMaxBodyBytes,
    memoryLimitBytes: options.memoryLimitBytes,
  };
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
    });
    return {
      url: http.url,
      services,
      credentials,
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
