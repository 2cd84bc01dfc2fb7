/**
 * One query's statements and the two things that stop them: its time limit and its client going
 * away. Stopping interrupts every statement of the query that is running on DuckDB and makes every
 * later one fail before it starts, so nothing of a stopped query goes on using the CPU.
 *
 * DuckDB checks for an interrupt between vectors, so a statement busy with one huge value (a list
 * of millions of elements in a single row) may run on for a while after it: the query answers at
 * once all the same, and its connections go back to the pool only when their statements have ended.
 */
import type { DuckDBConnection, DuckDBMaterializedResult } from '@duckdb/node-api';
import { AplQueryError } from './errors.ts';
import { limitFailure } from './resultLimits.ts';

/** The client went away before the query answered; nobody reads this error's reply. */
export class QueryCancelledError extends Error {
  constructor() {
    super('the client closed the request before the query answered');
    this.name = 'QueryCancelledError';
  }
}

export class QueryControl {
  private readonly controller = new AbortController();
  private readonly running = new Set<DuckDBConnection>();
  private readonly statements = new Set<Promise<unknown>>();
  private readonly timer: NodeJS.Timeout;
  private readonly onClientGone = () => this.stop(new QueryCancelledError());
  private rejectStopped!: (reason: Error) => void;
  /** Rejects with the stopping error; statements race it. */
  private readonly stoppedPromise = new Promise<never>((_resolve, reject) => (this.rejectStopped = reject));

  constructor(
    readonly limitMs: number,
    /** `process.hrtime.bigint()` when the request arrived: the limit counts from then. */
    startedAt: bigint,
    private readonly client?: AbortSignal,
  ) {
    this.stoppedPromise.catch(() => undefined);
    const spent = Number((process.hrtime.bigint() - startedAt) / 1_000_000n);
    this.timer = setTimeout(() => this.stop(this.timeLimitError()), Math.max(1, limitMs - spent));
    if (client?.aborted) this.stop(new QueryCancelledError());
    else client?.addEventListener('abort', this.onClientGone, { once: true });
  }

  /** Aborts once the query is stopped; its reason is the error the query answers with. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get stopped(): boolean {
    return this.controller.signal.aborted;
  }

  /** Throws the stopping error once the query is stopped. */
  check(): void {
    if (this.stopped) throw this.controller.signal.reason;
  }

  /** Runs `sql` on `connection`, a connection no other statement is using. */
  async run(connection: DuckDBConnection, sql: string): Promise<DuckDBMaterializedResult> {
    this.check();
    this.running.add(connection);
    const statement = connection.run(sql).finally(() => this.running.delete(connection));
    this.statements.add(statement.catch(() => undefined));
    try {
      return await Promise.race([statement, this.stoppedPromise]);
    } catch (error) {
      this.check();
      throw (await limitFailure(error, connection)) ?? new AplQueryError(`the query failed: ${(error as Error).message.split('\n')[0]}`, 0, 0, 'execution');
    }
  }

  /** Resolves once every statement this query started has ended (interrupted ones included). */
  async settled(): Promise<void> {
    await Promise.all(this.statements);
  }

  /** The query answered: the limit and the client no longer matter. */
  finish(): void {
    clearTimeout(this.timer);
    this.client?.removeEventListener('abort', this.onClientGone);
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.finish();
    this.controller.abort(reason);
    this.rejectStopped(reason);
    for (const connection of this.running) connection.interrupt();
  }

  private timeLimitError(): AplQueryError {
    return new AplQueryError(`the query ran longer than ${this.limitMs / 1000} s and was stopped`, 0, 0, 'execution');
  }
}
