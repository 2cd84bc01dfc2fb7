/**
 * The two statements that answer a compiled query, run side by side on two connections:
 *
 *   - the main statement: the result rows. When the query ends in a summarize (or count), the
 *     totals of a time-binned summarize come from the same scan (GROUPING SETS: the groups
 *     without the time key), and so does the matched-row count when the summarize is the first
 *     reducing operator (a window sum of the groups' counts over the grouped rows). A summarize
 *     that reads one dataset's rows unfiltered also yields the rows examined and their earliest
 *     and latest time (window aggregates of the groups), and then there is no status statement;
 *   - the status statement: per dataset the rows in the time range and their earliest and
 *     latest time, and the matched-row count when it could not be had otherwise (plain
 *     aggregates joined by UNION ALL: scalar subqueries cost milliseconds to plan).
 *
 * Rows matched are those that pass the filters before the first reducing operator (all rows of
 * the last stage when there is none); a query that filters nothing matches the rows it examines.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import { ident } from './compile/sql.ts';
import { orderSql, type Stage, type SummaryParts } from './compile/stage.ts';

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
}

export interface QueryPlan {
  main: string;
  /** Undefined when there is nothing to count (no dataset, matched rows known otherwise). */
  status: string | undefined;
  order: { field: string; desc: boolean }[];
  /** Whether the totals come with the main statement (else from `stage.totalsSql`, if any). */
  foldsTotals: boolean;
  read(main: DuckDBValue[][], status: DuckDBValue[][]): PlanOutcome;
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
  const foldsTotals = summary !== undefined && stage.timeBin !== undefined && summary.keys.length > 0;
  const width = stage.columns.length;

  // A summarize over one dataset's rows unfiltered: the rows examined (= matched) and their
  // earliest and latest time come from the same scan, as window aggregates of the groups.
  const foldsStatus = summary !== undefined && datasets.length === 1 && summary.from === matchedSql && sources.get(matchedSql) === datasets[0];
  const folded: FoldedFigures = foldsStatus ? 'status' : foldsMatched ? 'matched' : 'none';

  let main: string;
  if (summary && foldsTotals) {
    main = binnedSummarySql(summary, folded, defaultLimit);
  } else {
    const body = summary && folded !== 'none' ? summarySql(summary, folded) : stage.sql;
    main = `SELECT * FROM (${body}) AS result${orderSql(stage.order)}${stage.limited ? '' : ` LIMIT ${defaultLimit + 1}`}`;
  }

  // One row per part: its index, a count, and for datasets the earliest and latest time.
  const countsMatched = !sources.has(matchedSql) && !foldsMatched;
  const parts = foldsStatus ? [] : datasets.map(
    (name, index) => `SELECT ${index} AS apl_part, count(*) AS apl_count, epoch_us(min("_time")) AS apl_min, epoch_us(max("_time")) AS apl_max FROM events.${ident(name)} WHERE ${timeFilter}`,
  );
  if (countsMatched) parts.push(`SELECT ${datasets.length}, count(*), NULL, NULL FROM (${matchedSql}) AS apl_matched`);

  return {
    main,
    status: parts.length ? parts.join(' UNION ALL ') : undefined,
    order: (stage.order ?? []).map((key) => ({ field: key.column, desc: key.desc })),
    foldsTotals,
    read(mainRows, statusRows) {
      const figures: StatusFigures = { examined: 0, matched: 0 };
      // The folded figures follow the stage's columns (and the totals flag).
      const figuresAt = foldsTotals ? width + 1 : width;
      if (foldsStatus) {
        const [count, min, max] = mainRows[0]?.slice(figuresAt) ?? [];
        figures.examined = figures.matched = Number(count ?? 0);
        if (typeof min === 'bigint') figures.minTime = min;
        if (typeof max === 'bigint') figures.maxTime = max;
      }
      const counts = new Map<number, number>();
      for (const [part, count, min, max] of statusRows) {
        counts.set(Number(part), Number(count));
        if (Number(part) === datasets.length) continue;
        figures.examined += Number(count);
        if (typeof min === 'bigint' && (figures.minTime === undefined || min < figures.minTime)) figures.minTime = min;
        if (typeof max === 'bigint' && (figures.maxTime === undefined || max > figures.maxTime)) figures.maxTime = max;
      }
      const source = sources.get(matchedSql);
      if (foldsStatus) {
        // Read above.
      } else if (source !== undefined) figures.matched = counts.get(datasets.indexOf(source)) ?? 0;
      else if (countsMatched) figures.matched = counts.get(datasets.length) ?? 0;
      else figures.matched = Number(mainRows[0]?.[figuresAt] ?? 0);

      if (!foldsTotals) return { rows: folded !== 'none' ? mainRows.map((row) => row.slice(0, width)) : mainRows, status: figures };
      const flag = width;
      return {
        rows: mainRows.filter((row) => Number(row[flag]) === 0).map((row) => row.slice(0, width)),
        totals: mainRows.filter((row) => Number(row[flag]) !== 0).map((row) => row.slice(1, width)),
        status: figures,
      };
    },
  };
}

function selectList(summary: SummaryParts): string {
  return [...summary.keys, ...summary.outputs].map((item) => `${item.sql} AS ${ident(item.name)}`).join(', ');
}

function groupBy(count: number): string {
  return count > 0 ? ` GROUP BY ${Array.from({ length: count }, (_, i) => i + 1).join(', ')}` : '';
}

type FoldedFigures = 'none' | 'matched' | 'status';

/**
 * Aggregates that carry folded status figures: over the groups of one grouping set (`over`, a
 * window), or plain ones when the summarize has no keys (one group, and windows cost more to run).
 */
function foldedColumns(folded: FoldedFigures, over: string | undefined): string[] {
  if (folded === 'none') return [];
  const count = over === undefined ? 'count(*)' : `sum(count(*)) OVER (${over})`;
  if (folded === 'matched') return [`${count} AS ${matchedColumn}`];
  const time = 'apl_rows."_time"';
  const min = over === undefined ? `min(${time})` : `min(min(${time})) OVER (${over})`;
  const max = over === undefined ? `max(${time})` : `max(max(${time})) OVER (${over})`;
  return [`${count} AS ${matchedColumn}`, `epoch_us(${min}) AS apl_min`, `epoch_us(${max}) AS apl_max`];
}

/** The summarize with folded status figures as last columns (the same on every row). */
function summarySql(summary: SummaryParts, folded: FoldedFigures): string {
  const over = summary.keys.length > 0 ? '' : undefined;
  return `SELECT ${[selectList(summary), ...foldedColumns(folded, over)].join(', ')} FROM (${summary.from}) AS apl_rows${groupBy(summary.keys.length)}`;
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
