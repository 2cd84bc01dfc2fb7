/**
 * extend, extend-valid and project: operators that compute columns row by row, keeping the rows.
 * Right after a dataset's filters they read its table itself (`readRows`), listing its columns:
 * the table's own order is not the scan's.
 */
import type { ColumnDefinition } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { coerceTo } from './coercions.ts';
import { compileExpression, findColumn } from './expressions.ts';
import type { OperatorTools } from './moreOperators.ts';
import type { Compiled } from './scope.ts';
import { ident } from './sql.ts';
import { keptOrder, orderSql, readRows, selectList, typed, type Stage } from './stage.ts';
import type { SummarizeTools } from './summarize.ts';
import type { Column } from './types.ts';

/** Each definition in turn; the rows stay those of `input.rowsOf` (and a take by time's) unless `_time` is assigned. */
export function extendStage(definitions: ColumnDefinition[], input: Stage, valid: boolean, tools: OperatorTools): Stage {
  let stage = input;
  definitions.forEach((definition, i) => {
    const value = compileExpression(definition.expression, tools.scope(stage.columns));
    const name = definition.name?.name ?? columnNameOf(definition.expression) ?? `Column${i + 1}`;
    if (name === '_time') stage = { ...stage, rowsOf: undefined, storedTime: undefined, takesByTime: undefined };
    const existing = findColumn(stage.columns, name);
    // extend-valid: "The original value remains unchanged" where the new one is not valid.
    const kept = existing ? coerceTo({ sql: ident(name), type: existing.type }, value.type).sql : 'NULL';
    const sql = valid ? `(CASE WHEN ${validTest(value)} THEN ${value.sql} ELSE ${kept} END)` : value.sql;
    const columns = stage.columns.filter((column) => column.name !== name).concat({ name, type: value.type, array: value.array });
    const rest = stage.scan ? selectList(columns.slice(0, -1)) : existing ? `* EXCLUDE (${ident(name)})` : '*';
    const listed = columns.length === 1 ? '' : `${rest}, `;
    const select = `SELECT ${listed}${typed(sql, value.type)} AS ${ident(name)} FROM ${readRows(stage, tools.alias())}`;
    stage = { ...stage, sql: select, scan: undefined, columns, order: keptOrder(stage.order, columns) };
  });
  return stage;
}

/** The rows stay those of `input.rowsOf` (and a take by time's, in its order) while `_time` is projected as it is. */
export function projectStage(definitions: ColumnDefinition[], input: Stage, tools: OperatorTools & Pick<SummarizeTools, 'namesOf'>): Stage {
  let { storedTime } = input;
  let timeAssigned = false;
  const columns: Column[] = [];
  const items = new Map<string, string>();
  definitions.forEach((definition, i) => {
    const expression = definition.expression;
    if (!definition.name && (expression.kind === 'Star' || expression.kind === 'Wildcard')) {
      for (const name of tools.namesOf(expression, input.columns)) {
        if (!items.has(name)) columns.push(findColumn(input.columns, name)!);
        items.set(name, ident(name));
      }
      return;
    }
    const value = compileExpression(expression, tools.scope(input.columns));
    const name = definition.name?.name ?? columnNameOf(expression) ?? `Column${i + 1}`;
    if (name === '_time' && columnNameOf(expression) !== '_time') [storedTime, timeAssigned] = [undefined, true];
    const at = columns.findIndex((column) => column.name === name);
    const column = { name, type: value.type, array: value.array };
    if (at >= 0) columns[at] = column;
    else columns.push(column);
    items.set(name, typed(value.sql, value.type));
  });
  const list = columns.map((column) => `${items.get(column.name)} AS ${ident(column.name)}`).join(', ');
  const kept = keptOrder(input.order, columns);
  const rowsOf = storedTime && findColumn(columns, '_time') ? input.rowsOf : undefined;
  const sql = `SELECT ${list} FROM ${readRows(input, tools.alias())}${kept ? '' : orderSql(input.order)}`;
  const takesByTime = kept && !timeAssigned && findColumn(columns, '_time') ? input.takesByTime : undefined;
  const stage: Stage = { ...input, sql, scan: undefined, columns, order: kept, storedTime, rowsOf, takesByTime };
  stage.timeBin = input.timeBin && findColumn(columns, input.timeBin.column) ? input.timeBin : undefined;
  return stage;
}

/** extend-valid's page: a non-empty string, array or bag; a number other than 0, infinity or NaN; a true bool. */
function validTest(value: Compiled): string {
  switch (value.type) {
    case 'string':
      return `(${value.sql} IS NOT NULL AND ${value.sql} <> '')`;
    case 'dynamic':
      return `(json_type(${value.sql}) IN ('ARRAY', 'OBJECT') AND CAST(${value.sql} AS VARCHAR) NOT IN ('[]', '{}'))`;
    case 'long':
    case 'int':
    case 'real':
      return `(${value.sql} IS NOT NULL AND ${value.sql} <> 0 AND isfinite(CAST(${value.sql} AS DOUBLE)))`;
    case 'bool':
      return `coalesce(${value.sql}, FALSE)`;
    default:
      return `(${value.sql} IS NOT NULL)`;
  }
}
