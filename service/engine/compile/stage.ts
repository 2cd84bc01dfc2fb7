import type { DuckDBValue } from '@duckdb/node-api';
import { ident } from './sql.ts';
import type { Column, ScalarType } from './types.ts';

export interface OrderKey {
  /** A column of the stage. */
  column: string;
  desc: boolean;
  nullsFirst: boolean;
}

/** One step of the plan: a SQL query over the previous step, and what it yields. */
export interface Stage {
  sql: string;
  columns: Column[];
  /** The row order this stage promises, re-applied by later steps that keep it. */
  order?: OrderKey[];
  /** A take/limit/top bounded the rows (no default limit is applied then). */
  limited: boolean;
  /**
   * The stage's own SQL ends in the sort by `order` that its LIMIT binds (take, top), so the
   * rows need no sorting again (DuckDB keeps a subquery's row order through `SELECT *`).
   */
  sorted?: boolean;
  /** The rows that survived the filters, before the first reducing operator. */
  matchedSql?: string;
  /** Set with `matchedSql` when those rows are every row of one dataset (see `rowsOf`). */
  matchedRowsOf?: string;
  /** `summarize … by bin(_time, …)`: the time column and bucket width. */
  timeBin?: { column: string; nanos: number };
  /** For a time-binned summarize: the same aggregations per non-time group. */
  totalsSql?: string;
  /** Aggregated columns (for the result's `agg` descriptors). */
  aggregations?: Map<string, { name: string; fields: string[]; args: unknown[] }>;
  groups?: string[];
  datasets: Set<string>;
  /**
   * The dataset whose every row in the time range this stage holds once each, `_time` unchanged
   * (its source, and extends of it): as many rows as were examined.
   */
  rowsOf?: string;
  /** The stage's `_time` column, when it has one, holds the stored `_time` of its one dataset's rows. */
  storedTime?: boolean;
  /**
   * Conditions on the stored `_time` that every row of the one dataset passes before a reducing
   * operator (`where _time >= ago(1h)`): they narrow the rows read, as the time range does.
   */
  readBounds?: string[];
  /**
   * Set on a `take` of the rows with the latest (or earliest) stored `_time` that is the first
   * reducing operator: how many rows it takes. An engine that reads in time order stops once it has
   * them, so the status figures cover the rows up to the last one taken (plan.ts).
   */
  takesByTime?: number;
  /**
   * Set when this stage's last operator is a summarize (or count): its parts, so that the runner
   * can fold the matched-row count and the totals into what it runs (plan.ts).
   */
  summary?: SummaryParts;
  /**
   * Set while the stage is a dataset's columns read straight from its table: `sql` is
   * `SELECT <column names> FROM <table> WHERE <conditions>` and ends there. A where adds its
   * condition with AND, a take its ORDER BY and LIMIT, and a summarize, count, extend or project
   * reads the table itself (`readRows`), instead of each wrapping it in a subquery: DuckDB plans
   * every level of nesting anew (about 0.1 ms each), a good part of a short query's time.
   * Appending keeps a chain of wheres linear to compile.
   */
  scan?: { table: string; conditions: string };
  /**
   * When this stage's rows are the query's answer, a statement that answers them faster (the
   * runner's choice, plan.ts) and how its rows become this stage's rows. Later operators read
   * `sql` and drop it.
   */
  asResult?: { sql: string; rows(rows: DuckDBValue[][]): DuckDBValue[][] };
}

/** The rows a stage counts as matched: its `matchedSql`, or all of its own rows when no operator reduced them. */
export function matchedOf(stage: Stage): { matchedSql: string; matchedRowsOf?: string } {
  return stage.matchedSql !== undefined ? { matchedSql: stage.matchedSql, matchedRowsOf: stage.matchedRowsOf } : { matchedSql: stage.sql, matchedRowsOf: stage.rowsOf };
}

export interface SummaryParts {
  /** The SQL of the rows the summarize reads. */
  from: string;
  /** What follows FROM to read them under the alias `apl_rows` (`readRows`). */
  rows: string;
  /** Group keys and aggregations as SQL select items, each with its output name. */
  keys: { name: string; sql: string }[];
  outputs: { name: string; sql: string; combine?: Combine }[];
}

/**
 * How an aggregation's value over several groups follows from its values per group, when it
 * does: `count` adds (none is 0), `sum` adds (none is null), `min`/`max` take the extreme.
 */
export type Combine = 'count' | 'sum' | 'min' | 'max';

/**
 * What follows FROM to read a stage's rows under `alias`: a scan's table and conditions, else the
 * stage's SQL as a subquery. Nothing but GROUP BY, ORDER BY or LIMIT may follow it.
 */
export function readRows(stage: Pick<Stage, 'sql' | 'scan'>, alias: string): string {
  return stage.scan ? `${stage.scan.table} AS ${alias} WHERE ${stage.scan.conditions}` : `(${stage.sql}) AS ${alias}`;
}

export function orderSql(order: readonly OrderKey[] | undefined): string {
  if (!order || order.length === 0) return '';
  return ` ORDER BY ${order.map((key) => `${ident(key.column)} ${key.desc ? 'DESC' : 'ASC'} NULLS ${key.nullsFirst ? 'FIRST' : 'LAST'}`).join(', ')}`;
}

/** The order still valid over a new column list. */
export function keptOrder(order: readonly OrderKey[] | undefined, columns: readonly Column[]): OrderKey[] | undefined {
  if (!order) return undefined;
  return order.every((key) => columns.some((column) => column.name === key.column)) ? [...order] : undefined;
}

/** A select list of the columns (DuckDB needs one column at least). */
export function selectList(columns: readonly Column[]): string {
  return columns.length ? columns.map((column) => ident(column.name)).join(', ') : '1 AS "_"';
}

/** Untyped nulls get a concrete SQL type so later stages and the result know what they hold. */
export function typed(sql: string, type: ScalarType): string {
  return type === 'unknown' ? `CAST(${sql} AS VARCHAR)` : sql;
}
