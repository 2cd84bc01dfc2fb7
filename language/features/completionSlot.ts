import type { Column, ScalarType } from '../analysis/analyzer.ts';
import type { CompletionItem } from '../types.ts';
import { keywordItem } from './completionItems.ts';
import type { CursorContext } from './context.ts';
import { afterOperand } from './operandPosition.ts';

/** What a position expects. Each present field adds one group of items. */
export interface Slot {
  /** Tabular operators, after a pipe. */
  operators?: boolean;
  /** `let`, `set`, `union`, `search`, `print`, `datatable`, `externaldata`: a statement's start. */
  statementStart?: boolean;
  /** The same without `let` and `set`: a subquery's or a let value's start. */
  sourceOperators?: boolean;
  /** Dataset names and tabular lets. */
  datasets?: boolean;
  columns?: Column[];
  /** Aggregation functions, listed first (summarize, make-series); columns, bare there, go last. */
  aggregations?: boolean;
  /** `bin` and `bin_auto` first (a `by` clause). */
  bins?: boolean;
  functions?: boolean;
  scalarLets?: boolean;
  constants?: boolean;
  types?: boolean;
  /** The operator's own words that fit here, listed first. */
  keywords?: CompletionItem[];
  /** `and`, `contains`, `in`, ... after an operand. */
  wordOperators?: boolean;
  /** Right after a `[` that starts a quoted name. */
  quotedStart?: boolean;
  /** A call's argument of these types: values that fit are listed first. */
  expected?: ReadonlySet<ScalarType>;
}

export const none: Slot = {};

export interface ExpressionOptions {
  aggregations?: boolean;
  bins?: boolean;
  /** Keywords once an operand is complete. */
  keywords?: CompletionItem[];
  clauseWords?: readonly string[];
  /** Only column names fit (project-away, distinct, ...). */
  columnsOnly?: boolean;
  /** Overrides the operand test, e.g. after an option's value (`kind=regex`), which is no operand. */
  afterOperand?: boolean;
}

export function expression(context: CursorContext, columns: Column[] | undefined, options: ExpressionOptions = {}): Slot {
  if (options.afterOperand ?? afterOperand(context, options.clauseWords)) {
    if (options.columnsOnly) return options.keywords ? { keywords: options.keywords } : none;
    return { keywords: options.keywords ?? [], wordOperators: true };
  }
  if (options.columnsOnly) return { columns: columns ?? [] };
  const slot: Slot = { functions: true, scalarLets: true, constants: true };
  if (columns) slot.columns = columns;
  if (options.aggregations) slot.aggregations = true;
  if (options.bins) slot.bins = true;
  return slot;
}

/** A subquery's start: a dataset, a tabular let or a source operator. */
export const subquerySlot: Slot = { datasets: true, sourceOperators: true };

export const keywords = (...labels: string[]) => labels.map((label) => keywordItem(label));

/** `kind=` and other `name=` options, inserted with their `=`. */
export const optionKeywords = (...names: string[]) => names.map((name) => keywordItem(`${name}=`, 'option'));

export function withoutKeywords(slot: Slot): Slot {
  if (!slot.keywords && !slot.wordOperators) return slot;
  const { keywords: _keywords, wordOperators: _wordOperators, ...rest } = slot;
  return rest;
}
