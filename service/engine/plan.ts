/**
 * The statements that answer a compiled query, run side by side on connections of their own:
 *
 *   - the main statement: the result rows. When the query ends in a summarize (or count) of
 *     filtered rows, each group also carries its row count, and they add up to the rows matched
 *     in JavaScript. Rows matched that are every row of a dataset (`Stage.rowsOf`) are as many as
 *     were examined; a summarize of them without keys counts them and finds their time span itself.
 *     A last stage may offer a faster statement for its rows as the answer (`Stage.asResult`);
 *   - the totals of a time-binned summarize: added up from its buckets the same way when every
 *     aggregation combines (counts, sums, extremes), otherwise a statement of their own (the same
 *     aggregations without the time key, beside the main one rather than a second grouping set
 *     in it: DuckDB then aggregates each set on its own thread);
 *   - the status statement: per dataset the rows read and their earliest and latest time, and
 *     the matched-row count when it could not be had otherwise (plain aggregates joined by
 *     UNION ALL: scalar subqueries cost milliseconds to plan). A dataset whose every row lies in
 *     the range, as counted before while no row has changed since (`PlanInput.spans`), has no part.
 *
 * Groups past the default limit are not read, so when there are more, the rows matched and the
 * totals that would be added up from them come from statements of their own instead.
 *
 * Rows read (examined) are those in the time range and within the query's own bounds on the stored
 * `_time` (`Stage.readBounds`). Rows matched are those that pass the filters before the first
 * reducing operator (all rows of the last stage when there is none); a query that filters nothing
 * matches the rows it examines. A take by time (`Stage.takesByTime`) is answered as an engine that
 * reads in time order answers it: it stops at the last row it takes, so its status statement
 * follows the main one, counting the rows up to that row's time (no statement when nothing but
 * bounds on `_time` filtered them: it read the rows it took), and the rows it matched are the
 * rows it took.
 */
import { DuckDBTimestampValue, type DuckDBValue } from '@duckdb/node-api';
import { ident, timestampLiteral } from './compile/sql.ts';
import { countAllSql } from './compile/aggregations.ts';
import { matchedOf, orderSql, type Combine, type Stage, type SummaryParts } from './compile/stage.ts';
import type { DatasetSpan } from './datasetSpans.ts';

export interface StatusFigures {
  examined: number;
  matched: number;
  minTime?: bigint;
  maxTime?: bigint;
}

/** What the statements' rows tell besides the result rows: the totals and the status figures. */
export interface PlanOutcome {
  /** The totals rows of a time-binned summarize, when added up from the rows. */
  totals?: DuckDBValue[][];
  status: StatusFigures;
  /**
   * Statements to run when the groups passed the default limit, so that what was to be added up
   * from them could not be: the status with the rows matched counted (read with `readStatus`),
   * the totals.
   */
  followUp?: { status?: string; totals?: string };
}

/** What a statement that follows the main one reads of its result, before the rows are converted. */
export interface MainResult {
  readonly rowCount: number;
  /** A timestamp column's value in the last row, in microseconds (undefined when null or not a timestamp). */
  lastTime(column: number): bigint | undefined;
}

export interface QueryPlan {
  main: string;
  /** Undefined when there is nothing to count (no dataset, matched rows known otherwise). */
  status: string | undefined;
  /** The totals statement, when the totals are not added up from the main rows. */
  totals: string | undefined;
  order: { field: string; desc: boolean }[];
  /** The status statement instead of `status`, when it depends on the main result (none: the rows tell). */
  statusAfter?: (main: MainResult) => string | undefined;
  /** The result rows from the main statement's rows. */
  resultRows(main: DuckDBValue[][]): DuckDBValue[][];
  read(main: DuckDBValue[][], status: DuckDBValue[][]): PlanOutcome;
  /** The figures of a follow-up status statement's rows. */
  readStatus(status: DuckDBValue[][]): StatusFigures;
  /**
   * The datasets whose every row in the range `status` counts, each with the index of its part:
   * when none lies outside the range, its part's figures are the dataset's span.
   */
  spanParts: { name: string; index: number }[];
  /** A dataset part's figures in the status rows. */
  spanOf(status: DuckDBValue[][], index: number): DatasetSpan | undefined;
}

