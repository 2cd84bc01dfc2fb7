/**
 * One lock per dataset, with two modes. Writers that only append rows to columns that already
 * take their values share it: DuckDB lets transactions append to one table side by side, and
 * concurrent ingest requests then store on several cores at once. Changing a table's columns,
 * deleting rows or dropping the table needs it alone: DuckDB fails the commit of a transaction
 * that appended to a table another transaction altered meanwhile. Waiters are served in arrival
 * order, so a stream of appends cannot hold off a writer that needs the lock alone.
 */
export type LockMode = 'shared' | 'exclusive';

export interface HeldLock {
  readonly mode: LockMode;
  /**
   * Makes a shared hold exclusive when nobody else holds the lock; answers whether the lock is
   * now held alone (always true for an exclusive hold).
   */
  upgrade(): boolean;
  release(): void;
}

interface Waiter {
  mode: LockMode;
  grant: () => void;
}

class DatasetLock {
  sharedHolders = 0;
  exclusiveHeld = false;
  readonly waiting: Waiter[] = [];

  get idle(): boolean {
    return this.sharedHolders === 0 && !this.exclusiveHeld && this.waiting.length === 0;
  }

  /** Grants waiters from the front of the queue for as long as they fit. */
  serve(): void {
    for (;;) {
      const next = this.waiting[0];
      if (!next || this.exclusiveHeld) return;
      if (next.mode === 'exclusive') {
        if (this.sharedHolders > 0) return;
        this.exclusiveHeld = true;
      } else {
        this.sharedHolders++;
      }
      this.waiting.shift();
      next.grant();
    }
  }
}

export class DatasetLocks {
  private readonly locks = new Map<string, DatasetLock>();

  async acquire(name: string, mode: LockMode): Promise<HeldLock> {
    let lock = this.locks.get(name);
    if (!lock) this.locks.set(name, (lock = new DatasetLock()));
    const granted = new Promise<void>((grant) => lock.waiting.push({ mode, grant }));
    lock.serve();
    await granted;
    return this.hold(name, lock, mode);
  }

  private hold(name: string, lock: DatasetLock, initial: LockMode): HeldLock {
    let mode = initial;
    let released = false;
    return {
      get mode() {
        return mode;
      },
      upgrade: () => {
        if (mode === 'exclusive') return true;
        if (lock.sharedHolders !== 1) return false;
        lock.sharedHolders = 0;
        lock.exclusiveHeld = true;
        mode = 'exclusive';
        return true;
      },
      release: () => {
        if (released) return;
        released = true;
        if (mode === 'exclusive') lock.exclusiveHeld = false;
        else lock.sharedHolders--;
        lock.serve();
        if (lock.idle && this.locks.get(name) === lock) this.locks.delete(name);
      },
    };
  }
}
