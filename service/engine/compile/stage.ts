import { ident } from './sql.ts';
import type { Column } from './types.ts';

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
  /** The rows that survived the filters, before the first reducing operator. */
  matchedSql?: string;
  /** `summarize … by bin(_time, …)`: the time column and bucket width. */
  timeBin?: { column: string; nanos: number };
  /** Aggregated columns (for the result's `agg` descriptors). */
  /** For a time-binned summarize: the same aggregations per non-time group. */
  totalsSql?: string;
  aggregations?: Map<string, { name: string; fields: string[]; args: unknown[] }>;
  groups?: string[];
  datasets: Set<string>;
  /**
   * The dataset whose every row in the time range this stage holds once each, `_time` unchanged
   * (its source, and extends of it): a summarize of such rows has examined what it read.
   */
  rowsOf?: string;
  /**
   * Set when this stage's last operator is a summarize (or count): its parts, so that the runner
   * can answer the groups, the totals and the matched-row count in one query.
   */
  summary?: SummaryParts;
}

export interface SummaryParts {
  /** The rows the summarize reads. */
  from: string;
  /** Their `Stage.rowsOf`. */
  rowsOf?: string;
  /** Group keys and aggregations as SQL select items, each with its output name. */
  keys: { name: string; sql: string }[];
  outputs: { name: string; sql: string; combine?: Combine }[];
}

/**
 * How an aggregation's value over several groups follows from its values per group, when it
 * does: `count` adds (none is 0), `sum` adds (none is null), `min`/`max` take the extreme.
 */
export type Combine = 'count' | 'sum' | 'min' | 'max';

export function orderSql(order: readonly OrderKey[] | undefined): string {
  if (!order || order.length === 0) return '';
  return ` ORDER BY ${order.map((key) => `${ident(key.column)} ${key.desc ? 'DESC' : 'ASC'} NULLS ${key.nullsFirst ? 'FIRST' : 'LAST'}`).join(', ')}`;
}

/** The order still valid over a new column list. */
export function keptOrder(order: readonly OrderKey[] | undefined, columns: readonly Column[]): OrderKey[] | undefined {
  if (!order) return undefined;
  return order.every((key) => columns.some((column) => column.name === key.column)) ? [...order] : undefined;
}
