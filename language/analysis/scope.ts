import type { Expression } from '../syntax/ast.ts';
import type { LetBinding } from './analyzer.ts';
import type { AnalysisState } from './state.ts';
import type { Flow } from './tables.ts';

/** The `let` names bound so far in one query. */
export interface QueryScope {
  lets: Map<string, LetBinding>;
}

/**
 * Where aggregations may appear: `allowed` in summarize and make-series aggregates, `nested`
 * inside an aggregation's arguments, `none` everywhere else.
 */
export type AggregationMode = 'none' | 'allowed' | 'nested';

/** The two inputs of a join or lookup, for `$left.x` / `$right.x`. */
export interface JoinSides {
  left: Flow;
  right: Flow;
}

/** What tabular analysis carries from operator to operator. */
export interface TableContext {
  state: AnalysisState;
  query: QueryScope;
  /** Analyzes a table expression (a subquery, a join's right side, a let's value). */
  analyzeTable(expression: Expression, query: QueryScope): Flow;
}

/** What an expression is analyzed against. */
export interface ExpressionContext extends TableContext {
  /** The row's columns; undefined where no table is in scope (print, let values, take's count). */
  row: Flow | undefined;
  aggregation: AggregationMode;
  join?: JoinSides;
  /** Aggregation calls and unknown calls met, to tell whether a summarize column aggregates. */
  tally: { aggregations: number; unknownCalls: number };
}

export function expressionContext(
  table: TableContext,
  row: Flow | undefined,
  aggregation: AggregationMode = 'none',
  join?: JoinSides,
): ExpressionContext {
  const context: ExpressionContext = {
    state: table.state,
    query: table.query,
    analyzeTable: table.analyzeTable,
    row,
    aggregation,
    tally: { aggregations: 0, unknownCalls: 0 },
  };
  if (join) context.join = join;
  return context;
}
