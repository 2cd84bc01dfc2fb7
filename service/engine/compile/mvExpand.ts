/**
 * `mv-expand [kind=bag|array] [with_itemindex=i] a [to typeof(t)], b ... [limit n]`: one row per
 * element of each listed array (or entry of a property bag); several columns expand side by side,
 * the shorter ones padded with nulls.
 */
import type { Expression, MvExpandOperator } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { asJson, coerceTo } from './coercions.ts';
import { compileExpression, findColumn } from './expressions.ts';
import { optionValue, type OperatorTools } from './moreOperators.ts';
import { ident } from './sql.ts';
import type { Stage } from './stage.ts';
import { typeFromName, type ScalarType } from './types.ts';

/** `rowCount` compiles the limit to a SQL count of rows. */
export function mvExpand(operator: MvExpandOperator, input: Stage, tools: OperatorTools, rowCount: (expression: Expression) => string): Stage {
  const scope = tools.scope(input.columns);
  // Kusto's kind=array expands a property bag into [key, value] pairs; bag (the default here, as in
  // Kusto) into one-entry bags. Arrays expand the same either way.
  const kind = optionValue(operator.options, 'kind');
  const pairs = !!kind && columnNameOf(kind)?.toLowerCase() === 'array';
  const indexOption = optionValue(operator.options, 'with_itemindex');
  const indexName = indexOption ? columnNameOf(indexOption) : undefined;
  if (indexOption && !indexName) throw tools.errors.at(indexOption.start, 'with_itemindex expects a column name', 'semantic');
  // The limit is per input row (Kusto: "the maximum number of rows generated from each original row").
  const limit = operator.limit ? rowCount(operator.limit) : undefined;
  let columns = [...input.columns];
  const expanded = new Map<string, string>();
  const arrays: string[] = [];
  operator.columns.forEach((entry, i) => {
    const value = compileExpression(entry.column.expression, scope);
    const name = entry.column.name?.name ?? columnNameOf(entry.column.expression) ?? `Column${i + 1}`;
    const toType = entry.toType ? typeFromName(entry.toType.name) : undefined;
    const element = `apl_element${i}`;
    const converted = toType ? coerceTo({ sql: element, type: 'dynamic' }, toType) : { sql: element, type: 'dynamic' as ScalarType };
    const json = asJson(value);
    const entryOf = pairs ? `json_array(k, json_extract(${json}, '$."' || k || '"'))` : `json_object(k, json_extract(${json}, '$."' || k || '"'))`;
    const array = `(CASE WHEN json_type(${json}) = 'ARRAY' THEN CAST(${json} AS JSON[]) WHEN json_type(${json}) = 'OBJECT' THEN list_transform(json_keys(${json}), k -> ${entryOf}) ELSE [${json}] END)`;
    arrays.push(limit ? `list_slice(${array}, 1, ${limit})` : array);
    expanded.set(name, converted.sql);
    const column = { name, type: converted.type };
    columns = findColumn(columns, name) ? columns.map((known) => (known.name === name ? column : known)) : [...columns, column];
  });
  const unnests = arrays.map((array, i) => `unnest(${array}) AS apl_element${i}`);
  if (indexName) {
    // The zero-based position of the row's elements, as long as the longest expanded array.
    const longest = arrays.length === 1 ? `len(${arrays[0]})` : `greatest(${arrays.map((array) => `len(${array})`).join(', ')})`;
    unnests.push(`unnest(range(${longest})) AS apl_item_index`);
    expanded.set(indexName, 'apl_item_index');
    columns = [...columns.filter((column) => column.name !== indexName), { name: indexName, type: 'long' }];
  }
  const list = columns.map((column) => (expanded.has(column.name) ? `${expanded.get(column.name)} AS ${ident(column.name)}` : ident(column.name))).join(', ');
  const sql = `SELECT ${list} FROM (SELECT *, ${unnests.join(', ')} FROM (${input.sql}) AS ${tools.alias()})`;
  return { ...input, sql, columns, order: undefined };
}