export interface PlanInput {
  stage: Stage;
  datasets: readonly string[];
  timeFilter: string;
  defaultLimit: number;
  /** Datasets whose every row lies in the time range, with their figures (datasetSpans.ts). */
  spans?: ReadonlyMap<string, DatasetSpan>;
}

const matchedColumn = 'apl_matched';

export function planQuery(input: PlanInput): QueryPlan {
  const { stage, datasets, defaultLimit } = input;
  // The rows read: those in the time range, and between the query's own bounds on `_time`.
  const timeFilter = [input.timeFilter, ...(datasets.length === 1 ? (stage.readBounds ?? []) : [])].join(' AND ');
  const { matchedSql, matchedRowsOf } = matchedOf(stage);
  const summary = stage.summary;
  const readsMatched = summary !== undefined && summary.from === matchedSql;
  // Rows matched that are every row of a dataset are as many as it has in the range. Otherwise a
  // summarize of the matched rows counts them per group, added up in JavaScript (each group's
  // earliest and latest time would cost it more than the status statement's scan of `_time`).
  const foldsMatched = readsMatched && matchedRowsOf === undefined;
  // A summarize without keys of every row of the one dataset also yields the status figures.
  const foldsStatus = readsMatched && summary.keys.length === 0 && datasets.length === 1 && matchedRowsOf === datasets[0];
  const folded: Folded = foldsStatus ? 'status' : foldsMatched ? 'matched' : 'none';
  const binned = summary !== undefined && stage.timeBin !== undefined && summary.keys.length > 0;
  const totalsFromGroups = binned && summary.outputs.every((output) => output.combine !== undefined);
  const width = stage.columns.length;
  // Each group's row count: the summarize's own count() when it has one (DuckDB would compute a
  // second count(*) beside it: a third of a millisecond per million rows), else a column added last.
  const ownCount = summary ? summary.outputs.findIndex((output) => output.sql === countAllSql) : -1;
  const countAt = ownCount < 0 ? width : summary!.keys.length + ownCount;

  const main = stage.asResult
    ? stage.asResult.sql
    : summary && (folded !== 'none' || totalsFromGroups)
    ? // A summary with folded figures: a GROUP BY with no order or limit of its own, sorted and limited here.
      `${summarySql(summary, folded, ownCount < 0)}${orderSql(stage.order)} LIMIT ${defaultLimit + 1}`
    : stage.sorted && stage.limited
      ? stage.sql
      : `SELECT * FROM (${stage.sql}) AS result${stage.sorted ? '' : orderSql(stage.order)}${stage.limited ? '' : ` LIMIT ${defaultLimit + 1}`}`;
  const countsMatched = matchedRowsOf === undefined && !foldsMatched;
  const { takesByTime } = stage;
  const timeColumn = stage.columns.findIndex((column) => column.name === '_time');
  // A take by time over every row read (no filter but bounds on `_time`) that got all the rows it
  // asked for read no others.
  const tookEveryRowRead = (rows: number) => matchedRowsOf !== undefined && rows === takesByTime;
  // Datasets known to lie wholly in the range need no part of their own in the status statement,
  // unless the query narrows the rows read (its own bounds on `_time`, a take by time) or its
  // summarize finds the figures itself.
  const narrowed = takesByTime !== undefined || timeFilter !== input.timeFilter || foldsStatus;
  const spans = narrowed ? new Map<string, DatasetSpan>() : (input.spans ?? new Map<string, DatasetSpan>());
  const knownRows: DuckDBValue[][] = datasets.flatMap((name, index) => {
    const span = spans.get(name);
    return span ? [[index, span.count, span.min ?? null, span.max ?? null]] : [];
  });
  const counted = (rows: DuckDBValue[][]) => [...knownRows, ...rows];

  /** Examined rows and times from the dataset parts; matched from its dataset's part or the matched part. */
  const readStatus = (rows: DuckDBValue[][]): StatusFigures => {
    const figures: StatusFigures = { examined: 0, matched: 0 };
    const counts = new Map<number, number>();
    for (const [part, count, min, max] of counted(rows)) {
      counts.set(Number(part), Number(count));
      if (Number(part) === datasets.length) continue;
      figures.examined += Number(count);
      if (typeof min === 'bigint' && (figures.minTime === undefined || min < figures.minTime)) figures.minTime = min;
      if (typeof max === 'bigint' && (figures.maxTime === undefined || max > figures.maxTime)) figures.maxTime = max;
    }
    figures.matched = counts.get(matchedRowsOf !== undefined ? datasets.indexOf(matchedRowsOf) : datasets.length) ?? 0;
    return figures;
  };

  return {
    main,
    status: foldsStatus || takesByTime !== undefined ? undefined : statusStatement(datasets, timeFilter, countsMatched ? matchedSql : undefined, spans),
    statusAfter:
      takesByTime === undefined
        ? undefined
        : (main) => {
            if (tookEveryRowRead(main.rowCount)) return undefined;
            return takenStatement(stage, main.rowCount < takesByTime ? undefined : main.lastTime(timeColumn), datasets, timeFilter);
          },
    totals: stage.timeBin && !totalsFromGroups ? stage.totalsSql : undefined,
    order: (stage.order ?? []).map((key) => ({ field: key.column, desc: key.desc })),
    readStatus,
    spanParts: narrowed ? [] : datasets.flatMap((name, index) => (spans.has(name) ? [] : [{ name, index }])),
    spanOf(rows, index) {
      const row = rows.find(([part]) => Number(part) === index);
      if (!row) return undefined;
      const [, count, min, max] = row;
      return typeof min === 'bigint' && typeof max === 'bigint' ? { count: Number(count), min, max } : { count: Number(count) };
    },
    resultRows: stage.asResult?.rows ?? ((rows) => rows),
    read(mainRows, statusRows) {
      // Groups past the default limit are not here to be added up.
      const cut = !stage.limited && mainRows.length > defaultLimit;
      const figures = readStatus(statusRows);
      if (takesByTime !== undefined) {
        figures.matched = mainRows.length;
        if (tookEveryRowRead(mainRows.length)) Object.assign(figures, { examined: mainRows.length, ...timeSpan(mainRows, timeColumn) });
      }
      if (foldsMatched) figures.matched = mainRows.reduce((sum, row) => sum + Number(row[countAt] ?? 0), 0);
      if (foldsStatus) {
        const [min, max] = mainRows[0]!.slice(ownCount < 0 ? width + 1 : width);
        figures.examined = figures.matched = Number(mainRows[0]![countAt]);
        if (typeof min === 'bigint') figures.minTime = min;
        if (typeof max === 'bigint') figures.maxTime = max;
      }
      if (!cut || (!foldsMatched && !totalsFromGroups)) return { totals: totalsFromGroups ? totalsOf(mainRows, summary!) : undefined, status: figures };
      const followUp = {
        status: foldsMatched ? statusStatement(datasets, timeFilter, matchedSql, spans) : undefined,
        totals: totalsFromGroups ? stage.totalsSql : undefined,
      };
      return { status: figures, followUp };
    },
  };
}

