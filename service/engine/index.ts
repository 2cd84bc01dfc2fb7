/**
 * The APL query engine: APL text → the language core's AST and analysis → DuckDB SQL over the
 * event tables (`events."<dataset>"`) → a plain result that `results/` turns into wire formats.
 */
import type { DuckDBConnection, DuckDBMaterializedResult, DuckDBValue } from '@duckdb/node-api';
import type { Node, QueryNode } from '../../language/index.ts';
import { walk } from '../../language/syntax/visit.ts';
import { AplQueryError, ErrorSink } from './errors.ts';
import { compileQuery } from './compile/query.ts';
import type { Stage } from './compile/stage.ts';
import { timestampLiteral } from './compile/sql.ts';
import { fieldTypeName, type Column, type ScalarType } from './compile/types.ts';
import { withConnections, type Connections, type EngineDatabase } from './connections.ts';
import { DatasetSpans, outsideRangeSql, type DatasetSpan } from './datasetSpans.ts';
import { planQuery, type MainResult } from './plan.ts';
import { binAutoWidth, parseRangeTime } from './queryRange.ts';
import { QueryControl } from './queryControl.ts';
import type { QueryQueue } from './queryQueue.ts';
import { analysisReused, parseReused, schemaReused } from './reuse.ts';
import { SchemaCache } from './schemaCache.ts';
import { logicalName } from '../store/storedNames.ts';
import { formatMicros, toWireValue } from './values.ts';
import { boundedRows, lastTimeOf } from './resultLimits.ts';

export { AplQueryError } from './errors.ts';
export type { EngineDatabase } from './connections.ts';

export interface AplRequest {
  apl: string;
  /** RFC 3339, `now`, or `now-1h`; absent means from the beginning of time. */
  startTime?: string;
  /** Same forms; absent means now. */
  endTime?: string;
  /** The most buckets `bin_auto` may produce over the range (default 100). */
  maxBinAutoGroups?: number;
  /** Queries running longer are interrupted and answer 400 (default 60 s). */
  timeLimitMs?: number;
  /** Rows a query without its own limit returns (the body's `defaultLimit`; 1000 when absent). */
  defaultLimit?: number;
}

export interface AplAccess {
  canRead(dataset: string): boolean;
}

export interface AplRunOptions {
  /** Aborts when the client has gone: the query's statements are interrupted (QueryCancelledError). */
  signal?: AbortSignal;
  /** Where the query waits for its turn on DuckDB. */
  queue?: QueryQueue;
}

export interface ResultColumn {
  name: string;
  /** The service's type name: string, integer, float, boolean, datetime, timespan, array, object. */
  type: string;
  aplType: ScalarType;
  agg?: { name: string; fields?: string[]; args?: unknown[] };
}

export interface StatusMessage {
  priority: 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  count: number;
  code: string;
  msg: string;
}

export interface AplStatus {
  elapsedTime: number;
  rowsExamined: number;
  rowsMatched: number;
  numGroups: number;
  minBlockTime: string;
  maxBlockTime: string;
  messages: StatusMessage[];
}

export interface AplTable {
  columns: ResultColumn[];
  rows: unknown[][];
}

export interface AplResult extends AplTable {
  groups: string[];
  order: { field: string; desc: boolean }[];
  /** `summarize … by bin(_time, …)`: the time column and bucket width in nanoseconds. */
  timeBin?: { field: string; size: number };
  /** The same aggregations per non-time group, for time-binned queries. */
  totals?: AplTable;
  datasetNames: string[];
  range: { field: '_time'; start: string; end: string };
  status: AplStatus;
}

export const defaultLimit = 1000;
export const defaultTimeLimitMs = 60_000;

/** What the engine keeps between queries, per database: tables' columns and datasets' spans. */
const kept = new WeakMap<EngineDatabase, { schemas: SchemaCache; spans: DatasetSpans }>();

function keptFor(database: EngineDatabase): { schemas: SchemaCache; spans: DatasetSpans } {
  let held = kept.get(database);
  if (!held) kept.set(database, (held = { schemas: new SchemaCache(), spans: new DatasetSpans() }));
  return held;
}

