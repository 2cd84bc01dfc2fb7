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
  const texts = columns.map((column) => lowerTexts(data.values[column], data.decodedRows));
  for (let row = 0; row < data.decodedRows; row++) {
    for (const column of texts) {
      const text = column[row];
      if (text !== undefined && text.includes(needle)) {
        rows.push(row);
        break;
      }
    }
  }
  return rows;
}

/** Each column's cells as lower-cased text (undefined for null), made once per cell: the filter runs per keystroke. */
const lowerTextsOf = new WeakMap<readonly unknown[], (string | undefined)[]>();

function lowerTexts(values: readonly unknown[], rowCount: number): (string | undefined)[] {
  let texts = lowerTextsOf.get(values);
  if (!texts) lowerTextsOf.set(values, (texts = []));
  // Rows are decoded in slices after the first screen: the texts follow them.
  for (let row = texts.length; row < rowCount; row++) {
    const value = values[row];
    texts.push(value === null || value === undefined ? undefined : cellText(value).toLowerCase());
  }
  return texts;
}

/** Sorted by the column, nulls last either way, ties in result order. */
export function sortRows(data: TableData, rows: number[], sort: SortKey | undefined): number[] {
  if (!sort) return rows;
  const values = instantKeys(data.values[sort.column], data.decodedRows) ?? textKeys(data.values[sort.column], data.decodedRows);
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
  const x = typeof a === 'string' ? a : cellText(a);
  const y = typeof b === 'string' ? b : cellText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The column's values as sort keys, made once per sort: numbers stay numbers, anything else is its
 * cell text (an object's JSON would otherwise be made twice per comparison: seconds for 100k rows).
 */
function textKeys(values: readonly unknown[], rowCount: number): unknown[] {
  const keys: unknown[] = new Array(rowCount);
  for (let row = 0; row < rowCount; row++) {
    const value = values[row];
    keys[row] = value === null || value === undefined || isNumber(value) ? value : cellText(value);
  }
  return keys;
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
