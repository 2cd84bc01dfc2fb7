import type {
  ColumnDeclaration,
  CountOperator,
  DataTableOperator,
  DistinctOperator,
  ExtendOperator,
  ExternalDataOperator,
  MvExpandOperator,
  ParseKvOperator,
  ParseOperator,
  PrintOperator,
  RedactOperator,
  SearchOperator,
  TabularOperator,
  UnknownOperator,
} from '../syntax/ast.ts';
import type { Column } from './analyzer.ts';
import { summarize, makeSeries } from './aggregation.ts';
import { join, union, tablesOfPatterns } from './combining.ts';
import { analyzeExpression, checkTypeName } from './expressions.ts';
import { keyName, columnNameOf } from './naming.ts';
import { project, projectAway, projectKeep, projectRename, projectReorder } from './projection.ts';
import { findOption } from './options.ts';
import { messages, rules } from './rules.ts';
import { closestName, withSuggestion } from './suggestions.ts';
import { operators } from '../catalog/catalog.ts';
import { expressionContext, type TableContext } from './scope.ts';
import { emptyFlow, extendFlow, mergeFlows, openFlow, reshape, type Flow } from './tables.ts';

/**
 * How each tabular operator changes the table. `input` is undefined for an operator that starts
 * a query (union, search, print, datatable, externaldata).
 */
export function applyOperator(operator: TabularOperator, input: Flow | undefined, context: TableContext): Flow {
  const source = input ?? emptyFlow;
  switch (operator.kind) {
    case 'where':
      analyzeExpression(operator.predicate, expressionContext(context, source));
      return source;
    case 'take':
    case 'limit':
      analyzeExpression(operator.count, expressionContext(context, undefined));
      return source;
    case 'sample':
      analyzeExpression(operator.fraction, expressionContext(context, undefined));
      return source;
    case 'sort':
    case 'order': {
      const row = expressionContext(context, source);
      for (const key of operator.keys) analyzeExpression(key.expression, row);
      return source;
    }
    case 'top':
      analyzeExpression(operator.count, expressionContext(context, undefined));
      analyzeExpression(operator.by.expression, expressionContext(context, source));
      return source;
    case 'search':
      return search(operator, input, context);
    case 'redact':
      return redact(operator, source, context);
    case 'count':
      return count(operator, source);
    case 'distinct':
      return distinct(operator, source, context);
    case 'getschema':
      return reshape(source, getschemaColumns(), false, 'getschema');
    case 'extend':
    case 'extend-valid':
      return extend(operator, source, context);
    case 'project':
      return project(operator, source, context);
    case 'project-away':
      return projectAway(operator, source, context);
    case 'project-keep':
      return projectKeep(operator, source, context);
    case 'project-rename':
      return projectRename(operator, source, context);
    case 'project-reorder':
      return projectReorder(operator, source, context);
    case 'summarize':
      return summarize(operator, source, context);
    case 'make-series':
      return makeSeries(operator, source, context);
    case 'join':
    case 'lookup':
      return join(operator, source, context);
    case 'union':
      return union(operator, input, context);
    case 'parse':
    case 'parse-where':
      return parse(operator, source, context);
    case 'parse-kv':
      return parseKv(operator, source, context);
    case 'mv-expand':
      return mvExpand(operator, source, context);
    case 'print':
      return print(operator, source, context);
    case 'datatable':
      return datatable(operator, source, context);
    case 'externaldata':
      return externaldata(operator, source, context);
    case 'unknown':
      return unknown(operator, source, context);
  }
}

function search(operator: SearchOperator, input: Flow | undefined, context: TableContext): Flow {
  let flow: Flow;
  if (input) flow = input;
  else if (operator.datasets.length > 0) flow = mergeFlows(tablesOfPatterns(operator.datasets, context));
  else flow = openFlow(); // every dataset
  analyzeExpression(operator.predicate, expressionContext(context, flow));
  return flow;
}

function redact(operator: RedactOperator, input: Flow, context: TableContext): Flow {
  const constants = expressionContext(context, undefined);
  for (const pattern of operator.patterns) analyzeExpression(pattern, constants);
  const row = expressionContext(context, input);
  for (const column of operator.on) analyzeExpression(column, row);
  return input;
}

// The count operator page's outputs name the column `count` (summarize count() is `count_`), and so does the engine.
function count(_operator: CountOperator, input: Flow): Flow {
  return reshape(input, [{ name: 'count', type: 'long' }], false, 'count');
}

/** In the order the getschema page prints them. */
function getschemaColumns(): Column[] {
  return [
    { name: 'ColumnName', type: 'string' },
    { name: 'DataType', type: 'string' },
    { name: 'ColumnOrdinal', type: 'long' },
    { name: 'ColumnType', type: 'string' },
  ];
}

function distinct(operator: DistinctOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  const columns: Column[] = [];
  let open = false;
  operator.columns.forEach((expression, i) => {
    if (expression.kind === 'Star') {
      for (const column of input.shape.columns) columns.push(column);
      open ||= input.shape.open;
      return;
    }
    const type = analyzeExpression(expression, row);
    columns.push({ name: keyName(expression, `Column${i + 1}`), type });
  });
  return reshape(input, columns, open, 'distinct');
}

