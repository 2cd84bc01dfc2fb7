/**
 * summarize: group keys and aggregations over the incoming rows, with what the runner folds into
 * its statements (plan.ts): the parts of the summary, the totals of a time-binned one; and a take
 * right after a time-binned summarize, which keeps the same groups in every bucket. A summarize
 * with topk outputs is built by countedTopk.ts instead.
 */
import type { ColumnDefinition, Expression } from '../../../language/index.ts';
import { aggregateName, columnNameOf, findAggregationCall, keyName } from '../../../language/analysis/naming.ts';
import { uniqueName } from '../../../language/analysis/tables.ts';
import { aggregationWireName, compileAggregation, isAggregation } from './aggregations.ts';
import { argExtremeOutputs } from './argExtremes.ts';
import { countedTopk, countsTopks, joinedTopks, topkCall, type TopkCall } from './countedTopk.ts';
import { compileExpression } from './expressions.ts';
import type { OperatorTools } from './moreOperators.ts';
import { ident } from './sql.ts';
import { orderSql, readRows, typed, type Combine, type OrderKey, type Stage } from './stage.ts';
import type { Column, ScalarType } from './types.ts';

export interface SummarizeTools extends OperatorTools {
  /** The query range's length in seconds (what `rate()` divides by without a time bin). */
  rangeSeconds: number;
  binAutoNanos: number;
  /** Column names an expression lists: a name, or every column a pattern matches. */
  namesOf(expression: Expression, columns: readonly Column[]): string[];
}

export function compileSummarize(aggregates: ColumnDefinition[], by: ColumnDefinition[], input: Stage, matched: Pick<Stage, 'matchedSql' | 'matchedRowsOf'>, tools: SummarizeTools): Stage {
  let rowScope = tools.scope(input.columns, { rateSeconds: tools.rangeSeconds });
  const keys: { name: string; sql: string; column: Column }[] = [];
  // A name already given to an earlier column gets a number (Kusto: `count_`, `count_1`), as the analyzer names them.
  const taken = new Set<string>();
  const unique = (name: string) => {
    const named = uniqueName(name, taken);
    taken.add(named);
    return named;
  };
  let timeBin: Stage['timeBin'];
  by.forEach((definition, i) => {
    const value = compileExpression(definition.expression, rowScope);
    const name = unique(definition.name?.name ?? keyName(definition.expression, `Column${i + 1}`));
    keys.push({ name, sql: value.sql, column: { name, type: value.type, array: value.array } });
    const expression = definition.expression;
    if (i === 0 && value.type === 'datetime' && expression.kind === 'Call' && ['bin', 'bin_auto'].includes(expression.callee.name)) {
      const size = expression.args[1];
      const nanos = expression.callee.name === 'bin_auto' ? tools.binAutoNanos : size?.kind === 'Literal' && size.type === 'timespan' ? Number(size.value) : undefined;
      if (nanos) timeBin = { column: name, nanos };
    }
  });
  if (timeBin) rowScope = { ...rowScope, rateSeconds: timeBin.nanos / 1e9 };
  const outputs: { name: string; sql: string; column: Column; combine?: Combine }[] = [];
  const aggregations = new Map<string, { name: string; fields: string[]; args: unknown[] }>();
  const topks = new Map<string, TopkCall>();
  aggregates.forEach((definition) => {
    const expression = definition.expression;
    if (expression.kind === 'Call' && (expression.callee.name === 'arg_max' || expression.callee.name === 'arg_min')) {
      const extremes = argExtremeOutputs(expression, input.columns, keys.map((key) => key.name), tools, (listed) => tools.namesOf(listed, input.columns));
      for (const output of extremes) taken.add(output.name);
      outputs.push(...extremes);
      return;
    }
    const found = findAggregationCall(expression, isAggregation);
    const name = unique(definition.name?.name ?? (found ? aggregateName(found) : `Column${outputs.length + 1}`));
    let aggregates = false;
    const value = compileExpression(
      expression,
      tools.scope(input.columns, {
        aggregate: (call) => {
          aggregates = true;
          return compileAggregation(call, rowScope);
        },
      }),
    );
    // A column without an aggregation (the language server warns: aggregation-expected) takes one
    // row's value per group, as the reference's examples expect, instead of failing in DuckDB's binder.
    const sql = aggregates ? value.sql : `any_value(${value.sql})`;
    outputs.push({ name, sql, column: { name, type: value.type, array: value.array }, combine: found === expression ? combineOf(found.callee.name, value.type) : undefined });
    const topk = found === expression ? topkCall(expression, rowScope) : undefined;
    if (topk) topks.set(name, topk);
    if (found) {
      const fields = found.args.map((arg) => (arg.kind === 'NamedArgument' ? undefined : columnNameOf(arg))).filter((field): field is string => !!field);
      const args = found.args.slice(1).flatMap((arg) => (arg.kind === 'Literal' ? [arg.value] : []));
      aggregations.set(name, { name: aggregationWireName(found.callee.name), fields: fields.slice(0, 1), args });
    }
  });
  const columns = [...keys, ...outputs].map((item) => item.column);
  const order: OrderKey[] | undefined = timeBin ? [{ column: timeBin.column, desc: false, nullsFirst: false }] : undefined;
  const rowsRead = { datasets: input.datasets, readBounds: input.readBounds };
  // The totals of a time-binned summarize: the same aggregations without the time key, by the first one.
  const byFirstAggregate = ` ORDER BY ${keys.length} DESC NULLS LAST`;
  if (countsTopks(topks.size, outputs.length, input)) {
    // Counted by GROUP BYs instead of DuckDB's histogram (countedTopk.ts); nothing is folded into them.
    const counted = outputs.length === 1 ? countedTopk(topks.get(outputs[0]!.name)!, keys, outputs[0]!, input, tools) : { sql: joinedTopks(keys, outputs, topks, input, tools) };
    const totalsSql = timeBin && `${joinedTopks(keys.slice(1), outputs, topks, input, tools)}${byFirstAggregate}`;
    return { ...counted, sql: `${counted.sql}${orderSql(order)}`, totalsSql: totalsSql || undefined, columns, order, limited: false, timeBin, aggregations, groups: keys.map((key) => key.name), ...matched, ...rowsRead };
  }
  const list = [...keys, ...outputs].map((item) => `${typed(item.sql, item.column.type)} AS ${ident(item.name)}`).join(', ');
  const groupBy = keys.length ? ` GROUP BY ${keys.map((_, i) => i + 1).join(', ')}` : '';
  let totalsSql: string | undefined;
  if (timeBin) {
    const rest = [...keys.slice(1), ...outputs];
    const restGroup = keys.length > 1 ? ` GROUP BY ${keys.slice(1).map((_, i) => i + 1).join(', ')}` : '';
    totalsSql = `SELECT ${rest.map((item) => `${typed(item.sql, item.column.type)} AS ${ident(item.name)}`).join(', ')} FROM ${readRows(input, tools.alias())}${restGroup}${outputs[0] ? byFirstAggregate : ''}`;
  }
  return {
    totalsSql,
    sql: `SELECT ${list} FROM ${readRows(input, tools.alias())}${groupBy}${orderSql(order)}`,
    columns,
    order,
    limited: false,
    timeBin,
    aggregations,
    groups: keys.map((key) => key.name),
    ...matched,
    ...rowsRead,
    summary: { from: input.sql, rows: readRows(input, 'apl_rows'), keys: keys.map(selectItem), outputs: outputs.map((output) => ({ ...selectItem(output), combine: output.combine })) },
  };
}

