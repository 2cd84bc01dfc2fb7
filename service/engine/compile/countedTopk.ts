/**
 * topk by counting: the values counted by a GROUP BY under the summarize's keys, then the k
 * largest counts per group. DuckDB's histogram aggregate, which the general topk uses (a map per
 * group, aggregations.ts), is an order of magnitude slower. Same entries in the same order: count,
 * then value, descending; null values are not counted.
 */
import type { DuckDBValue } from '@duckdb/node-api';
import type { Expression } from '../../../language/index.ts';
import { asBool, asJson, asNumber } from './coercions.ts';
import { compileExpression } from './expressions.ts';
import type { OperatorTools } from './moreOperators.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { ident } from './sql.ts';
import { readRows, typed, type Stage } from './stage.ts';
import type { Column } from './types.ts';

export interface SummarizeItem {
  name: string;
  sql: string;
  column: Column;
}

/** A `topk(value, k)` or `topkif(value, k, predicate)` call with plain arguments, its arguments compiled. */
export interface TopkCall {
  value: Compiled;
  k: string;
  /** k when it is a whole number literal. */
  literalK?: number;
  /** topkif's predicate: only the rows it holds for are counted. */
  predicate?: string;
}

export function topkCall(expression: Expression, rowScope: ExpressionScope): TopkCall | undefined {
  if (expression.kind !== 'Call') return undefined;
  const { name } = expression.callee;
  if (!((name === 'topk' && expression.args.length === 2) || (name === 'topkif' && expression.args.length === 3))) return undefined;
  if (expression.args.some((arg) => arg.kind === 'NamedArgument')) return undefined;
  const [valueArg, countArg, predicateArg] = expression.args as Expression[];
  const literalK = countArg!.kind === 'Literal' && typeof countArg!.value === 'number' && Number.isSafeInteger(countArg!.value) && countArg!.value > 0 ? countArg!.value : undefined;
  const predicate = predicateArg && asBool(compileExpression(predicateArg, rowScope));
  return { value: compileExpression(valueArg!, rowScope), k: asNumber(compileExpression(countArg!, rowScope)), literalK, predicate };
}

const positions = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(', ');

/**
 * Each group's values with their counts: the keys, `apl_topk_key` and `apl_topk_count`. A
 * topkif's values counted no row where its predicate holds have a count of 0: every group of the
 * summarize stays, its topk null when no value counts.
 */
function countedSql(call: TopkCall, keys: readonly SummarizeItem[], input: Stage, tools: OperatorTools): string {
  const keyItems = keys.map((key) => `${typed(key.sql, key.column.type)} AS ${ident(key.name)}`);
  const count = call.predicate === undefined ? 'count(*)' : `count(*) FILTER (WHERE ${call.predicate})`;
  return `SELECT ${[...keyItems, `${call.value.sql} AS apl_topk_key`, `${count} AS apl_topk_count`].join(', ')} FROM ${readRows(input, tools.alias())} GROUP BY ${positions(keys.length + 1)}`;
}

/** The counted values a topk may list. */
const listed = (call: TopkCall) => `apl_topk_key IS NOT NULL${call.predicate === undefined ? '' : ' AND apl_topk_count > 0'}`;

/** The keys and the topk column named `name`, one row per group (one row when there are no keys). */
function perGroupSql(call: TopkCall, keys: readonly SummarizeItem[], name: string, input: Stage, tools: OperatorTools): string {
  const key = asJson({ sql: 'apl_topk_key', type: call.value.type });
  // The k largest by (count, value): max_by keeps a heap of k instead of sorting every value.
  const entries = `max_by({'key': ${key}, 'count': apl_topk_count, 'error': 0}, {'count': apl_topk_count, 'key': apl_topk_key}, ${call.k}) FILTER (WHERE ${listed(call)})`;
  const items = [...keys.map((key) => ident(key.name)), `to_json(${entries}) AS ${ident(name)}`];
  return `SELECT ${items.join(', ')} FROM (${countedSql(call, keys, input, tools)}) AS ${tools.alias()}${keys.length ? ` GROUP BY ${positions(keys.length)}` : ''}`;
}