function extend(operator: ExtendOperator, input: Flow, context: TableContext): Flow {
  // Later definitions may use earlier ones: `extend a = 1, b = a + 1`.
  let flow = input;
  operator.columns.forEach((definition, i) => {
    const type = analyzeExpression(definition.expression, expressionContext(context, flow));
    // An unnamed computed column is Column1, Column2, ... by its position, as in KQL and the engine.
    const name = definition.name?.name ?? columnNameOf(definition.expression) ?? `Column${i + 1}`;
    const column: Column = { name, type };
    if (definition.name) context.state.symbols.set(definition.name, { kind: 'column', column });
    else context.state.givenNames.set(definition, name);
    flow = extendFlow(flow, [column]);
  });
  return flow;
}

function declaredColumn(declaration: ColumnDeclaration, context: TableContext, defaultType: Column['type']): Column {
  const type = declaration.type ? checkTypeName(declaration.type, context.state) : defaultType;
  const column: Column = { name: declaration.name.name, type };
  context.state.symbols.set(declaration.name, { kind: 'column', column });
  return column;
}

function parse(operator: ParseOperator, input: Flow, context: TableContext): Flow {
  analyzeExpression(operator.source, expressionContext(context, input));
  const added: Column[] = [];
  for (const part of operator.pattern) {
    if (part.kind === 'ColumnDeclaration') added.push(declaredColumn(part, context, 'string'));
  }
  return extendFlow(input, added);
}

function parseKv(operator: ParseKvOperator, input: Flow, context: TableContext): Flow {
  analyzeExpression(operator.source, expressionContext(context, input));
  const constants = expressionContext(context, undefined);
  for (const option of operator.options) analyzeExpression(option.value, constants);
  return extendFlow(input, operator.keys.map((key) => declaredColumn(key, context, 'string')));
}

function mvExpand(operator: MvExpandOperator, input: Flow, context: TableContext): Flow {
  const row = expressionContext(context, input);
  let columns = input.shape.columns.slice();
  operator.columns.forEach((entry, i) => {
    const definition = entry.column;
    analyzeExpression(definition.expression, row);
    const type = entry.toType ? checkTypeName(entry.toType, context.state) : 'dynamic';
    const name = definition.name?.name ?? columnNameOf(definition.expression) ?? `Column${i + 1}`;
    const column: Column = { name, type };
    if (definition.name) context.state.symbols.set(definition.name, { kind: 'column', column });
    const at = columns.findIndex((existing) => existing.name === column.name);
    if (at >= 0) columns[at] = column;
    else columns.push(column);
  });
  const itemIndex = findOption(operator.options, 'with_itemindex');
  if (itemIndex && itemIndex.value.kind === 'Name') {
    const column: Column = { name: itemIndex.value.name, type: 'long' };
    context.state.symbols.set(itemIndex.value, { kind: 'column', column });
    columns = columns.filter((existing) => existing.name !== column.name);
    columns.push(column);
  }
  if (operator.limit) analyzeExpression(operator.limit, expressionContext(context, undefined));
  return reshape(input, columns, input.shape.open, 'mv-expand');
}

function print(operator: PrintOperator, input: Flow, context: TableContext): Flow {
  const constants = expressionContext(context, undefined);
  const columns = operator.columns.map((definition, i): Column => {
    const type = analyzeExpression(definition.expression, constants);
    // Unnamed print columns are `print_0`, `print_1`, ... in KQL and the engine; APL does not say.
    const column: Column = { name: definition.name?.name ?? `print_${i}`, type };
    if (definition.name) context.state.symbols.set(definition.name, { kind: 'column', column });
    return column;
  });
  return reshape(input, columns, false, 'print');
}

function datatable(operator: DataTableOperator, input: Flow, context: TableContext): Flow {
  const columns = operator.columns.map((declaration) => declaredColumn(declaration, context, 'unknown'));
  const constants = expressionContext(context, undefined);
  for (const value of operator.values) analyzeExpression(value, constants);
  return reshape(input, columns, false, 'datatable');
}

function externaldata(operator: ExternalDataOperator, input: Flow, context: TableContext): Flow {
  const columns = operator.columns.map((declaration) => declaredColumn(declaration, context, 'unknown'));
  const constants = expressionContext(context, undefined);
  for (const url of operator.urls) analyzeExpression(url, constants);
  return reshape(input, columns, false, 'externaldata');
}

/** An unknown stage could do anything to the columns: keep what was known, assume nothing else. */
function unknown(operator: UnknownOperator, input: Flow, context: TableContext): Flow {
  // A nameless stage (`T | `) is a missing operator, which the parser reports already.
  if (operator.name !== '') {
    const suggestion = closestName(operator.name, operatorNames());
    context.state.report(rules.unknownOperator, operator.nameSpan, withSuggestion(messages.unknownOperator(operator.name), suggestion), suggestion === undefined ? undefined : [suggestion]);
  }
  return openFlow(input.shape.columns);
}

let knownOperatorNames: string[] | undefined;
function operatorNames(): string[] {
  knownOperatorNames ??= operators().map((entry) => entry.name);
  return knownOperatorNames;
}
