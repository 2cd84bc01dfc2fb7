import type { AnalyzedDocument, Column, TableShape } from '../analysis/analyzer.ts';
import type { Schema } from '../analysis/schema.ts';
import type { Expression, JoinOperator, TabularOperator } from '../syntax/ast.ts';

/** The columns an expression at the cursor can see, from the analyzer's answers. */

export function inputColumns(analyzed: AnalyzedDocument, operator: TabularOperator | undefined): Column[] {
  if (!operator) return [];
  // search keeps its table as it is, and as a query's start it has no input: its predicate sees what it produces.
  const shape = operator.kind === 'search' ? analyzed.outputOf(operator) : (analyzed.inputOf(operator) ?? analyzed.outputOf(operator));
  return shape?.columns ?? [];
}

/**
 * The columns an `extend`'s later definitions see: its input plus its first `definitionsBefore`
 * definitions (`extend a = 1, b = a + 1`).
 */
export function extendScope(analyzed: AnalyzedDocument, operator: TabularOperator, definitionsBefore: number): Column[] {
  const columns = inputColumns(analyzed, operator);
  if (operator.kind !== 'extend' && operator.kind !== 'extend-valid') return columns;
  const earlier: Column[] = [];
  for (const definition of operator.columns.slice(0, definitionsBefore)) {
    if (!definition.name || definition.name.name === '') continue;
    earlier.push({ name: definition.name.name, type: analyzed.typeOf(definition.expression) });
  }
  if (earlier.length === 0) return columns;
  const redefined = new Set(earlier.map((column) => column.name));
  return [...columns.filter((column) => !redefined.has(column.name)), ...earlier];
}

/** The right side of a join or lookup: a dataset, a tabular let or a subquery. */
export function rightColumns(analyzed: AnalyzedDocument, operator: JoinOperator): Column[] {
  return tableOf(analyzed, operator.right)?.columns ?? [];
}

/** The table a tabular expression stands for, where the analyzer knows it. */
export function tableOf(analyzed: AnalyzedDocument, expression: Expression): TableShape | undefined {
  switch (expression.kind) {
    case 'Paren':
      return tableOf(analyzed, expression.expression);
    case 'Pipeline': {
      const last = expression.operators[expression.operators.length - 1];
      if (last) return analyzed.outputOf(last);
      const source = expression.source;
      return 'nameSpan' in source ? analyzed.outputOf(source) : tableOf(analyzed, source);
    }
    case 'Name': {
      const symbol = analyzed.symbolOf(expression);
      if (symbol?.kind === 'dataset') return symbol.table;
      if (symbol?.kind === 'let') return symbol.binding.table;
      return undefined;
    }
    default:
      return undefined;
  }
}

/** Both sides' columns, each name once, for a join's `on` clause. */
export function joinColumns(analyzed: AnalyzedDocument, operator: JoinOperator): Column[] {
  const seen = new Set<string>();
  const columns: Column[] = [];
  for (const column of [...inputColumns(analyzed, operator), ...rightColumns(analyzed, operator)]) {
    if (seen.has(column.name)) continue;
    seen.add(column.name);
    columns.push(column);
  }
  return columns;
}

const descriptionCache = new WeakMap<Schema, Map<string, string>>();

/** A field's description from the schema (the first dataset that describes a field of that name). */
export function fieldDescription(schema: Schema | undefined, name: string): string | undefined {
  if (!schema) return undefined;
  let descriptions = descriptionCache.get(schema);
  if (!descriptions) {
    descriptions = new Map();
    for (const dataset of schema.datasets) {
      for (const field of dataset.fields) {
        if (field.description && !descriptions.has(field.name)) descriptions.set(field.name, field.description);
      }
    }
    descriptionCache.set(schema, descriptions);
  }
  return descriptions.get(name);
}
