/**
 * The two statements that answer a compiled query, run side by side on two connections:
 *
 *   - the main statement: the result rows. When the query ends in a summarize (or count), each
 *     group also carries its row count (and, over one dataset's unfiltered rows, its earliest and
 *     latest time), which add up to the rows matched (and examined) in JavaScript. The totals of a
 *     time-binned summarize are added up the same way when its aggregations combine (counts, sums,
 *     extremes); otherwise they come from the same scan as a second grouping set (GROUPING SETS:
 *     the groups without the time key, the figures then as window aggregates over the groups);
 *   - the status statement: per dataset the rows in the time range and their earliest and
 *     latest time, and the matched-row count when it could not be had otherwise (plain
 *     aggregates joined by UNION ALL: scalar subqueries cost milliseconds to plan).
 *
 * Groups past the default limit are not read, so when there are more, the figures and totals
 * that would be added up from them come from statements of their own instead.
 *
 * Rows matched are those that pass the filters before the first reducing operator (all rows of
 * the last stage when there is none); a query that filters nothing matches the rows it examines.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import { ident } from './compile/sql.ts';
import { orderSql, type Combine, type Stage, type SummaryParts } from './compile/stage.ts';

export interface StatusFigures {
  examined: number;
  matched: number;
  minTime?: bigint;
  maxTime?: bigint;
}

export interface PlanOutcome {
  /** The result rows: the stage's columns, before the default limit. */
  rows: DuckDBValue[][];
  /** The totals rows (time-binned summarize), when the main statement answered them. */
  totals?: DuckDBValue[][];
  status: StatusFigures;
  /**
   * Set when the groups passed the default limit, so that figures added up from them would miss
   * the rest: the status then comes from `completeStatus`, the totals from `stage.totalsSql`.
   */
  incomplete?: boolean;
}

export interface QueryPlan {
  main: string;
  /** Undefined when there is nothing to count (no dataset, matched rows known otherwise). */
  status: string | undefined;
  /** Every status figure on its own, for an incomplete outcome. */
  completeStatus: string | undefined;
  order: { field: string; desc: boolean }[];
  read(main: DuckDBValue[][], status: DuckDBValue[][]): PlanOutcome;
  /** The figures of `completeStatus`'s rows. */
  readComplete(status: DuckDBValue[][]): StatusFigures;
}

export interface PlanInput {
  stage: Stage;
  /** Source SQL → dataset (`compileQuery`'s `sources`). */
  sources: ReadonlyMap<string, string>;
  datasets: readonly string[];
  timeFilter: string;
  defaultLimit: number;
}

const totalsFlag = 'apl_totals';
const matchedColumn = 'apl_matched';

