/**
 * `arg_max(x, a, b)` / `arg_min(x, *)` in a summarize: the row with the largest (smallest) x, as
 * the columns x, a, b (or every column for `*`), each a DuckDB max_by/min_by over x.
 */
import type { CallNode, Expression } from '../../../language/index.ts';
import { columnNameOf, keyName } from '../../../language/analysis/naming.ts';
import { compileExpression, findColumn } from './expressions.ts';
import type { OperatorTools } from './moreOperators.ts';
import { ident } from './sql.ts';
import type { Column } from './types.ts';

export interface ArgExtremeOutput {
  name: string;
  sql: string;
  column: Column;
}

/** The output columns of one arg_max/arg_min call; `keys` are the group keys, `namesOf` expands `*` and wildcards. */
export function argExtremeOutputs(call: CallNode, columns: readonly Column[], keys: string[], tools: OperatorTools, namesOf: (expression: Expression) => string[]): ArgExtremeOutput[] {
  const fn = call.callee.name;
  // `arg_max(n = expr, alias = field)`: a named argument names its output column.
  const [target, ...returned] = call.args.map((arg) => (arg.kind === 'NamedArgument' ? { expression: arg.value, alias: arg.name.name } : { expression: arg, alias: undefined }));
  if (!target) throw tools.errors.at(call.start, `${fn}() expects the expression to maximise`, 'semantic');
  const scope = tools.scope(columns);
  const by = compileExpression(target.expression, scope);
  // A call is named after its column argument: the reference prints arg_max(toint(status), uri) as status, uri.
  const inferred = target.alias ?? keyName(target.expression, '');
  let targetName = inferred || `${fn}_`;
  // A target that is also a group key (arg_max(_time, ...) by bin(_time, 1h)) gets a suffix.
  for (let suffix = 1; keys.includes(targetName); suffix++) targetName = `${inferred || fn}${suffix}`;
  const results: ArgExtremeOutput[] = [
    { name: targetName, sql: `${fn === 'arg_max' ? 'max' : 'min'}(${by.sql})`, column: { name: targetName, type: by.type, array: by.array } },
  ];
  for (const { expression, alias } of returned) {
    const names = !alias && (expression.kind === 'Star' || expression.kind === 'Wildcard') ? namesOf(expression) : [undefined];
    for (const listed of names) {
      const value = listed ? { ...findColumn(columns, listed)!, sql: ident(listed) } : compileExpression(expression, scope);
      const name = listed ?? alias ?? columnNameOf(expression) ?? `${fn}_${results.length}`;
      if (keys.includes(name) || results.some((result) => result.name === name)) continue;
      // A group whose expression is null on every row still gives a row: its first (Kusto's
      // arg-max page shows this; APL's is silent). DuckDB's arg_max skips those rows, so it has none.
      const sql = `(CASE WHEN count(${by.sql}) = 0 THEN first(${value.sql}) ELSE ${fn}(${value.sql}, ${by.sql}) END)`;
      results.push({ name, sql, column: { name, type: value.type, array: value.array } });
    }
  }
  return results;
}
