/**
 * Checkpoints the database once event writes have stopped for a while. DuckDB also checkpoints by
 * itself when its write-ahead log passes `checkpoint_threshold`, but inside the commit that
 * crossed it: the ingest request that happens to commit then waits for the whole rewrite. With a
 * high threshold that rarely happens during a burst, and this writes the log into the database
 * file in the quiet after it.
 */
export class IdleCheckpoint {
  private writers = 0;
  /** Whether events were committed since the last checkpoint. */
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly checkpoint: () => Promise<void>,
    private readonly quietMs: number,
  ) {}

  writeStarted(): void {
    this.writers++;
    this.cancel();
  }

  writeEnded(committed: boolean): void {
    this.writers--;
    if (committed) this.dirty = true;
    if (this.writers === 0 && this.dirty) this.schedule();
  }

  /** Stops scheduling and waits for a checkpoint under way. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancel();
    await this.running;
  }

  private schedule(): void {
    if (this.closed) return;
    this.timer = setTimeout(() => this.run(), this.quietMs);
    this.timer.unref();
  }

  private cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private run(): void {
    this.timer = undefined;
    if (this.writers > 0 || this.running) return;
    this.dirty = false;
    this.running = this.checkpoint()
      .catch(() => {
        // Refused (say, while a transaction was open): try again after another quiet spell.
        this.dirty = true;
      })
      .finally(() => {
        this.running = undefined;
        if (this.dirty && this.writers === 0 && !this.timer) this.schedule();
      });
  }
}