export function planQuery(input: PlanInput): QueryPlan {
  const { stage, sources, datasets, timeFilter, defaultLimit } = input;
  const matchedSql = stage.matchedSql ?? stage.sql;
  const summary = stage.summary;
  const foldsMatched = !sources.has(matchedSql) && summary !== undefined && summary.from === matchedSql;
  const binned = summary !== undefined && stage.timeBin !== undefined && summary.keys.length > 0;
  // Counts, sums and extremes per time bucket add up to the totals; other aggregations need
  // the groups without the time key as a second grouping set.
  const totalsFromGroups = binned && summary.outputs.every((output) => output.combine !== undefined);
  const groupingSets = binned && !totalsFromGroups;
  const width = stage.columns.length;

  // A summarize over one dataset's rows unfiltered: the rows examined (= matched) and their
  // earliest and latest time come from the same scan, as aggregates of the groups.
  const foldsStatus = summary !== undefined && datasets.length === 1 && summary.from === matchedSql && sources.get(matchedSql) === datasets[0];
  const folded: FoldedFigures = foldsStatus ? 'status' : foldsMatched ? 'matched' : 'none';

  let main: string;
  if (summary && groupingSets) {
    main = binnedSummarySql(summary, folded, defaultLimit);
  } else {
    const body = summary && (folded !== 'none' || totalsFromGroups) ? summarySql(summary, folded) : stage.sql;
    main = `SELECT * FROM (${body}) AS result${orderSql(stage.order)}${stage.limited ? '' : ` LIMIT ${defaultLimit + 1}`}`;
  }

  const countsMatched = !sources.has(matchedSql) && !foldsMatched;
  const status = statusStatement(datasets, timeFilter, !foldsStatus, countsMatched ? matchedSql : undefined);
  const completeStatus = statusStatement(datasets, timeFilter, true, sources.has(matchedSql) ? undefined : matchedSql);

  /** Examined rows and times from the dataset parts; matched from its source's part or the matched part. */
  const readStatus = (rows: DuckDBValue[][], figures: StatusFigures, matchedFromParts: boolean): StatusFigures => {
    const counts = new Map<number, number>();
    for (const [part, count, min, max] of rows) {
      counts.set(Number(part), Number(count));
      if (Number(part) === datasets.length) continue;
      figures.examined += Number(count);
      if (typeof min === 'bigint' && (figures.minTime === undefined || min < figures.minTime)) figures.minTime = min;
      if (typeof max === 'bigint' && (figures.maxTime === undefined || max > figures.maxTime)) figures.maxTime = max;
    }
    const source = sources.get(matchedSql);
    if (source !== undefined) figures.matched = counts.get(datasets.indexOf(source)) ?? 0;
    else if (matchedFromParts) figures.matched = counts.get(datasets.length) ?? 0;
    return figures;
  };

  return {
    main,
    status,
    completeStatus,
    order: (stage.order ?? []).map((key) => ({ field: key.column, desc: key.desc })),
    readComplete: (rows) => readStatus(rows, { examined: 0, matched: 0 }, true),
    read(mainRows, statusRows) {
      if (groupingSets) return readGroupingSets(mainRows, statusRows);
      const rows = folded !== 'none' ? mainRows.map((row) => row.slice(0, width)) : mainRows;
      // Groups past the default limit are not here to be added up.
      const incomplete = (folded !== 'none' || totalsFromGroups) && !stage.limited && mainRows.length > defaultLimit;
      if (incomplete) return { rows, status: { examined: 0, matched: 0 }, incomplete };
      const figures = readStatus(statusRows, { examined: 0, matched: 0 }, countsMatched);
      if (folded !== 'none') {
        const sums = addUp(mainRows, width);
        figures.matched = sums.count;
        if (folded === 'status') Object.assign(figures, { examined: sums.count, minTime: sums.min, maxTime: sums.max });
      }
      return { rows, totals: totalsFromGroups ? totalsOf(rows, summary!) : undefined, status: figures };
    },
  };

  function readGroupingSets(mainRows: DuckDBValue[][], statusRows: DuckDBValue[][]): PlanOutcome {
    const figures = readStatus(statusRows, { examined: 0, matched: 0 }, countsMatched);
    // The folded figures follow the stage's columns and the totals flag, the same on every row.
    const [count, min, max] = mainRows[0]?.slice(width + 1) ?? [];
    if (folded !== 'none') figures.matched = Number(count ?? 0);
    if (folded === 'status') {
      figures.examined = figures.matched;
      if (typeof min === 'bigint') figures.minTime = min;
      if (typeof max === 'bigint') figures.maxTime = max;
    }
    const flag = width;
    return {
      rows: mainRows.filter((row) => Number(row[flag]) === 0).map((row) => row.slice(0, width)),
      totals: mainRows.filter((row) => Number(row[flag]) !== 0).map((row) => row.slice(1, width)),
      status: figures,
    };
  }
}

/** One row per part: its index, a count, and for datasets the earliest and latest time (plain aggregates joined by UNION ALL). */
function statusStatement(datasets: readonly string[], timeFilter: string, withDatasets: boolean, matchedSql: string | undefined): string | undefined {
  const parts = withDatasets
    ? datasets.map(
        (name, index) => `SELECT ${index} AS apl_part, count(*) AS apl_count, epoch_us(min("_time")) AS apl_min, epoch_us(max("_time")) AS apl_max FROM events.${ident(name)} WHERE ${timeFilter}`,
      )
    : [];
  if (matchedSql !== undefined) parts.push(`SELECT ${datasets.length}, count(*), NULL, NULL FROM (${matchedSql}) AS apl_matched`);
  return parts.length ? parts.join(' UNION ALL ') : undefined;
}

