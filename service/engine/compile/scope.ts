import type { CallNode, PipelineNode } from '../../../language/index.ts';
import type { ErrorSink } from '../errors.ts';
import type { Column, ScalarType } from './types.ts';

/** A compiled scalar expression. */
export interface Compiled {
  sql: string;
  type: ScalarType;
  array?: boolean;
  /** A literal: never null. */
  notNull?: boolean;
  /** A string literal's value, so that it need not be read back from the SQL. */
  text?: string;
  /** A timespan literal's whole microseconds (as its SQL holds them), for the same reason. */
  micros?: bigint;
}

export type LetValue = { kind: 'scalar'; value: Compiled } | { kind: 'table'; pipeline: PipelineNode | import('../../../language/index.ts').Expression };

/** What an expression may refer to while it is compiled. */
export interface ExpressionScope {
  columns: readonly Column[];
  lets: ReadonlyMap<string, LetValue>;
  errors: ErrorSink;
  /** `now()` for the whole statement, as SQL. */
  now: string;
  /** The width `bin_auto` uses, in nanoseconds. */
  binAutoNanos: number;
  /** Compiles a tabular subquery (`in (T | project x)`, `toscalar(...)`) to SQL. */
  subquery(pipeline: PipelineNode): { sql: string; columns: Column[] };
  /** Inside summarize: the window `rate()` divides by, in seconds (the time bin or the query range). */
  rateSeconds?: number;
  /** Inside summarize: compiles an aggregation call, or answers undefined for a scalar function. */
  aggregate?(call: CallNode): Compiled | undefined;
  /**
   * The expression is a `where` condition (or an and/or operand of one), where null and false
   * both drop the row: comparisons may then use plain SQL `=`, which DuckDB pushes into scans.
   */
  filterContext?: boolean;
  /** `set stricttypes`: comparisons refuse values of different types. */
  strictTypes?: boolean;
  /** Inside a join condition: the SQL aliases and columns of each side. */
  sides?: { left: { alias: string; columns: readonly Column[] }; right: { alias: string; columns: readonly Column[] } };
}
