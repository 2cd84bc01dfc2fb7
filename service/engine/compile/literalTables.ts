/** Tables written in the query itself: `print` and `datatable`. */
import type { ColumnDefinition, DataTableOperator } from '../../../language/index.ts';
import { coerceTo } from './coercions.ts';
import { compileExpression } from './expressions.ts';
import type { OperatorTools } from './moreOperators.ts';
import { ident } from './sql.ts';
import { selectList, typed, type Stage } from './stage.ts';
import { sqlTypeOf, typeFromName, type Column } from './types.ts';

/** Several columns expand in parallel: row i takes element i of each (null where one is shorter). */
export function printStage(definitions: ColumnDefinition[], tools: OperatorTools): Stage {
  const scope = tools.scope([]);
  const columns: Column[] = [];
  const items = definitions.map((definition, i) => {
    const value = compileExpression(definition.expression, scope);
    const name = definition.name?.name ?? `print_${i}`;
    columns.push({ name, type: value.type, array: value.array });
    return `${typed(value.sql, value.type)} AS ${ident(name)}`;
  });
  return { sql: `SELECT ${items.join(', ')}`, columns, limited: false, datasets: new Set() };
}

export function datatableStage(operator: DataTableOperator, tools: OperatorTools): Stage {
  const columns: Column[] = operator.columns.map((declaration) => ({
    name: declaration.name.name,
    type: declaration.type ? (typeFromName(declaration.type.name) ?? 'string') : 'string',
  }));
  if (columns.length === 0) throw tools.errors.at(operator.start, 'datatable needs columns', 'semantic');
  if (operator.values.length % columns.length !== 0) throw tools.errors.at(operator.start, `datatable has ${operator.values.length} values for ${columns.length} columns`, 'semantic');
  const scope = tools.scope([]);
  const rows: string[] = [];
  for (let i = 0; i < operator.values.length; i += columns.length) {
    const cells = columns.map((column, j) => {
      const value = coerceTo(compileExpression(operator.values[i + j]!, scope), column.type);
      return `CAST(${value.sql} AS ${sqlTypeOf(column.type)})`;
    });
    rows.push(`(${cells.join(', ')})`);
  }
  const names = selectList(columns);
  const sql = rows.length
    ? `SELECT * FROM (VALUES ${rows.join(', ')}) AS d(${names})`
    : `SELECT ${columns.map((column) => `CAST(NULL AS ${sqlTypeOf(column.type)}) AS ${ident(column.name)}`).join(', ')} WHERE FALSE`;
  return { sql, columns, limited: false, datasets: new Set() };
}