/** Runs one APL query for a caller who may read the datasets `access` allows. */
export async function runApl(database: EngineDatabase, request: AplRequest, access: AplAccess, options: AplRunOptions = {}): Promise<AplResult> {
  const started = process.hrtime.bigint();
  const control = new QueryControl(request.timeLimitMs ?? defaultTimeLimitMs, started, options.signal);
  try {
    const done = await options.queue?.acquire(control.signal);
    try {
      // Read only once its turn has come: a waiting query holds its text, not its tree.
      return await runControlled(database, control, readRequest(request, started), access);
    } finally {
      // The turn is held until a stopped statement has wound down too: it still holds a thread.
      if (done) void control.settled().then(done);
    }
  } finally {
    control.finish();
  }
}

/** The query's tree and time range; a syntax error or a bad range is an AplQueryError. */
function readRequest(request: AplRequest, started: bigint): ReadRequest {
  const parsed = parseReused(request.apl);
  const syntax = parsed.errors[0];
  if (syntax) {
    const position = parsed.lineIndex.positionAt(syntax.start);
    throw new AplQueryError(syntax.message, position.line + 1, position.character + 1, 'syntax');
  }
  const query = parsed.root.queries[0];
  if (!query || parsed.root.queries.length > 1) throw new AplQueryError('expected exactly one query', 0, 0, 'syntax');
  const nowMicros = BigInt(Date.now()) * 1000n;
  const start = request.startTime ? parseRangeTime(request.startTime, nowMicros, 'startTime') : 0n;
  const end = request.endTime ? parseRangeTime(request.endTime, nowMicros, 'endTime') : nowMicros;
  return { parsed, query, request, start, end, nowMicros, implicitEnd: !request.endTime, started };
}

async function runControlled(database: EngineDatabase, control: QueryControl, base: ReadRequest, access: AplAccess): Promise<AplResult> {
  const { query } = base;
  return withConnections(database, control, async (connections) => {
    const connection = connections.main;
    const names = referencedNames(query);
    const allReadable = names.has(everyDataset) ? (await storedDatasets(connection)).filter((name) => access.canRead(name)) : [];
    const readable = [...new Set([...names, ...allReadable])].filter((name) => name !== everyDataset && access.canRead(name));
    const cache = keptFor(database).schemas;
    const version = database.eventSchemaVersion;
    const cached = cache.cached(readable, version);
    const tables = cached ?? (await cache.load(connection, readable, version));
    const context: AnswerContext = { ...base, allReadable, spans: keptFor(database).spans, dataVersion: () => database.eventDataVersion };
    try {
      return await answerQuery(context, tables, connections, control);
    } catch (error) {
      // Cached columns are current unless something other than the event store changed a table: look again.
      if (!cached || !(error instanceof AplQueryError) || control.stopped) throw error;
      const fresh = await cache.load(connection, readable, database.eventSchemaVersion);
      if (sameColumns(fresh, cached)) throw error;
      return answerQuery(context, fresh, connections, control);
    }
  });
}

interface AnswerContext {
  parsed: ReturnType<typeof parseReused>;
  query: QueryNode;
  request: AplRequest;
  start: bigint;
  end: bigint;
  nowMicros: bigint;
  implicitEnd: boolean;
  started: bigint;
  allReadable: string[];
  spans: DatasetSpans;
  dataVersion: () => number;
}

type ReadRequest = Omit<AnswerContext, 'allReadable' | 'spans' | 'dataVersion'>;

