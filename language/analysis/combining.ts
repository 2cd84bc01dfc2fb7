import type { Expression, JoinOperator, UnionOperator } from '../syntax/ast.ts';
import type { Column } from './analyzer.ts';
import { analyzeExpression } from './expressions.ts';
import { columnIn, reportMissingColumn } from './names.ts';
import { findOption, optionText } from './options.ts';
import { expressionContext, type JoinSides, type TableContext } from './scope.ts';
import { flowOf, mergeFlows, openFlow, reshape, uniqueName, wildcardMatcher, type Flow } from './tables.ts';

/** join, lookup and union. */

const leftOnlyKinds = new Set(['leftanti', 'anti', 'leftantisemi', 'leftsemi']);
const rightOnlyKinds = new Set(['rightanti', 'rightantisemi', 'rightsemi']);

export function join(operator: JoinOperator, input: Flow, context: TableContext): Flow {
  const right = context.analyzeTable(operator.right, context.query);
  const sides: JoinSides = { left: input, right };
  const rightKeys = new Set<string>();
  for (const condition of operator.on) joinCondition(condition, sides, context, rightKeys);

  const kind = (optionText(operator.options, 'kind') ?? (operator.kind === 'lookup' ? 'leftouter' : 'inner')).toLowerCase();
  if (leftOnlyKinds.has(kind)) return input;
  if (rightOnlyKinds.has(kind)) return combined(input, right.shape.columns, right.shape.open, operator.kind, right);

  // Right columns whose names are taken get a numeric suffix, as in KQL; lookup adds its keys once.
  const columns = input.shape.columns.slice();
  const taken = new Set(columns.map((column) => column.name));
  for (const column of right.shape.columns) {
    if (operator.kind === 'lookup' && rightKeys.has(column.name)) continue;
    const name = uniqueName(column.name, taken);
    taken.add(name);
    columns.push(name === column.name ? column : { name, type: column.type });
  }
  return combined(input, columns, input.shape.open || right.shape.open, operator.kind, right);
}

/** A table built from the input and other tables; an open other table may bring back any dropped name. */
function combined(input: Flow, columns: Column[], open: boolean, operator: string, ...others: Flow[]): Flow {
  if (others.some((other) => other.shape.open)) return openFlow(columns);
  return reshape(input, columns, open, operator);
}

/** `on key`, `on $left.a == $right.b`, or any other condition. */
function joinCondition(condition: Expression, sides: JoinSides, context: TableContext, rightKeys: Set<string>): void {
  if (condition.kind === 'Name') {
    const row = expressionContext(context, sides.left, 'none', sides);
    const left = columnIn(sides.left, condition.name);
    if (left) context.state.symbols.set(condition, { kind: 'column', column: left });
    else reportMissingColumn(row, condition.name, condition, sides.left, 'left');
    if (!columnIn(sides.right, condition.name)) reportMissingColumn(row, condition.name, condition, sides.right, 'right');
    context.state.types.set(condition, left?.type ?? 'unknown');
    rightKeys.add(condition.name);
    return;
  }
  if (condition.kind === 'Binary' && condition.operator === '==') {
    // `on id == trace_id`: the left operand reads the left table, the right one the right table.
    analyzeExpression(condition.left, expressionContext(context, sides.left, 'none', sides));
    analyzeExpression(condition.right, expressionContext(context, sides.right, 'none', sides));
    context.state.types.set(condition, 'bool');
    const rightKey = rightColumnOf(condition.right, true) ?? rightColumnOf(condition.left, false);
    if (rightKey) rightKeys.add(rightKey);
    return;
  }
  analyzeExpression(condition, expressionContext(context, sides.left, 'none', sides));
}

/** The right table's column an operand names: `$right.x`, or a bare name on the right of `==`. */
function rightColumnOf(operand: Expression, onRightSide: boolean): string | undefined {
  if (operand.kind === 'Member' && operand.target.kind === 'Name' && operand.target.name === '$right') return operand.member.name;
  if (onRightSide && operand.kind === 'Name') return operand.name;
  return undefined;
}

export function union(operator: UnionOperator, input: Flow | undefined, context: TableContext): Flow {
  const parts = tablesOfPatterns(operator.tables, context);
  const merged = mergeFlows(input ? [input, ...parts] : parts);
  let columns = merged.shape.columns;
  const source = findOption(operator.options, 'withsource');
  if (source && source.value.kind === 'Name') {
    const column: Column = { name: source.value.name, type: 'string' };
    context.state.symbols.set(source.value, { kind: 'column', column });
    columns = [column, ...columns.filter((existing) => existing.name !== column.name)];
  }
  if (!input) return flowOf(columns, merged.shape.open);
  return combined(input, columns, merged.shape.open, 'union', ...parts);
}

/**
 * The tables a list of dataset references names: lets, datasets, subqueries, and patterns such as
 * `github*` or `*` matched against the schema (open when there is no schema to match).
 */
export function tablesOfPatterns(expressions: Expression[], context: TableContext): Flow[] {
  const tables: Flow[] = [];
  for (const expression of expressions) {
    if (expression.kind === 'Wildcard' || expression.kind === 'Star') {
      const schema = context.state.schema;
      const matches = expression.kind === 'Star' ? () => true : wildcardMatcher(expression.pattern);
      const found = schema ? [...schema].filter(([name]) => matches(name)).map(([, flow]) => flow) : [];
      for (const flow of found.length > 0 ? found : [openFlow()]) tables.push(flow);
      continue;
    }
    tables.push(context.analyzeTable(expression, context.query));
  }
  return tables;
}
