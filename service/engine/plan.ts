/**
 * The two statements that answer a compiled query, run side by side on two connections:
 *
 *   - the main statement: the result rows. When the query ends in a summarize (or count), the
 *     totals of a time-binned summarize come from the same scan (GROUPING SETS: the groups
 *     without the time key), and so does the matched-row count when the summarize is the first
 *     reducing operator (a window sum of the groups' counts over the grouped rows);
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

  let main: string;
  if (summary && foldsTotals) {
    main = binnedSummarySql(summary, foldsMatched, defaultLimit);
  } else {
    const body = summary && foldsMatched ? summarySql(summary) : stage.sql;
    main = `SELECT * FROM (${body}) AS result${orderSql(stage.order)}${stage.limited ? '' : ` LIMIT ${defaultLimit + 1}`}`;
  }

  // One row per part: its index, a count, and for datasets the earliest and latest time.
  const countsMatched = !sources.has(matchedSql) && !foldsMatched;
  const parts = datasets.map(
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
      const counts = new Map<number, number>();
      for (const [part, count, min, max] of statusRows) {
        counts.set(Number(part), Number(count));
        if (Number(part) === datasets.length) continue;
        figures.examined += Number(count);
        if (typeof min === 'bigint' && (figures.minTime === undefined || min < figures.minTime)) figures.minTime = min;
        if (typeof max === 'bigint' && (figures.maxTime === undefined || max > figures.maxTime)) figures.maxTime = max;
      }
      const source = sources.get(matchedSql);
      if (source !== undefined) figures.matched = counts.get(datasets.indexOf(source)) ?? 0;
      else if (countsMatched) figures.matched = counts.get(datasets.length) ?? 0;
      else figures.matched = Number(mainRows[0]?.at(-1) ?? 0);

      if (!foldsTotals) return { rows: foldsMatched ? mainRows.map((row) => row.slice(0, width)) : mainRows, status: figures };
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

/** The summarize with the matched-row count as a last column (the same on every row). */
function summarySql(summary: SummaryParts): string {
  return `SELECT ${selectList(summary)}, sum(count(*)) OVER () AS ${matchedColumn} FROM (${summary.from}) AS apl_rows${groupBy(summary.keys.length)}`;
}

/**
 * A time-binned summarize and its totals in one statement: the groups by every key (flag 0,
 * time order, at most one past the default limit) then the groups without the time key (flag 1,
 * the first aggregation descending), optionally with the matched-row count as a last column.
 */
function binnedSummarySql(summary: SummaryParts, withMatched: boolean, defaultLimit: number): string {
  const time = summary.keys[0]!;
  const positions = summary.keys.map((_, i) => i + 1);
  const flag = `GROUPING(${time.sql})`;
  const extra = [`${flag} AS ${totalsFlag}`, ...(withMatched ? [`sum(count(*)) OVER (PARTITION BY ${flag}) AS ${matchedColumn}`] : [])];
  const sets = ` GROUP BY GROUPING SETS ((${positions.join(', ')}), (${positions.slice(1).join(', ')}))`;
  const qualify = ` QUALIFY ${flag} = 1 OR row_number() OVER (PARTITION BY ${flag} ORDER BY ${time.sql} ASC NULLS LAST) <= ${defaultLimit + 1}`;
  const inner = `SELECT ${selectList(summary)}, ${extra.join(', ')} FROM (${summary.from}) AS apl_rows${sets}${qualify}`;
  const first = summary.outputs[0];
  const totalsOrder = first ? `, CASE WHEN ${totalsFlag} = 1 THEN ${ident(first.name)} END DESC NULLS LAST` : '';
  return `SELECT * FROM (${inner}) AS result ORDER BY ${totalsFlag}, ${ident(time.name)} ASC NULLS LAST${totalsOrder}`;
}