/**
 * The status of a take by time. An engine reading in the take's time order stops at the last row
 * it takes: it examined the rows up to that row's time, and the rows it matched are those it took.
 * A take that got fewer rows than it asked for read the whole range (`last` undefined). The rows are in
 * the take's order, `_time` first: the last one has the time it stopped at.
 */
function takenStatement(stage: Stage, last: bigint | undefined, datasets: readonly string[], timeFilter: string): string {
  if (last === undefined) return statusStatement(datasets, timeFilter, undefined, new Map())!;
  // The last row taken is the oldest (newest) row read: only the other end is to be found.
  const newestFirst = stage.order![0]!.desc;
  const stop = `CAST(${last} AS BIGINT)`;
  const span = newestFirst ? `${stop} AS apl_min, epoch_us(max("_time")) AS apl_max` : `epoch_us(min("_time")) AS apl_min, ${stop} AS apl_max`;
  return statusStatement(datasets, `${timeFilter} AND "_time" ${newestFirst ? '>=' : '<='} ${timestampLiteral(last)}`, undefined, new Map(), span)!;
}

/** The earliest and latest time among the rows. */
function timeSpan(rows: readonly DuckDBValue[][], at: number): { minTime?: bigint; maxTime?: bigint } {
  const times = rows.map((row) => row[at]).filter((time) => time instanceof DuckDBTimestampValue).map((time) => time.micros);
  if (times.length === 0) return {};
  return { minTime: times.reduce((a, b) => (b < a ? b : a)), maxTime: times.reduce((a, b) => (b > a ? b : a)) };
}