/** Analyzes, compiles and runs the query against the given columns. */
async function answerQuery(context: AnswerContext, tables: Map<string, Column[]>, connections: Connections, control: QueryControl): Promise<AplResult> {
  const connection = connections.main;
  const { parsed, query, request, start, end, nowMicros, started } = context;
  const messages: StatusMessage[] = [];
  if (context.implicitEnd) messages.push({ priority: 'warn', count: 1, code: 'apl_implicitendtimeofnowapplied_1', msg: `line: 1, col: 1: implicit end time of 'now' applied` });
  const { analyzed, error: problem } = analysisReused(parsed, schemaReused(tables));
  if (problem) throw new AplQueryError(problem.message, problem.range.start.line + 1, problem.range.start.character + 1, 'semantic');

  const errors = new ErrorSink(parsed.lineIndex);
  const env = {
    analyzed,
    errors,
    datasetColumns: (name: string) => tables.get(name),
    timeFilter: `"_time" >= ${timestampLiteral(start)} AND "_time" < ${timestampLiteral(end)}`,
    now: timestampLiteral(nowMicros),
    binAutoNanos: binAutoWidth(start, end, request.maxBinAutoGroups ?? 100),
    readableDatasets: () => context.allReadable,
    rangeSeconds: Math.max(Number(end - start) / 1e6, 1e-6),
  };
  const { stage, datasets } = compileQuery(query, env, new Set(tables.keys()));
  const rowLimit = request.defaultLimit ?? defaultLimit;
  const dataVersion = context.dataVersion();
  const spans = context.spans.within([...datasets], dataVersion, start, end);
  const plan = planQuery({ stage, datasets: [...datasets], timeFilter: env.timeFilter, defaultLimit: rowLimit, spans });
  // Every statement of the query goes through its control: the time limit and the client stop them all.
  const run = (on: DuckDBConnection, sql: string) => control.run(on, sql);
  const mainRun = run(connection, plan.main);
  // A status statement that needs the main result starts once it is there, and runs while its rows are read.
  const { statusAfter } = plan;
  const statusRun = statusAfter
    ? mainRun.then((main) => {
        const sql = statusAfter(lastRowOf(main));
        return sql === undefined ? undefined : run(connections.status, sql);
      })
    : plan.status === undefined
      ? undefined
      : run(connections.status, plan.status);
  const totalsRun = plan.totals === undefined ? undefined : run(connections.totals, plan.totals);
  // Whether the datasets the status counted have rows outside the range, asked once it has counted.
  const spanParts = statusAfter || plan.status === undefined ? [] : plan.spanParts.filter((part) => context.spans.unknown(part.name, dataVersion));
  const outsideRun = spanParts.length === 0 ? undefined : statusRun!.then(() => run(connections.status, outsideRangeSql(spanParts.map((part) => part.name), start, end))).catch(() => undefined);
  const overLimit = (count: number) => !stage.limited && count > rowLimit;
  // The result rows are made wire values as soon as they are read, while the other statements run.
  const toWire = (rows: DuckDBValue[][]) => (overLimit(rows.length) ? rows.slice(0, rowLimit) : rows).map((row) => wireRow(row, stage.columns));
  const mainRead = mainRun.then((done) => {
    const rows = plan.resultRows(boundedRows(done));
    return { rows, wire: toWire(rows) };
  });
  const [main, statusRows, totalsRows, outsideRows] = await allInOrder([mainRead, statusRun?.then((done) => done && boundedRows(done)), totalsRun?.then(boundedRows), outsideRun?.then((done) => done && boundedRows(done))]);
  if (statusRows && outsideRows) learnSpans(context, dataVersion, spanParts, (index) => plan.spanOf(statusRows, index), outsideRows);
  const outcome = plan.read(main.rows, statusRows ?? []);
  const { followUp } = outcome;
  if (followUp) {
    const [status, totals] = await Promise.all([
      followUp.status === undefined ? undefined : run(connections.status, followUp.status),
      followUp.totals === undefined ? undefined : run(connections.totals, followUp.totals),
    ]);
    if (status) outcome.status = plan.readStatus(boundedRows(status));
    if (totals) outcome.totals = boundedRows(totals);
  }

  if (overLimit(main.rows.length)) messages.push({ priority: 'warn', count: 1, code: 'default_limit_warning', msg: `a default limit of ${rowLimit} was applied` });
  const totalColumns = stage.columns.filter((column) => column.name !== stage.timeBin?.column);
  const totals = outcome.totals ?? totalsRows;
  const counts = outcome.status;
  const columns = stage.columns.map((column) => resultColumn(column, stage));
  const elapsed = Number((process.hrtime.bigint() - started) / 1000n);
  return {
    columns,
    rows: main.wire,
    groups: stage.groups ?? [],
    order: plan.order,
    timeBin: stage.timeBin && { field: stage.timeBin.column, size: stage.timeBin.nanos },
    totals: totals && {
      columns: totalColumns.map((column) => resultColumn(column, stage)),
      rows: totals.map((row) => row.map((cell, i) => toWireValue(cell, totalColumns[i]!.type))),
    },
    datasetNames: [...datasets],
    range: { field: '_time', start: formatMicros(start), end: formatMicros(end) },
    status: {
      elapsedTime: Math.max(elapsed, 1),
      rowsExamined: counts.examined,
      rowsMatched: counts.matched,
      numGroups: stage.groups?.length ? main.wire.length : 0,
      minBlockTime: formatMicros(counts.minTime ?? start),
      maxBlockTime: formatMicros(counts.maxTime ?? end),
      messages,
    },
  };
}

