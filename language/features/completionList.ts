import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { CompletionItem, Range } from '../types.ts';
import {
  aggregationItems,
  binItems,
  columnItem,
  constantItems,
  datasetItem,
  letItem,
  pipeOperatorItems,
  scalarFunctionItems,
  sourceOperatorItems,
  statementStartItems,
  typeItems,
  wordOperatorItems,
} from './completionItems.ts';
import { constantTypes, fitsType, functionFits } from './argumentTypes.ts';
import type { Slot } from './completionSlot.ts';
import type { CursorContext } from './context.ts';
import { fieldDescription } from './scope.ts';

/** Groups in the order they are listed. */
export const rank = {
  keyword: '0',
  operator: '0',
  type: '0',
  aggregation: '1',
  bin: '1',
  column: '2',
  dataset: '2',
  let: '3',
  statement: '3',
  function: '4',
  constant: '5',
  wordOperator: '6',
  /** A column where only aggregations fit (summarize outside `by`): a bare column there is an error. */
  bareColumn: '7',
} as const;

export class ItemList {
  readonly items: CompletionItem[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly range: Range) {}

  /** `order` ranks items within a group; by default they sort by label. */
  add(item: CompletionItem, group: string, order: string = item.label): void {
    const key = `${item.kind}:${item.label}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push(placed(item, `${group}_${order}`, this.range));
  }

  addAll(items: readonly CompletionItem[], group: string): void {
    for (const item of items) this.add(item, group);
  }

  /** Keeps the given order (the catalog's: `and`, `or`, then the string operators). */
  addInOrder(items: readonly CompletionItem[], group: string): void {
    items.forEach((item, i) => this.add(item, group, String(i).padStart(3, '0')));
  }
}

/** A copy of a shared item with this request's order and range; spelled out, since it runs for hundreds of items per keystroke. */
function placed(item: CompletionItem, sortText: string, range: Range): CompletionItem {
  const copy: CompletionItem = { label: item.label, kind: item.kind, sortText, range };
  if (item.detail !== undefined) copy.detail = item.detail;
  if (item.documentation !== undefined) copy.documentation = item.documentation;
  if (item.insertText !== undefined) copy.insertText = item.insertText;
  return copy;
}

export function rangeOf(analyzed: AnalyzedDocument, start: number, end: number): Range {
  return analyzed.parsed.lineIndex.rangeOf(start, end);
}

export function listSlot(analyzed: AnalyzedDocument, context: CursorContext, slot: Slot, range: Range): CompletionItem[] {
  const list = new ItemList(range);
  const expected = slot.expected;
  // In a call's argument, what fits the parameter's type comes before the rest, each group in its usual order.
  const byType = (group: string, fits: boolean) => (expected ? `${fits ? 'a' : 'b'}${group}` : group);
  const addFunctions = (items: readonly CompletionItem[], group: string) => {
    if (!expected) return list.addAll(items, group);
    for (const item of items) list.add(item, byType(group, functionFits(item.label, expected)));
  };
  if (slot.keywords) list.addInOrder(slot.keywords, rank.keyword);
  if (slot.operators) list.addAll(pipeOperatorItems(), rank.operator);
  if (slot.types) list.addAll(typeItems(), rank.type);
  if (slot.aggregations) addFunctions(aggregationItems(), rank.aggregation);
  if (slot.bins) list.addAll(binItems(), rank.bin);
  if (slot.columns) {
    const columnRank = slot.aggregations ? rank.bareColumn : rank.column;
    for (const column of slot.columns) {
      const group = byType(columnRank, expected !== undefined && fitsType(column.type, expected));
      list.add(columnItem(column, fieldDescription(analyzed.schema, column.name)), group);
    }
  }
  if (slot.datasets) {
    for (const dataset of analyzed.schema?.datasets ?? []) list.add(datasetItem(dataset), rank.dataset);
  }
  if (slot.datasets || slot.scalarLets) {
    for (const binding of analyzed.letsVisibleAt(context.offset)) {
      const tabular = binding.type === 'table';
      if (!(tabular ? slot.datasets : slot.scalarLets)) continue;
      const group = tabular ? rank.let : byType(rank.let, expected !== undefined && fitsType(binding.type, expected));
      list.add(letItem(binding, analyzed.parsed.text), group);
    }
  }
  if (slot.statementStart) list.addAll(statementStartItems(), rank.statement);
  if (slot.sourceOperators) list.addAll(sourceOperatorItems(), rank.statement);
  if (slot.functions) addFunctions(scalarFunctionItems(), rank.function);
  if (slot.constants) {
    for (const item of constantItems()) {
      const type = constantTypes.get(item.label);
      list.add(item, byType(rank.constant, expected !== undefined && type !== undefined && fitsType(type, expected)));
    }
  }
  if (slot.wordOperators) list.addInOrder(wordOperatorItems(), rank.wordOperator);
  return list.items;
}