/**
 * One row per part: its index, a count, and for datasets the earliest and latest time (plain
 * aggregates joined by UNION ALL). Datasets with a known span (`spans`) have no part.
 */
function statusStatement(
  datasets: readonly string[],
  timeFilter: string,
  matchedSql: string | undefined,
  spans: ReadonlyMap<string, DatasetSpan>,
  span = `epoch_us(min("_time")) AS apl_min, epoch_us(max("_time")) AS apl_max`,
): string | undefined {
  const parts = datasets.flatMap((name, index) => (spans.has(name) ? [] : [`SELECT ${index} AS apl_part, count(*) AS apl_count, ${span} FROM events.${ident(name)} WHERE ${timeFilter}`]));
  if (matchedSql !== undefined) parts.push(`SELECT ${datasets.length}, count(*), NULL, NULL FROM (${matchedSql}) AS apl_matched`);
  return parts.length ? parts.join(' UNION ALL ') : undefined;
}

/**
 * The totals of a time-binned summarize from its groups: one row per combination of the other
 * keys, each aggregation combined over the time buckets, ordered by the first aggregation
 * descending (as the totals statement, `Stage.totalsSql`, orders them).
 */
function totalsOf(rows: readonly DuckDBValue[][], summary: SummaryParts): DuckDBValue[][] {
  const keyCount = summary.keys.length;
  const combines = summary.outputs.map((output) => output.combine!);
  const groups = new Map<string, DuckDBValue[]>();
  for (const row of rows) {
    const keys = row.slice(1, keyCount);
    const id = keys.map((key) => `${typeof key}:${String(key)}`).join('\u0000');
    const total = groups.get(id);
    if (!total) {
      groups.set(id, [...keys, ...row.slice(keyCount, keyCount + combines.length)]);
      continue;
    }
    combines.forEach((combine, i) => (total[keyCount - 1 + i] = combined(combine, total[keyCount - 1 + i]!, row[keyCount + i]!)));
  }
  // No rows at all still has the one total of a summarize without other keys.
  if (groups.size === 0 && keyCount === 1) groups.set('', combines.map((combine) => (combine === 'count' ? 0n : null)));
  const totals = [...groups.values()];
  if (combines.length > 0) totals.sort((a, b) => descendingNullsLast(a[keyCount - 1]!, b[keyCount - 1]!));
  return totals;
}

function combined(combine: Combine, a: DuckDBValue, b: DuckDBValue): DuckDBValue {
  if (a === null) return b;
  if (b === null) return a;
  const [x, y] = [a as number | bigint, b as number | bigint];
  switch (combine) {
    case 'count':
    case 'sum':
      return typeof x === 'bigint' && typeof y === 'bigint' ? x + y : Number(x) + Number(y);
    case 'min':
      return y < x ? y : x;
    case 'max':
      return y > x ? y : x;
  }
}

function descendingNullsLast(a: DuckDBValue, b: DuckDBValue): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return a < b ? 1 : a > b ? -1 : 0;
}

function selectList(summary: SummaryParts): string {
  return [...summary.keys, ...summary.outputs].map((item) => `${item.sql} AS ${ident(item.name)}`).join(', ');
}

function groupBy(count: number): string {
  return count > 0 ? ` GROUP BY ${Array.from({ length: count }, (_, i) => i + 1).join(', ')}` : '';
}

type Folded = 'none' | 'matched' | 'status';

/**
 * The summarize with folded figures as last columns: each group's row count (`matched`, unless
 * the summarize counts its rows itself), and for a summary without keys the earliest and latest
 * time too (`status`).
 */
function summarySql(summary: SummaryParts, folded: Folded, countsRows: boolean): string {
  const figures = folded !== 'none' && countsRows ? [`${countAllSql} AS ${matchedColumn}`] : [];
  if (folded === 'status') figures.push(`epoch_us(min(apl_rows."_time")) AS apl_min`, `epoch_us(max(apl_rows."_time")) AS apl_max`);
  return `SELECT ${[selectList(summary), ...figures].join(', ')} FROM ${summary.rows}${groupBy(summary.keys.length)}`;
}
