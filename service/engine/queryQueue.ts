/**
 * At most `concurrency` queries run on DuckDB at once; the others wait their turn, first come
 * first served. Each running query holds up to three statements, and each statement holds one of
 * Node's libuv pool threads for as long as it runs, and so do the statements of every other request
 * (tokens, datasets, ingest) and file and zlib work. With the pool full of long queries, a request
 * that needs one short statement waited for a query to end: the limit keeps threads free for them
 * (the service sizes the pool to fit, see `threadPoolSize`). Requests other than queries never
 * wait here.
 */

/** Too many queries are already waiting. */
export class QueryQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`too many queries at once: ${waiting} are waiting already; retry shortly`);
    this.name = 'QueryQueueFullError';
  }
}

/** Queries `apl serve` lets run at once; it sizes libuv's pool for them. */
export const defaultConcurrentQueries = 6;

/** What each running query may hold of libuv's pool: its main, status and totals statements. */
const threadsPerQuery = 3;
/** Pool threads kept for everything but queries: metadata statements, ingest, files, zlib. */
const threadsForOtherWork = 4;

/** The libuv pool threads the service wants for `concurrency` queries at once. */
export function threadPoolSize(concurrency: number): number {
  return concurrency * threadsPerQuery + threadsForOtherWork;
}

/** How many queries fit in a pool of `poolSize` threads next to the other work (at least one). */
export function queriesFittingPool(poolSize: number): number {
  return Math.max(1, Math.floor((poolSize - threadsForOtherWork) / threadsPerQuery));
}

/** The size of this process's libuv pool, as libuv reads it (default 4, at most 1024). */
export function currentThreadPoolSize(environment: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(environment.UV_THREADPOOL_SIZE);
  return Number.isInteger(configured) && configured > 0 ? Math.min(configured, 1024) : 4;
}

export class QueryQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    /** Past this many waiting, a query is refused instead of queued. */
    readonly maxWaiting = 100,
  ) {}

  get active(): number {
    return this.running;
  }

  /**
   * Resolves with the function that gives the turn back, once the query may run. Rejects with
   * `signal.reason` if the signal aborts first (the query left the queue), or QueryQueueFullError.
   */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.running < this.concurrency) {
      this.running++;
      return this.releaser();
    }
    if (this.waiting.length >= this.maxWaiting) throw new QueryQueueFullError(this.waiting.length);
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(turn);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(turn);
      signal?.addEventListener('abort', leave, { once: true });
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The turn passes straight to the next in line; `running` stays the same.
      if (next) next();
      else this.running--;
    };
  }
}