/** `summarize topk(x, k) by …` (or topkif) with no other aggregation. */
export function countedTopk(call: TopkCall, keys: readonly SummarizeItem[], output: { name: string }, input: Stage, tools: OperatorTools): Pick<Stage, 'sql' | 'asResult'> {
  const sql = perGroupSql(call, keys, output.name, input, tools);
  if (keys.length > 0 || call.literalK === undefined) return { sql };
  // As the answer, the k entries are k rows of a top-N sort, put in one array here: an aggregate
  // without groups costs DuckDB a hash table of its own, a tenth of a million-row topk's time.
  const key = asJson({ sql: 'apl_topk_key', type: call.value.type });
  const ranked = `SELECT ${key}, apl_topk_count FROM (${countedSql(call, keys, input, tools)}) AS ${tools.alias()} WHERE ${listed(call)} ORDER BY apl_topk_count DESC, apl_topk_key DESC LIMIT ${call.literalK}`;
  return { sql, asResult: { sql: ranked, rows: (rows) => [[topkEntries(rows)]] } };
}

/** The entries of a topk as to_json writes them from its (JSON value, count) rows; null when there are none. */
function topkEntries(rows: readonly DuckDBValue[][]): string | null {
  if (rows.length === 0) return null;
  return `[${rows.map(([key, count]) => `{"key":${String(key)},"count":${String(count)},"error":0}`).join(',')}]`;
}

/** Joined topks each read the input again (`joinedTopks`): beyond this many, one histogram pass costs less. */
const maxJoinedTopks = 4;
/** Nor is a long input (a where of thousands of terms) written out once per topk: at most this much SQL in all. */
const maxRepeatedInputSql = 64 * 1024;

/** Whether a summarize with these outputs, `topks` of them topk calls, counts them rather than taking the histogram path. */
export function countsTopks(topks: number, outputs: number, input: Stage): boolean {
  if (topks === 0) return false;
  if (outputs === 1) return true;
  return topks <= maxJoinedTopks && (topks + 1) * readRows(input, 'apl_rows').length <= maxRepeatedInputSql;
}

/**
 * A summarize whose topk and topkif calls (`topks`, by output name) sit beside other aggregations:
 * the other aggregations grouped as usual, and each topk counted per group in a statement of its
 * own, joined to them on the keys (nulls equal, as GROUP BY has them). Every group is in each
 * part: a group whose values are all null has a null topk. The columns keep the summarize's order.
 */
export function joinedTopks(keys: readonly SummarizeItem[], outputs: readonly SummarizeItem[], topks: ReadonlyMap<string, TopkCall>, input: Stage, tools: OperatorTools): string {
  const others = outputs.filter((output) => !topks.has(output.name));
  const grouped = [...keys, ...others].map((item) => `${typed(item.sql, item.column.type)} AS ${ident(item.name)}`);
  const groupBy = keys.length ? ` GROUP BY ${positions(keys.length)}` : '';
  // Without keys or other aggregations, the one row of a summarize without keys.
  const base = grouped.length ? `SELECT ${grouped.join(', ')} FROM ${readRows(input, tools.alias())}${groupBy}` : 'SELECT 1 AS apl_one';
  const baseAlias = tools.alias();
  const from: string[] = [`(${base}) AS ${baseAlias}`];
  const columnOf = new Map<string, string>();
  for (const [name, call] of topks) {
    const alias = tools.alias();
    const on = keys.length ? keys.map((key) => `${baseAlias}.${ident(key.name)} IS NOT DISTINCT FROM ${alias}.${ident(key.name)}`).join(' AND ') : 'true';
    from.push(`LEFT JOIN (${perGroupSql(call, keys, name, input, tools)}) AS ${alias} ON ${on}`);
    columnOf.set(name, `${alias}.${ident(name)}`);
  }
  const items = [...keys, ...outputs].map((item) => `${columnOf.get(item.name) ?? `${baseAlias}.${ident(item.name)}`} AS ${ident(item.name)}`);
  return `SELECT ${items.join(', ')} FROM ${from.join(' ')}`;
}