/** The folded per-group figures (count, earliest, latest) added up over the groups. */
function addUp(rows: readonly DuckDBValue[][], at: number): { count: number; min?: bigint; max?: bigint } {
  const sums: { count: number; min?: bigint; max?: bigint } = { count: 0 };
  for (const row of rows) {
    const [count, min, max] = row.slice(at);
    sums.count += Number(count ?? 0);
    if (typeof min === 'bigint' && (sums.min === undefined || min < sums.min)) sums.min = min;
    if (typeof max === 'bigint' && (sums.max === undefined || max > sums.max)) sums.max = max;
  }
  return sums;
}

/**
 * The totals of a time-binned summarize from its groups: one row per combination of the other
 * keys, each aggregation combined over the time buckets, ordered by the first aggregation
 * descending (as the grouping-set totals are).
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
      groups.set(id, [...keys, ...row.slice(keyCount)]);
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

type FoldedFigures = 'none' | 'matched' | 'status';

/**
 * Aggregates that carry folded status figures: per group (plain aggregates, added up when read),
 * or over the groups of one grouping set (`over`, a window).
 */
function foldedColumns(folded: FoldedFigures, over?: string): string[] {
  if (folded === 'none') return [];
  const count = over === undefined ? 'count(*)' : `sum(count(*)) OVER (${over})`;
  if (folded === 'matched') return [`${count} AS ${matchedColumn}`];
  const time = 'apl_rows."_time"';
  const min = over === undefined ? `min(${time})` : `min(min(${time})) OVER (${over})`;
  const max = over === undefined ? `max(${time})` : `max(max(${time})) OVER (${over})`;
  return [`${count} AS ${matchedColumn}`, `epoch_us(${min}) AS apl_min`, `epoch_us(${max}) AS apl_max`];
}

/** The summarize with its folded status figures per group as last columns. */
function summarySql(summary: SummaryParts, folded: FoldedFigures): string {
  return `SELECT ${[selectList(summary), ...foldedColumns(folded)].join(', ')} FROM (${summary.from}) AS apl_rows${groupBy(summary.keys.length)}`;
}

/**
 * A time-binned summarize and its totals in one statement: the groups by every key (flag 0,
 * time order, at most one past the default limit) then the groups without the time key (flag 1,
 * the first aggregation descending), optionally with folded status figures as last columns.
 */
function binnedSummarySql(summary: SummaryParts, folded: FoldedFigures, defaultLimit: number): string {
  const time = summary.keys[0]!;
  const positions = summary.keys.map((_, i) => i + 1);
  const flag = `GROUPING(${time.sql})`;
  const extra = [`${flag} AS ${totalsFlag}`, ...foldedColumns(folded, `PARTITION BY ${flag}`)];
  const sets = ` GROUP BY GROUPING SETS ((${positions.join(', ')}), (${positions.slice(1).join(', ')}))`;
  const qualify = ` QUALIFY ${flag} = 1 OR row_number() OVER (PARTITION BY ${flag} ORDER BY ${time.sql} ASC NULLS LAST) <= ${defaultLimit + 1}`;
  const inner = `SELECT ${selectList(summary)}, ${extra.join(', ')} FROM (${summary.from}) AS apl_rows${sets}${qualify}`;
  const first = summary.outputs[0];
  const totalsOrder = first ? `, CASE WHEN ${totalsFlag} = 1 THEN ${ident(first.name)} END DESC NULLS LAST` : '';
  return `SELECT * FROM (${inner}) AS result ORDER BY ${totalsFlag}, ${ident(time.name)} ASC NULLS LAST${totalsOrder}`;
}
