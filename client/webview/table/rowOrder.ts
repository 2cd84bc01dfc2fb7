/** Which rows the table shows and in what order: the filter's matches, sorted by a column. Pure. */
import type { TableData } from './tableData.ts';
import { cellText } from '../../exportResults.ts';
import { instantKey } from './instantOrder.ts';

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
  const values = instantKeys(data.values[sort.column], data.decodedRows) ?? data.values[sort.column];
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
  // `<` compares a bigint (an integer beyond 2^53, kept exactly) with a number by value.
  if (isNumber(a) && isNumber(b)) return a < b ? -1 : a > b ? 1 : 0;
  const x = cellText(a);
  const y = cellText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

function isNumber(value: unknown): value is number | bigint {
  return typeof value === 'number' || typeof value === 'bigint';
}

/**
 * A column of timestamps as keys that sort by instant (texts do not: `…42.5Z` sorts before `…42Z`);
 * undefined when some value is not a timestamp. Computed once, not per comparison.
 */
function instantKeys(values: readonly unknown[], rowCount: number): (bigint | null)[] | undefined {
  const keys: (bigint | null)[] = new Array(rowCount);
  let seen = false;
  for (let row = 0; row < rowCount; row++) {
    const value = values[row];
    if (value === null || value === undefined) {
      keys[row] = null;
      continue;
    }
    const key = typeof value === 'string' ? instantKey(value) : undefined;
    if (key === undefined) return undefined;
    keys[row] = key;
    seen = true;
  }
  return seen ? keys : undefined;
}