/**
 * take/limit right after `summarize … by bin(_time, …), k…` (the summarize page): the N groups
 * with the largest first aggregate over the whole range are kept in every time bucket, so
 * the result may have more than N rows. The totals keep the same N groups.
 */
export function limitTimeBinned(binned: Stage, count: string, tools: OperatorTools): Stage {
  const others = binned.groups!.filter((name) => name !== binned.timeBin!.column);
  // Ties on the aggregate go to the smaller group keys, so the choice does not depend on the scan.
  const firstAggregate = binned.columns.find((column) => !binned.groups!.includes(column.name));
  const ranking = [...(firstAggregate ? [`${ident(firstAggregate.name)} DESC NULLS LAST`] : []), ...others.map((name) => `${ident(name)} ASC NULLS FIRST`)];
  const top = `SELECT * FROM (${binned.totalsSql}) AS ${tools.alias()}${ranking.length ? ` ORDER BY ${ranking.join(', ')}` : ''} LIMIT ${count}`;
  const rows = tools.alias();
  const kept = tools.alias();
  const same = others.map((name) => `${kept}.${ident(name)} IS NOT DISTINCT FROM ${rows}.${ident(name)}`).join(' AND ');
  const sql = others.length
    ? `SELECT * FROM (${binned.sql}) AS ${rows} WHERE EXISTS (SELECT 1 FROM (${top}) AS ${kept} WHERE ${same})${orderSql(binned.order)}`
    : binned.sql;
  return { ...binned, sql, totalsSql: top, summary: undefined, limited: true };
}

/** Numeric counts, sums and extremes combine across groups (see `Combine`). */
function combineOf(aggregation: string, type: ScalarType): Combine | undefined {
  if (type !== 'long' && type !== 'real' && type !== 'int') return undefined;
  switch (aggregation) {
    case 'count':
    case 'countif':
    case 'sumif': // 0 over no rows
      return 'count';
    case 'sum':
      return 'sum';
    case 'min':
    case 'minif':
      return 'min';
    case 'max':
    case 'maxif':
      return 'max';
    default:
      return undefined;
  }
}

function selectItem(item: { name: string; sql: string; column: Column }): { name: string; sql: string } {
  return { name: item.name, sql: typed(item.sql, item.column.type) };
}
