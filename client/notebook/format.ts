/**
 * The `.apl-notebook` file: pretty JSON (2 spaces, keys in a fixed order, one string per source
 * line, a trailing newline) so that a notebook diffs well in git. Reading checks every field and
 * names the one that is wrong; an empty file is an empty notebook. Pure (no `vscode`).
 */
import { parseExact, stringifyExact } from '../../wire/exactJson.ts';

export const formatVersion = 1;

export interface NotebookTimeRange {
  start: string;
  end: string;
}

export interface NotebookMetadata {
  /** The name of a configured connection the notebook's cells run on. */
  connection?: string;
  /** Bounds as the time-range input reads them: ISO 8601 or relative (`now-2h`, `now`). */
  timeRange?: NotebookTimeRange;
}

export interface NotebookOutput {
  mime: string;
  /** A JSON value: parsed JSON for JSON mimes, text for text mimes, base64 for the rest. */
  data: unknown;
}

export interface NotebookExecution {
  order: number;
  success: boolean;
  durationMs: number;
}

export type CellKind = 'markdown' | 'apl';

export interface NotebookCell {
  kind: CellKind;
  /** The cell's text, lines separated by `\n`. */
  source: string;
  outputs?: NotebookOutput[];
  execution?: NotebookExecution;
}

export interface NotebookFile {
  metadata: NotebookMetadata;
  cells: NotebookCell[];
}

export class NotebookFormatError extends Error {
  constructor(message: string) {
    super(`Not a valid APL notebook: ${message}`);
    this.name = 'NotebookFormatError';
  }
}

/** Reads a notebook file's text; throws a NotebookFormatError saying what is wrong. */
export function parseNotebook(text: string): NotebookFile {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') return { metadata: {}, cells: [] };
  let parsed: unknown;
  try {
    parsed = parseExact(body);
  } catch (error) {
    throw new NotebookFormatError(`the file is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const root = record(parsed, 'the file');
  if (root.version !== formatVersion) {
    const newer = typeof root.version === 'number' && root.version > formatVersion;
    throw new NotebookFormatError(
      newer
        ? `the file has format version ${root.version}, newer than this extension reads (${formatVersion})`
        : `"version" must be ${formatVersion}, not ${describe(root.version)}`,
    );
  }
  const metadata = root.metadata === undefined ? {} : readMetadata(root.metadata);
  const cells = root.cells === undefined ? [] : array(root.cells, '"cells"').map((cell, index) => readCell(cell, `cells[${index}]`));
  return { metadata, cells };
}

/** The file's text; `outputs: false` leaves out the cells' outputs and execution summaries. */
export function serializeNotebook(notebook: NotebookFile, options: { outputs: boolean } = { outputs: true }): string {
  const metadata: Record<string, unknown> = {};
  if (notebook.metadata.connection !== undefined) metadata.connection = notebook.metadata.connection;
  if (notebook.metadata.timeRange) metadata.timeRange = { start: notebook.metadata.timeRange.start, end: notebook.metadata.timeRange.end };
  const cells = notebook.cells.map((cell) => {
    const written: Record<string, unknown> = { kind: cell.kind, source: sourceLines(cell.source) };
    if (options.outputs && cell.outputs && cell.outputs.length > 0) written.outputs = cell.outputs.map((output) => ({ mime: output.mime, data: output.data }));
    if (options.outputs && cell.execution) {
      const { order, success, durationMs } = cell.execution;
      written.execution = { order, success, durationMs };
    }
    return written;
  });
  return stringifyExact({ version: formatVersion, metadata, cells }, 2) + '\n';
}

/** One entry per line; an empty cell has none. Line ends are written as `\n`. */
export function sourceLines(source: string): string[] {
  return source === '' ? [] : source.replace(/\r\n?/g, '\n').split('\n');
}

function readMetadata(value: unknown): NotebookMetadata {
  const given = record(value, '"metadata"');
  const metadata: NotebookMetadata = {};
  if (given.connection !== undefined) metadata.connection = string(given.connection, '"metadata.connection"');
  if (given.timeRange !== undefined) {
    const range = record(given.timeRange, '"metadata.timeRange"');
    metadata.timeRange = { start: string(range.start, '"metadata.timeRange.start"'), end: string(range.end, '"metadata.timeRange.end"') };
  }
  return metadata;
}

function readCell(value: unknown, where: string): NotebookCell {
  const given = record(value, where);
  if (given.kind !== 'markdown' && given.kind !== 'apl') throw new NotebookFormatError(`${where}.kind must be "markdown" or "apl", not ${describe(given.kind)}`);
  const lines = given.source === undefined ? [] : array(given.source, `${where}.source`);
  const source = lines.map((line, index) => string(line, `${where}.source[${index}]`)).join('\n');
  const cell: NotebookCell = { kind: given.kind, source };
  if (given.outputs !== undefined) {
    cell.outputs = array(given.outputs, `${where}.outputs`).map((output, index) => {
      const item = record(output, `${where}.outputs[${index}]`);
      if (!('data' in item)) throw new NotebookFormatError(`${where}.outputs[${index}] has no "data"`);
      return { mime: string(item.mime, `${where}.outputs[${index}].mime`), data: item.data };
    });
  }
  if (given.execution !== undefined) {
    const execution = record(given.execution, `${where}.execution`);
    const order = execution.order;
    const durationMs = execution.durationMs;
    if (!Number.isSafeInteger(order) || (order as number) < 0) throw new NotebookFormatError(`${where}.execution.order must be a whole number, not ${describe(order)}`);
    if (typeof execution.success !== 'boolean') throw new NotebookFormatError(`${where}.execution.success must be true or false, not ${describe(execution.success)}`);
    if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0) {
      throw new NotebookFormatError(`${where}.execution.durationMs must be a number of milliseconds, not ${describe(durationMs)}`);
    }
    cell.execution = { order: order as number, success: execution.success, durationMs };
  }
  return cell;
}

function record(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new NotebookFormatError(`${where} must be an object, not ${describe(value)}`);
  return value as Record<string, unknown>;
}

function array(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new NotebookFormatError(`${where} must be a list, not ${describe(value)}`);
  return value;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new NotebookFormatError(`${where} must be a string, not ${describe(value)}`);
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return `a ${typeof value}`;
}
