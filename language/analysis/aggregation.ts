import type { CallNode, ColumnDefinition, MakeSeriesOperator, SummarizeOperator } from '../syntax/ast.ts';
import { findAggregation } from '../catalog/catalog.ts';
import type { Column, ScalarType } from './analyzer.ts';
import { analyzeExpression } from './expressions.ts';
import { aggregateName, columnNameOf, findAggregationCall, keyName } from './naming.ts';
import { messages, rules } from './rules.ts';
import { expressionContext, type TableContext } from './scope.ts';
import { reshape, uniqueName, wildcardMatcher, type Flow } from './tables.ts';

/** summarize and make-series: group keys first, then the aggregates. */

/**
 * Unnamed columns take the names the engine gives them (naming.ts), so the output is known unless
 * a `*` brings in the columns of an open input.
 */
interface Output {
  columns: Column[];
  taken: Set<string>;
  keys: number;
  open: boolean;
}

function add(output: Output, column: Column): Column {
  const named: Column = { name: uniqueName(column.name, output.taken), type: column.type };
  output.taken.add(named.name);
  output.columns.push(named);
  return named;
}

const isAggregation = (name: string) => findAggregation(name) !== undefined;

export function summarize(operator: SummarizeOperator, input: Flow, context: TableContext): Flow {
  const output: Output = { columns: [], taken: new Set(), keys: 0, open: false };
  groupKeys(operator.by, input, context, output);
  for (const definition of operator.aggregates) {
    const row = expressionContext(context, input, 'allowed');
    const type = analyzeExpression(definition.expression, row);
    checkAggregates(definition, row.tally, 'summarize', context);
    const call = findAggregationCall(definition.expression, isAggregation);
    const direct = call === definition.expression;
    if (direct && call && (call.callee.name === 'arg_max' || call.callee.name === 'arg_min')) {
      argExtremeColumns(call, definition, input, context, output);
      continue;
    }
    aggregateColumn(definition, call, type, context, output);
  }
  return reshape(input, output.columns, output.open, 'summarize');
}

/**
 * make-series stores each aggregate as an array, and the time axis as an array named after the
 * `on` column (examples disagree, `time` or `_time`; the engine names it after the column).
 */
export function makeSeries(operator: MakeSeriesOperator, input: Flow, context: TableContext): Flow {
  const output: Output = { columns: [], taken: new Set(), keys: 0, open: false };
  groupKeys(operator.by, input, context, output);
  const constants = expressionContext(context, undefined);
  for (const aggregate of operator.aggregates) {
    const definition = aggregate.column;
    const row = expressionContext(context, input, 'allowed');
    analyzeExpression(definition.expression, row);
    checkAggregates(definition, row.tally, 'make-series', context);
    if (aggregate.default) analyzeExpression(aggregate.default, constants);
    // The engine names a make-series column after its outermost call only.
    const call = definition.expression.kind === 'Call' ? definition.expression : undefined;
    aggregateColumn(definition, call, 'dynamic', context, output);
  }
  analyzeExpression(operator.on, expressionContext(context, input));
  for (const bound of [operator.from, operator.to, operator.range, operator.step]) {
    if (bound) analyzeExpression(bound, constants);
  }
  add(output, { name: columnNameOf(operator.on) ?? '_time', type: 'dynamic' });
  return reshape(input, output.columns, output.open, 'make-series');
}

function groupKeys(keys: ColumnDefinition[], input: Flow, context: TableContext, output: Output): void {
  // The reference groups by `histogram(x, 10)`, an aggregation, so keys are not checked for them.
  const row = expressionContext(context, input, 'allowed');
  keys.forEach((definition, i) => {
    const type = analyzeExpression(definition.expression, row);
    const name = definition.name?.name ?? keyName(definition.expression, `Column${i + 1}`);
    const column = add(output, { name, type });
    if (definition.name) context.state.symbols.set(definition.name, { kind: 'column', column });
    else context.state.givenNames.set(definition, column.name);
  });
  output.keys = output.columns.length;
}

/** An aggregate column must aggregate; `round(avg(x), 2)` does, `strlen(x)` does not. */
function checkAggregates(
  definition: ColumnDefinition,
  tally: { aggregations: number; unknownCalls: number },
  operator: string,
  context: TableContext,
): void {
  if (tally.aggregations > 0 || tally.unknownCalls > 0 || definition.expression.kind === 'Missing') return;
  context.state.report(rules.aggregationExpected, definition.expression, messages.aggregationExpected(operator));
}

function aggregateColumn(
  definition: ColumnDefinition,
  call: CallNode | undefined,
  type: ScalarType,
  context: TableContext,
  output: Output,
): void {
  // `round(avg(x), 2)` is `avg_x`, `avg(toreal(x))` is `avg_`; a column without a call counts the aggregates before it.
  const name = definition.name?.name ?? (call ? aggregateName(call) : `Column${output.columns.length - output.keys + 1}`);
  const column = add(output, { name, type });
  if (definition.name) context.state.symbols.set(definition.name, { kind: 'column', column });
  else context.state.givenNames.set(definition, column.name);
}

/** `arg_max(expr, a, b)` gives expr's column and a, b; `*` gives every input column. */
function argExtremeColumns(
  call: CallNode,
  definition: ColumnDefinition,
  input: Flow,
  context: TableContext,
  output: Output,
): void {
  const [first, ...fields] = call.args;
  if (!first) return;
  const firstValue = first.kind === 'NamedArgument' ? first.value : first;
  // A call is named after its column argument: arg_max(toint(status), uri) prints as status, uri.
  const inferred = first.kind === 'NamedArgument' ? first.name.name : keyName(firstValue, '');
  const firstName = definition.name?.name ?? (inferred || `${call.callee.name}_`);
  const before = output.columns.length;
  add(output, { name: firstName, type: context.state.types.get(firstValue) ?? 'unknown' });
  for (const field of fields) {
    const value = field.kind === 'NamedArgument' ? field.value : field;
    if (value.kind === 'Star' || value.kind === 'Wildcard') {
      const matches = value.kind === 'Wildcard' ? wildcardMatcher(value.pattern) : () => true;
      for (const column of input.shape.columns) if (matches(column.name) && !output.taken.has(column.name)) add(output, column);
      output.open ||= input.shape.open;
      continue;
    }
    const named = field.kind === 'NamedArgument' ? field.name.name : columnNameOf(value);
    // The engine's name for an unnamed expression: the function and its output position.
    const name = named ?? `${call.callee.name}_${output.columns.length - before}`;
    // A field already a group key or returned by this call is left out, as the engine leaves it (argExtremes.ts).
    const ownOrKey = [...output.columns.slice(0, output.keys), ...output.columns.slice(before)];
    if (ownOrKey.some((column) => column.name === name)) continue;
    const column = add(output, { name, type: context.state.types.get(value) ?? 'unknown' });
    if (field.kind === 'NamedArgument') context.state.symbols.set(field.name, { kind: 'column', column });
  }
}
