/** Which rows the table shows and in what order: the filter's matches, sorted by a column. Pure. */
import type { TableData } from './tableData.ts';
import { cellText } from '../../exportResults.ts';

export interface SortKey {
  column: number;
  descending: boolean;
}

/** Rows where some of `columns` contains `filter` (case-insensitive); every row for an empty filter. */
export function filteredRows(data: TableData, columns: readonly number[], filter: string): number[] {
  const needle = filter.trim().toLowerCase();
  const rows: number[] = [];
  if (needle === '') {
    for (let row = 0; row < data.decodedRows; row++) rows.push(row);
    return rows;
  }
  const values = columns.map((column) => data.values[column]);
  for (let row = 0; row < data.decodedRows; row++) {
    for (const column of values) {
      const value = column[row];
      if (value !== null && value !== undefined && cellText(value).toLowerCase().includes(needle)) {
        rows.push(row);
        break;
      }
    }
  }
  return rows;
}

/** Sorted by the column, nulls last either way, ties in result order. */
export function sortRows(data: TableData, rows: number[], sort: SortKey | undefined): number[] {
  if (!sort) return rows;
  const values = data.values[sort.column];
  const direction = sort.descending ? -1 : 1;
  return rows.sort((a, b) => {
    const x = values[a];
    const y = values[b];
    const nullX = x === null || x === undefined;
    const nullY = y === null || y === undefined;
    if (nullX || nullY) return nullX === nullY ? a - b : nullX ? 1 : -1;
    return direction * compare(x, y) || a - b;
  });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = cellText(a);
  const y = cellText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
