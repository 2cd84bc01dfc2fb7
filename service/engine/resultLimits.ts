/**
 * The checks between DuckDB and JavaScript: a result is measured before any of its text is turned
 * into JavaScript strings (a string past V8's limit ends the process rather than throwing), and a
 * statement DuckDB refused for want of memory or of a cap becomes an error the caller can read.
 */
import duckdb from '@duckdb/node-bindings';
import { DuckDBTypeId, type DuckDBConnection, type DuckDBDataChunk, type DuckDBMaterializedResult, type DuckDBValue } from '@duckdb/node-api';
import { AplQueryError } from './errors.ts';
import { formatBytes, limitMarker, maxResultBytes, maxResultRows } from './limits.ts';

/** The bytes a cell of a fixed-width column counts for against `maxResultBytes`. */
const fixedCellBytes = 8;
/** A DuckDB string is 16 bytes in its vector, its length the first four (little-endian). */
const stringEntryBytes = 16;

/**
 * A result's rows, read straight from the chunks DuckDB materialized, refused past Kusto's result
 * limits (limits.ts): more rows than `maxResultRows`,
 * or more than `maxResultBytes` of data. Each chunk's text is measured from the lengths in DuckDB's
 * vectors before the chunk is read, so no more than the limit is ever decoded.
 */
export function boundedRows(result: DuckDBMaterializedResult): DuckDBValue[][] {
  if (result.rowCount > maxResultRows) {
    throw tooLarge(`the result has ${result.rowCount} rows, more than the ${maxResultRows} a query may return`);
  }
  const textColumns: number[] = [];
  for (let i = 0; i < result.columnCount; i++) if (result.columnTypeId(i) === DuckDBTypeId.VARCHAR) textColumns.push(i);
  let bytes = result.rowCount * (result.columnCount - textColumns.length) * fixedCellBytes;
  const rows: DuckDBValue[][] = [];
  for (let c = 0; c < result.chunkCount; c++) {
    const chunk = c === result.chunkCount - 1 ? lastChunkOf(result) : result.getChunk(c);
    bytes += textBytes(chunk, textColumns);
    if (bytes > maxResultBytes) throw tooLarge(`the result holds more than ${formatBytes(maxResultBytes)}, the most a query may return`);
    chunk.appendToRows(rows);
  }
  return rows;
}

const lastChunks = new WeakMap<DuckDBMaterializedResult, DuckDBDataChunk>();

/**
 * A result's last chunk, fetched once: each fetch copies the chunk out of DuckDB (a third of a
 * millisecond for 100 rows of logs), and a take's status reads the last row before its rows are read.
 */
function lastChunkOf(result: DuckDBMaterializedResult): DuckDBDataChunk {
  let chunk = lastChunks.get(result);
  if (!chunk) lastChunks.set(result, (chunk = result.getChunk(result.chunkCount - 1)));
  return chunk;
}

/**
 * A TIMESTAMP column's value in a result's last row, in microseconds; undefined when it is null
 * or the column holds another type. Read straight from the vector: a take's status statement
 * waits for it.
 */
export function lastTimeOf(result: DuckDBMaterializedResult, column: number): bigint | undefined {
  if (result.rowCount === 0 || result.columnTypeId(column) !== DuckDBTypeId.TIMESTAMP) return undefined;
  const chunk = lastChunkOf(result);
  const row = chunk.rowCount - 1;
  const vector = duckdb.data_chunk_get_vector(chunk.chunk, column);
  if (!isValid(validityOf(vector, chunk.rowCount), row)) return undefined;
  const data = duckdb.vector_get_data(vector, chunk.rowCount * 8);
  return new DataView(data.buffer, data.byteOffset, data.byteLength).getBigInt64(row * 8, true);
}

/** The bytes of the valid strings in a chunk's text columns. */
function textBytes(chunk: DuckDBDataChunk, textColumns: readonly number[]): number {
  const rows = chunk.rowCount;
  let bytes = 0;
  for (const column of textColumns) {
    const vector = duckdb.data_chunk_get_vector(chunk.chunk, column);
    const entries = duckdb.vector_get_data(vector, rows * stringEntryBytes);
    const view = new DataView(entries.buffer, entries.byteOffset, entries.byteLength);
    // A null's entry is not cleared and may hold any length: only valid rows count (no mask: all are).
    const validity = validityOf(vector, rows);
    for (let row = 0; row < rows; row++) {
      if (!isValid(validity, row)) continue;
      bytes += view.getUint32(row * stringEntryBytes, true);
    }
  }
  return bytes;
}

/** A vector's validity mask over `rows` rows; none when every row is valid. */
function validityOf(vector: duckdb.Vector, rows: number): Uint8Array | null {
  return duckdb.vector_get_validity(vector, Math.ceil(rows / 64) * 8);
}

function isValid(validity: Uint8Array | null, row: number): boolean {
  return !validity || (validity[row >> 3]! & (1 << (row & 7))) !== 0;
}

function tooLarge(what: string): AplQueryError {
  return new AplQueryError(`${what}: narrow it with where, project, summarize or take`, 0, 0, 'execution');
}

/**
 * The caller's error for a statement DuckDB refused because of a limit: a cap's `error()`
 * (limits.ts), or the memory limit (DuckDB's "Out of Memory Error", also raised when spilling
 * would pass `max_temp_directory_size`). Undefined for any other failure.
 */
export async function limitFailure(error: unknown, connection: DuckDBConnection): Promise<AplQueryError | undefined> {
  const message = error instanceof Error ? error.message : String(error);
  const marked = message.indexOf(limitMarker);
  if (marked >= 0) return new AplQueryError(message.slice(marked + limitMarker.length).split('\n')[0]!, 0, 0, 'execution');
  if (!/^Out of Memory Error/i.test(message)) return undefined;
  const limit = await memoryLimitOf(connection);
  return new AplQueryError(`the query needs more memory than the service allows (${limit}): narrow it with where, project, summarize or take`, 0, 0, 'execution');
}

async function memoryLimitOf(connection: DuckDBConnection): Promise<string> {
  try {
    const reader = await connection.runAndReadAll(`SELECT current_setting('memory_limit')`);
    return String(reader.getRows()[0]?.[0]);
  } catch {
    return 'its memory limit';
  }
}
