/**
 * How the results travel to the webview: each table column-major, in chunks of JSON text. A
 * string crosses VS Code's message channel and the webview's state as one blob (no object graph of
 * 100,000 rows to clone), and the webview decodes it a chunk at a time: the first small chunk
 * goes on screen at once, the rest is decoded between frames. Pure; shared by host and webview.
 */
import { parseExact, stringifyExact } from '../wire/exactJson.ts';
import type { ResultColumn, ResultsModel, ResultTable } from './resultsModel.ts';

export interface WireTable {
  columns: ResultColumn[];
  rowCount: number;
  /** Rows in each chunk: the first is small (the first screen), the rest `chunkRows`. */
  chunkSizes: number[];
  /** Each chunk's values column-major, `[column][row in chunk]`, as JSON. */
  chunks: string[];
}

export type WireModel = Omit<ResultsModel, 'matches' | 'totals'> & { matches: WireTable; totals?: WireTable };

export const firstChunkRows = 200;
export const chunkRows = 10_000;

export function encodeTable(table: ResultTable): WireTable {
  const chunkSizes: number[] = [];
  const chunks: string[] = [];
  const rowCount = table.rows.length;
  for (let start = 0; start < rowCount; ) {
    const end = Math.min(rowCount, start + (start === 0 ? firstChunkRows : chunkRows));
    const columns = table.columns.map((_, column) => {
      const values = new Array<unknown>(end - start);
      for (let row = start; row < end; row++) values[row - start] = table.rows[row][column] ?? null;
      return values;
    });
    chunkSizes.push(end - start);
    chunks.push(stringifyExact(columns));
    start = end;
  }
  return { columns: table.columns, rowCount, chunkSizes, chunks };
}

export function encodeModel(model: ResultsModel): WireModel {
  const { matches, totals, ...rest } = model;
  return totals ? { ...rest, matches: encodeTable(matches), totals: encodeTable(totals) } : { ...rest, matches: encodeTable(matches) };
}

/** One chunk's columns; a chunk that does not parse to as many columns of as many rows gives nulls. */
export function decodeChunk(table: WireTable, index: number): unknown[][] {
  const size = table.chunkSizes[index] ?? 0;
  let parsed: unknown;
  try {
    parsed = parseExact(table.chunks[index] ?? '');
  } catch {
    parsed = undefined;
  }
  return table.columns.map((_, column) => {
    const values = Array.isArray(parsed) ? (parsed[column] as unknown) : undefined;
    return Array.isArray(values) && values.length === size ? values : new Array<unknown>(size).fill(null);
  });
}

/** The whole table row-major again (the host, restoring a panel's results from its state). */
export function decodeTable(table: WireTable): ResultTable {
  const rows: unknown[][] = [];
  table.chunks.forEach((_, index) => {
    const columns = decodeChunk(table, index);
    const size = table.chunkSizes[index] ?? 0;
    for (let row = 0; row < size; row++) rows.push(columns.map((values) => values[row]));
  });
  return { columns: table.columns, rows };
}

export function decodeModel(model: WireModel): ResultsModel {
  const { matches, totals, ...rest } = model;
  return totals ? { ...rest, matches: decodeTable(matches), totals: decodeTable(totals) } : { ...rest, matches: decodeTable(matches) };
}

export function isWireTable(value: unknown): value is WireTable {
  if (typeof value !== 'object' || value === null) return false;
  const table = value as Record<string, unknown>;
  return (
    Array.isArray(table.columns) &&
    typeof table.rowCount === 'number' &&
    Array.isArray(table.chunkSizes) &&
    Array.isArray(table.chunks) &&
    table.chunks.length === table.chunkSizes.length &&
    table.chunks.every((chunk) => typeof chunk === 'string') &&
    table.chunkSizes.every((size) => Number.isSafeInteger(size) && (size as number) >= 0) &&
    (table.chunkSizes as number[]).reduce((sum, size) => sum + size, 0) === table.rowCount
  );
}
