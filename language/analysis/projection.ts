import type {
  Expression,
  ProjectColumnsOperator,
  ProjectOperator,
  ProjectRenameOperator,
  ProjectReorderOperator,
} from '../syntax/ast.ts';
import type { Column } from './analyzer.ts';
import { analyzeExpression } from './expressions.ts';
import { resolveColumn } from './names.ts';
import { columnNameOf } from './naming.ts';
import { isReorderPattern, reorderNames } from './reorder.ts';
import { expressionContext, type ExpressionContext, type TableContext } from './scope.ts';
import { findColumn, removeColumns, reshape, wildcardMatcher, type Flow } from './tables.ts';

/** project, project-away, project-keep, project-rename and project-reorder. */

/** `project a, b = expr, c*`: exactly the listed columns, computed against the input. */
export function project(operator: ProjectOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  const columns: Column[] = [];
  const positions = new Map<string, number>();
  let open = false;
  operator.columns.forEach((definition, i) => {
    const expression = definition.expression;
    if (!definition.name && (expression.kind === 'Wildcard' || expression.kind === 'Star')) {
      for (const column of matching(expression, input)) {
        if (!positions.has(column.name)) positions.set(column.name, columns.length);
        columns.push(column);
      }
      open ||= input.shape.open;
      return;
    }
    const type = analyzeExpression(expression, row);
    // An unnamed computed column is Column1, Column2, ... by its position, as in KQL and the engine.
    const name = definition.name?.name ?? columnNameOf(expression) ?? `Column${i + 1}`;
    const column: Column = { name, type };
    if (definition.name) context.state.symbols.set(definition.name, { kind: 'column', column });
    else context.state.givenNames.set(definition, name);
    const at = positions.get(column.name);
    if (at !== undefined) {
      columns[at] = column;
    } else {
      positions.set(column.name, columns.length);
      columns.push(column);
    }
  });
  return reshape(input, columns, open, 'project');
}

export function projectAway(operator: ProjectColumnsOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  const removed = new Set<string>();
  for (const expression of operator.columns) {
    if (expression.kind === 'Wildcard' || expression.kind === 'Star') {
      for (const column of matching(expression, input)) removed.add(column.name);
      continue;
    }
    const name = namedColumn(expression, row);
    if (name) removed.add(name);
  }
  return removeColumns(input, removed, 'project-away');
}

export function projectKeep(operator: ProjectColumnsOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  const kept = new Set<string>();
  const unlisted: Column[] = [];
  let open = false;
  for (const expression of operator.columns) {
    if (expression.kind === 'Wildcard' || expression.kind === 'Star') {
      for (const column of matching(expression, input)) kept.add(column.name);
      open ||= input.shape.open;
      continue;
    }
    const name = namedColumn(expression, row);
    if (!name) continue;
    kept.add(name);
    if (!findColumn(input.shape, name) && input.shape.open) unlisted.push({ name, type: 'unknown' });
  }
  const columns = input.shape.columns.filter((column) => kept.has(column.name)).concat(unlisted);
  return reshape(input, columns, open, 'project-keep');
}

/** `project-rename new = old`: renamed in place. */
export function projectRename(operator: ProjectRenameOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  const renames = new Map<string, string>();
  for (const definition of operator.columns) {
    const oldName = namedColumn(definition.expression, row);
    if (!oldName || !definition.name) continue;
    renames.set(oldName, definition.name.name);
  }
  const columns: Column[] = input.shape.columns.map((column) => {
    const renamed = renames.get(column.name);
    return renamed === undefined ? column : { name: renamed, type: column.type };
  });
  for (const [oldName, newName] of renames) {
    if (!findColumn(input.shape, oldName) && input.shape.open) columns.push({ name: newName, type: 'unknown' });
  }
  for (const definition of operator.columns) {
    if (!definition.name) continue;
    const column = columns.find((candidate) => candidate.name === definition.name?.name);
    if (column) context.state.symbols.set(definition.name, { kind: 'column', column });
  }
  return reshape(input, columns, input.shape.open, 'project-rename', [...renames.keys()]);
}

/** `project-reorder a, b* asc`: the listed columns first, the rest after in their order. */
export function projectReorder(operator: ProjectReorderOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  // Listed names are checked (and recorded) against the row; the order is reorder.ts's rule, the engine's.
  for (const entry of operator.columns) {
    if (!isReorderPattern(entry)) namedColumn(entry.expression, row);
  }
  const byName = new Map(input.shape.columns.map((column) => [column.name, column]));
  const ordered = reorderNames(operator.columns, input.shape.columns.map((column) => column.name)).map((name) => byName.get(name)!);
  return reshape(input, ordered, input.shape.open, 'project-reorder');
}

function matching(expression: Expression, input: Flow): Column[] {
  if (expression.kind === 'Star') return input.shape.columns.slice();
  if (expression.kind !== 'Wildcard') return [];
  const matches = wildcardMatcher(expression.pattern);
  return input.shape.columns.filter((column) => matches(column.name));
}

/** A column named in a list (`a`, `['geo.city']`, `geo.city`), checked against the row. */
function namedColumn(expression: Expression, row: ExpressionContext): string | undefined {
  if (expression.kind === 'Name') {
    resolveColumn(expression, row);
    return expression.name;
  }
  // `geo.city` and friends: the member analysis resolves, records and reports the path.
  analyzeExpression(expression, row);
  return columnNameOf(expression);
}
