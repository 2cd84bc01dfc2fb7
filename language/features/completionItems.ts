import type { Column, LetBinding } from '../analysis/analyzer.ts';
import type { DatasetSchema } from '../analysis/schema.ts';
import {
  aggregations,
  dataTypes,
  findDataType,
  operators,
  renderSignature,
  scalarFunctions,
  scalarOperators,
  typeofTypeNames,
  type FunctionEntry,
  type OperatorEntry,
} from '../catalog/catalog.ts';
import type { CompletionItem } from '../types.ts';
import { nameReference } from './names.ts';

/**
 * Completion items. Everything that comes from the catalog is built once, on first use; items
 * for columns, datasets and lets are made per request from the analyzer's answers.
 */

function lazy<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

function operatorItem(entry: OperatorEntry): CompletionItem {
  return { label: entry.name, kind: 'operator', detail: entry.syntax, documentation: entry.doc };
}

function functionItem(entry: FunctionEntry): CompletionItem {
  const [first, ...others] = entry.signatures;
  const signature = first ? renderSignature(entry.name, first) : `${entry.name}()`;
  const detail = others.length > 0 ? `${signature} (+${others.length} more)` : signature;
  return { label: entry.name, kind: entry.kind === 'aggregation' ? 'aggregation' : 'function', detail, documentation: entry.doc };
}

/** The operators that follow a pipe: all but print and datatable, which only start a query. */
export const pipeOperatorItems = lazy(() =>
  operators()
    .filter((entry) => entry.name !== 'print' && entry.name !== 'datatable')
    .map(operatorItem),
);

/** What may start a statement besides a dataset: `let`, `set` and the source operators. */
export const statementStartItems = lazy((): CompletionItem[] => [
  { label: 'let', kind: 'keyword', detail: 'let Name = Expression;', documentation: 'Binds a name to a scalar value or a table for the rest of the query.' },
  {
    label: 'set',
    kind: 'keyword',
    detail: 'set OptionName [= Value];',
    documentation: 'Sets a query option for the whole query; `set stricttypes;` makes comparisons of mismatched types fail.',
  },
  ...operators()
    .filter((entry) => ['union', 'search', 'print', 'datatable', 'externaldata'].includes(entry.name))
    .map(operatorItem),
]);

/** The operators that may begin a table (a subquery, a let's value). */
export const sourceOperatorItems = lazy(() => statementStartItems().filter((item) => item.kind === 'operator'));

/** The options a `set` statement knows (the catalog's statement entry lists only this one). */
export const setOptionItems = lazy((): CompletionItem[] => [
  { label: 'stricttypes', kind: 'keyword', detail: 'set stricttypes;', documentation: 'Comparisons whose types do not match fail instead of coercing.' },
]);

export const scalarFunctionItems = lazy(() => scalarFunctions().map(functionItem));

export const aggregationItems = lazy(() => aggregations().map(functionItem));

export const binItems = lazy(() => scalarFunctionItems().filter((item) => item.label === 'bin' || item.label === 'bin_auto'));

/** Literal words that start a value: `true`, `null`, `dynamic(…)`, `datetime(…)`, ... */
export const constantItems = lazy((): CompletionItem[] => {
  const typed = (label: string, type: string, example: string): CompletionItem => ({
    label,
    kind: 'keyword',
    detail: example,
    documentation: findDataType(type)?.doc ?? '',
  });
  return [
    { label: 'true', kind: 'keyword', detail: 'bool' },
    { label: 'false', kind: 'keyword', detail: 'bool' },
    { label: 'null', kind: 'keyword', detail: 'null' },
    typed('dynamic', 'dynamic', 'dynamic([1, 2]) / dynamic({"a": 1})'),
    typed('datetime', 'datetime', 'datetime(2024-01-01T00:00:00Z)'),
    typed('timespan', 'timespan', 'timespan(15m)'),
  ];
});

/**
 * Word operators that may follow an operand: `and`, `contains`, `!has_cs`, `in~`, `between`, ...
 * Negations get their own item, documented from the entry they negate.
 */
export const wordOperatorItems = lazy((): CompletionItem[] => {
  const items: CompletionItem[] = [];
  const seen = new Set<string>();
  const add = (label: string, detail: string, documentation: string) => {
    if (seen.has(label)) return;
    seen.add(label);
    items.push({ label, kind: 'keyword', detail, documentation });
  };
  for (const entry of scalarOperators()) {
    if (!/^!?[a-z]/.test(entry.op) || entry.op.endsWith('()')) continue;
    add(entry.op, caseNote(entry.caseSensitive), entry.doc);
    if (entry.negation && /^!?[a-z]/.test(entry.negation)) {
      add(entry.negation, caseNote(entry.caseSensitive), `Negation of \`${entry.op}\`.\n\n${entry.doc}`);
    }
  }
  return items;
});

function caseNote(caseSensitive: boolean | null): string {
  if (caseSensitive === true) return 'case-sensitive';
  if (caseSensitive === false) return 'case-insensitive';
  return 'operator';
}

/** Type names as `typeof(…)` and column declarations accept them. */
export const typeItems = lazy(() =>
  typeofTypeNames().map((name): CompletionItem => {
    const entry = dataTypes().find((type) => type.name === name) ?? findDataType(name);
    const item: CompletionItem = { label: name, kind: 'type' };
    if (entry) {
      item.detail = entry.name === name ? 'type' : `alias of ${entry.name}`;
      item.documentation = entry.doc;
    }
    return item;
  }),
);

export function keywordItem(label: string, detail?: string, insertText?: string): CompletionItem {
  const item: CompletionItem = { label, kind: 'keyword' };
  if (detail) item.detail = detail;
  if (insertText !== undefined) item.insertText = insertText;
  return item;
}

export function columnItem(column: Column, description: string | undefined): CompletionItem {
  const item: CompletionItem = { label: column.name, kind: 'column', detail: column.type };
  const reference = nameReference(column.name);
  if (reference !== column.name) item.insertText = reference;
  if (description) item.documentation = description;
  return item;
}

export function datasetItem(dataset: DatasetSchema): CompletionItem {
  const item: CompletionItem = {
    label: dataset.name,
    kind: 'dataset',
    detail: `dataset, ${dataset.fields.length} field${dataset.fields.length === 1 ? '' : 's'}`,
  };
  const reference = nameReference(dataset.name);
  if (reference !== dataset.name) item.insertText = reference;
  return item;
}

export function letItem(binding: LetBinding, text: string): CompletionItem {
  return {
    label: binding.name,
    kind: 'variable',
    detail: binding.type,
    documentation: ['```axiom-apl', letHeadline(binding, text), '```'].join('\n'),
  };
}

/** The first line of a let statement, as written. */
export function letHeadline(binding: LetBinding, text: string): string {
  const written = text.slice(binding.statement.start, binding.statement.end);
  const firstLine = written.split(/\r?\n/)[0];
  return firstLine.length < written.length ? `${firstLine} …` : written;
}
