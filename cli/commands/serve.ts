import * as path from 'node:path';
import { defaultDataDir } from '../../client/localService.ts';
import { defaultDemoEvents } from '../../service/demo/defaults.ts';
import { parseByteSize } from '../../service/store/memoryLimit.ts';
import { defaultConcurrentQueries, threadPoolSize } from '../../service/engine/queryQueue.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';

const usage = `Usage: apl serve [--host 127.0.0.1] [--port 8080] [--data DIR] [--memory-limit SIZE] [--demo [--demo-events N]]

Runs a local service that speaks the Axiom API (datasets, ingest, tokens, annotations, queries),
storing everything in DIR/apl.duckdb. The admin personal token comes from APL_ADMIN_TOKEN, else
from DIR/credentials.json (written on first start). DuckDB uses every core but one, or
APL_DUCKDB_THREADS threads, and at most --memory-limit of memory: a query that needs more spills
to DIR/duckdb.tmp (up to twice that) and is refused past it. Up to 6 queries run at once (more
wait their turn); each stops after 60 s or when its client disconnects. With --demo, requests
answer 503 (Retry-After: 1) until the demo datasets are in.

Options:
  --host HOST  Address to listen on (default 127.0.0.1)
  --port PORT  Port to listen on, 0 for any free one (default 8080)
  --data DIR   Data directory (default $XDG_DATA_HOME/apl or ~/.local/share/apl)
  --memory-limit SIZE
               Memory queries may use, e.g. 512MB, 4GB (default: half the machine's memory)
  --demo       Create the demo datasets (sample-http-logs, otel-demo-traces) unless they exist
  --demo-events N
               Events per demo dataset (default ${defaultDemoEvents})
  -h, --help   Show this help`;

/** Resolves once SIGINT or SIGTERM arrives. */
function shutdownSignal(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run a local Axiom-compatible service',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      host: { type: 'string' },
      port: { type: 'string' },
      data: { type: 'string' },
      demo: { type: 'boolean' },
      'demo-events': { type: 'string' },
      'memory-limit': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const port = Number(values.port ?? '8080');
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`invalid port '${values.port}'`);
    const demoEvents = Number(values['demo-events'] ?? defaultDemoEvents);
    if (!Number.isInteger(demoEvents) || demoEvents < 0) {
      throw new UsageError(`invalid --demo-events '${values['demo-events']}': expected a whole number`);
    }
    const memoryLimit = values['memory-limit'];
    const memoryLimitBytes = memoryLimit === undefined ? undefined : parseByteSize(memoryLimit);
    if (memoryLimit !== undefined && memoryLimitBytes === undefined) {
      throw new UsageError(`invalid --memory-limit '${memoryLimit}': expected a size such as 512MB or 4GB`);
    }
    const host = values.host ?? '127.0.0.1';
    const dataDir = path.resolve(context.cwd, values.data ?? defaultDataDir());

    // Room in libuv's pool for the queries that may run at once beside all other work (see
    // queryQueue.ts). libuv reads the variable when the pool first starts, which is after this.
    if (!process.env.UV_THREADPOOL_SIZE) process.env.UV_THREADPOOL_SIZE = String(threadPoolSize(defaultConcurrentQueries));
    // Loaded here, not at start-up: the service brings DuckDB's native library, which `apl check` and `apl fmt` never need.
    const { startService } = await import('../../service/index.ts');
    const { loadDemoData } = await import('../../service/demo/index.ts');
    const service = await startService({
      host,
      port,
      dataDir,
      memoryLimitBytes,
      // Until the demo datasets are in, requests answer 503 with Retry-After (not "Unknown dataset").
      startingWith: values.demo ? 'loading the demo datasets' : undefined,
      onInternalError: (error, request) =>
        context.stderr(`apl serve: ${request.method} ${request.path} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });
    // Listening for signals before the (possibly long) demo load, so Ctrl-C then shuts down cleanly too.
    const stopped = shutdownSignal();
    context.stdout(`listening on ${service.url}`);
    const { source } = service.credentials;
    context.stdout(
      source === 'environment'
        ? 'admin token: the value of APL_ADMIN_TOKEN'
        : `admin token: in ${source} (organisation id "${service.credentials.orgId}")`,
    );
    if (values.demo) {
      const created = await loadDemoData(service.services, { eventsPerDataset: demoEvents });
      context.stdout(created.length > 0 ? `demo datasets created: ${created.join(', ')}` : 'demo datasets already present');
    }
    service.markReady();
    const signal = await stopped;
    context.stderr(`apl serve: ${signal}, shutting down`);
    await service.close();
    return exitCodes.ok;
  },
};
