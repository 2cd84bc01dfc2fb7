import type { Column } from './analyzer.ts';

/**
 * The column lists of one pipeline, stored once. Each operator's table is a version of a shared,
 * append-only log: `extend` appends, and a removed or replaced column is marked with the version
 * that removed it rather than copied out. A chain of n extends that each add a column then takes
 * O(n) time and memory, where a fresh array and name index per operator took O(n²).
 */
class ColumnLog {
  readonly columns: Column[] = [];
  readonly addedAt: number[] = [];
  /** The version that removed the entry; Infinity while it is present. */
  readonly removedAt: number[] = [];
  /** The entry the name was last indexed at; earlier entries of the name chain through `previousOfName`. */
  readonly latest = new Map<string, number>();
  readonly previousOfName: number[] = [];
  /** Later entries of a name the list was built with twice: a lookup finds the first, a removal removes all. */
  readonly duplicates = new Map<string, number[]>();
  version = 0;

  append(column: Column): void {
    const index = this.columns.length;
    this.columns.push(column);
    this.addedAt.push(this.version);
    this.removedAt.push(Infinity);
    this.previousOfName.push(this.latest.get(column.name) ?? -1);
    this.latest.set(column.name, index);
  }

  /** The entry of a name present at a version, if any. */
  find(name: string, version: number): number | undefined {
    let index = this.latest.get(name) ?? -1;
    while (index >= 0 && this.addedAt[index]! > version) index = this.previousOfName[index]!;
    return index >= 0 && this.removedAt[index]! > version ? index : undefined;
  }

  /** Marks every entry of a name present at the current version as removed from the next one. */
  remove(name: string): void {
    const index = this.find(name, this.version);
    if (index === undefined) return;
    this.removedAt[index] = this.version + 1;
    for (const duplicate of this.duplicates.get(name) ?? []) {
      if (this.removedAt[duplicate] === Infinity) this.removedAt[duplicate] = this.version + 1;
    }
  }
}

export class ColumnList {
  private materialized: Column[] | undefined;

  private constructor(
    private readonly log: ColumnLog,
    private readonly version: number,
    /** Entries of the log that existed at this version. */
    private readonly length: number,
  ) {}

  static of(columns: readonly Column[]): ColumnList {
    const log = new ColumnLog();
    for (const column of columns) {
      const first = log.latest.get(column.name);
      if (first === undefined) {
        log.append(column);
      } else {
        // First of a name wins: the later one is listed but never found by name.
        const index = log.columns.length;
        log.columns.push(column);
        log.addedAt.push(0);
        log.removedAt.push(Infinity);
        log.previousOfName.push(-1);
        const duplicates = log.duplicates.get(column.name) ?? [];
        duplicates.push(index);
        log.duplicates.set(column.name, duplicates);
      }
    }
    const list = new ColumnList(log, 0, log.columns.length);
    list.materialized = columns.slice();
    return list;
  }

  get(name: string): Column | undefined {
    const index = this.log.find(name, this.version);
    return index === undefined ? undefined : this.log.columns[index];
  }

  has(name: string): boolean {
    return this.log.find(name, this.version) !== undefined;
  }

  /** The columns in order, built once per list. */
  get columns(): Column[] {
    if (!this.materialized) {
      const { columns, removedAt } = this.log;
      const present: Column[] = [];
      for (let i = 0; i < this.length; i++) if (removedAt[i]! > this.version) present.push(columns[i]!);
      this.materialized = present;
    }
    return this.materialized;
  }

  /** Adds or replaces columns the way `extend` does: a replaced column moves to the end; of a name given twice, the last wins. */
  with(added: readonly Column[]): ColumnList {
    const last = new Map<string, Column>();
    for (const column of added) {
      last.delete(column.name);
      last.set(column.name, column);
    }
    return this.edit((log) => {
      for (const column of last.values()) log.remove(column.name);
      log.version++;
      for (const column of last.values()) log.append(column);
    });
  }

  /** The list without the named columns. */
  without(names: Iterable<string>): ColumnList {
    return this.edit((log) => {
      for (const name of names) log.remove(name);
      log.version++;
    });
  }

  /**
   * Edits in place when this is the log's newest version (a pipeline read straight through);
   * otherwise, as when two pipelines extend one tabular let, the branch copies what it sees.
   */
  private edit(change: (log: ColumnLog) => void): ColumnList {
    if (this.version !== this.log.version || this.length !== this.log.columns.length) return ColumnList.of(this.columns).edit(change);
    change(this.log);
    return new ColumnList(this.log, this.log.version, this.log.columns.length);
  }
}
