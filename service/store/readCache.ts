/**
 * Reads of the shared connection kept in memory by key, for a registry that makes every write of
 * what they read itself and drops the written key once the write has ended. Statements on the
 * shared connection run in order, so a read that began before a write ends before it does and
 * cannot outlive the drop.
 */
export class ReadCache<T> {
  private readonly reads = new Map<string, Promise<T>>();

  /** Past this many keys the cache starts over. */
  constructor(private readonly maxKeys = 1000) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const kept = this.reads.get(key);
    if (kept) return kept;
    if (this.reads.size >= this.maxKeys) this.reads.clear();
    const reading = read();
    this.reads.set(key, reading);
    reading.catch(() => {
      if (this.reads.get(key) === reading) this.reads.delete(key);
    });
    return reading;
  }

  drop(key: string): void {
    this.reads.delete(key);
  }
}