/** Keeps the span of each counted dataset with no row outside the range, while the data are as they were counted. */
function learnSpans(context: AnswerContext, version: number, parts: readonly { name: string; index: number }[], spanOf: (index: number) => DatasetSpan | undefined, outsideRows: DuckDBValue[][]): void {
  if (context.dataVersion() !== version) return;
  const outside = new Set(outsideRows.map(([part]) => Number(part)));
  parts.forEach((part, i) => context.spans.remember(part.name, version, outside.has(i) ? undefined : spanOf(part.index)));
}

/** Waits for all of them, then fails with the first failure in their order: the main statement's error wins. */
async function allInOrder<T extends readonly unknown[]>(promises: readonly [...{ [K in keyof T]: Promise<T[K]> | T[K] }]): Promise<T> {
  const settled = await Promise.allSettled(promises);
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  }) as unknown as T;
}

function wireRow(row: readonly DuckDBValue[], columns: readonly Column[]): unknown[] {
  return columns.map((column, i) => toWireValue(row[i]!, column.type));
}

function lastRowOf(result: DuckDBMaterializedResult): MainResult {
  return { rowCount: result.rowCount, lastTime: (column) => lastTimeOf(result, column) };
}

function sameColumns(a: Map<string, Column[]>, b: Map<string, Column[]>): boolean {
  return a.size === b.size && [...a].every(([name, columns]) => JSON.stringify(columns) === JSON.stringify(b.get(name)));
}

function resultColumn(column: Column, stage: Stage): ResultColumn {
  const agg = stage.aggregations?.get(column.name);
  const result: ResultColumn = { name: column.name, type: fieldTypeName(column), aplType: column.type };
  if (agg) result.agg = { name: agg.name, ...(agg.fields.length ? { fields: agg.fields } : {}), ...(agg.args.length ? { args: agg.args } : {}) };
  return result;
}

/** Stands in the referenced names for "every dataset" (a union wildcard, a search source). */
const everyDataset = '\u0000*';

async function storedDatasets(connection: DuckDBConnection): Promise<string[]> {
  const reader = await connection.runAndReadAll(`SELECT table_name FROM duckdb_tables() WHERE schema_name = 'events'`);
  return reader
    .getRows()
    .map((row) => logicalName(String(row[0])))
    .sort();
}

/** Names that stand where a table is expected: pipeline sources, union and join operands. */
function referencedNames(root: Node): Set<string> {
  const names = new Set<string>();
  const tableName = (expression: Node | undefined): void => {
    if (expression?.kind === 'Name') names.add(expression.name);
    if (expression?.kind === 'Paren') tableName(expression.expression);
  };
  // `walk` loops rather than recursing: an `or` chain is a tree as deep as it is long.
  walk(root, (node) => {
    if (node.kind === 'Pipeline') tableName(node.source);
    // A query or a let that is only a dataset: `['logs']`, `let t = ['logs'];`.
    if (node.kind === 'ExpressionStatement') tableName(node.expression);
    if (node.kind === 'LetStatement') tableName(node.value);
    if (node.kind === 'union') node.tables.forEach(tableName);
    if (node.kind === 'union' && node.tables.some((table) => table.kind === 'Wildcard' || table.kind === 'Star')) names.add(everyDataset);
    if (node.kind === 'search') names.add(everyDataset);
    if (node.kind === 'join' || node.kind === 'lookup') tableName(node.right);
  });
  return names;
}

