/**
 * The rows of a result as the table reads them: column-major, decoded from the wire a chunk at a
 * time (resultsWire.ts) so the first rows show before the rest is decoded. No DOM.
 */
import { decodeChunk, type WireTable } from '../../resultsWire.ts';
import type { ResultColumn, ResultTable } from '../../resultsModel.ts';

export class TableData {
  readonly columns: ResultColumn[];
  readonly rowCount: number;
  /** `[column][row]`; rows past `decodedRows` are not there yet. */
  readonly values: unknown[][];
  decodedRows = 0;
  private nextChunk = 0;

  constructor(private readonly wire: WireTable) {
    this.columns = wire.columns;
    this.rowCount = wire.rowCount;
    this.values = wire.columns.map(() => new Array<unknown>(wire.rowCount));
  }

  get complete(): boolean {
    return this.nextChunk >= this.wire.chunks.length;
  }

  /** Decodes chunks until all are done or `enough()` says stop (checked after each chunk); true when complete. */
  decode(enough: () => boolean = () => false): boolean {
    while (!this.complete) {
      const chunk = decodeChunk(this.wire, this.nextChunk);
      const start = this.decodedRows;
      for (let column = 0; column < this.columns.length; column++) {
        const target = this.values[column];
        const source = chunk[column];
        for (let row = 0; row < source.length; row++) target[start + row] = source[row];
      }
      this.decodedRows += this.wire.chunkSizes[this.nextChunk];
      this.nextChunk++;
      if (enough()) break;
    }
    return this.complete;
  }

  value(row: number, column: number): unknown {
    return this.values[column][row] ?? null;
  }

  /** The given rows and columns, row-major, for copying or exporting. */
  slice(rows: readonly number[], columns: readonly number[]): ResultTable {
    return {
      columns: columns.map((column) => this.columns[column]),
      rows: rows.map((row) => columns.map((column) => this.value(row, column))),
    };
  }

  /** One row as an event object, keyed by column name. */
  event(row: number): Record<string, unknown> {
    return Object.fromEntries(this.columns.map((column, index) => [column.name, this.value(row, index)]));
  }
}
