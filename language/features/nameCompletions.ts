import type { AnalyzedDocument, Column } from '../analysis/analyzer.ts';
import type { SyntaxToken } from '../syntax/parseResult.ts';
import type { CompletionItem } from '../types.ts';
import { columnItem, datasetItem } from './completionItems.ts';
import { ItemList, rangeOf, rank } from './completionList.ts';
import { contextBefore, isNameLike, lastTokenBefore, type CursorContext } from './context.ts';
import { slotAt } from './frameSlots.ts';
import { escapeQuoted, needsQuoting } from './names.ts';
import { fieldDescription, inputColumns, rightColumns } from './scope.ts';

/** Completion of names: after a `.` (member access) and inside `[`, `['…` (quoted names). */

export function isMemberAccess(context: CursorContext): boolean {
  return context.previous?.type === 'Dot' && context.previous.end === context.word.start;
}

/**
 * After `geo.`: the next segment of the flattened columns that share the prefix (`city` for
 * `geo.city`); after `$left.` / `$right.`: that side's columns.
 */
export function memberCompletions(analyzed: AnalyzedDocument, context: CursorContext, scope: Column[]): CompletionItem[] {
  const { tokens } = analyzed.parsed;
  let i = lastTokenBefore(tokens, context.word.start) - 1;
  const path: string[] = [];
  let next = context.previous as SyntaxToken;
  while (i >= 0 && isNameLike(tokens[i]) && tokens[i].end === next.start) {
    path.unshift(tokens[i].text);
    next = tokens[i];
    if (i >= 1 && tokens[i - 1].type === 'Dot' && tokens[i - 1].end === next.start) {
      next = tokens[i - 1];
      i -= 2;
    } else {
      break;
    }
  }
  if (path.length === 0) return [];
  const list = new ItemList(rangeOf(analyzed, context.word.start, context.word.end));
  if ((path[0] === '$left' || path[0] === '$right') && path.length === 1) {
    // A name that needs quoting goes in as `$left.['geo.city']` (the item's insertText).
    for (const column of joinSide(analyzed, context, path[0])) {
      list.add(columnItem(column, fieldDescription(analyzed.schema, column.name)), rank.column);
    }
    return list.items;
  }
  const prefix = `${path.join('.')}.`;
  for (const column of scope) {
    if (!column.name.startsWith(prefix)) continue;
    const remainder = column.name.slice(prefix.length);
    const segment = remainder.split('.')[0];
    if (!segment || needsQuoting(segment)) continue;
    const leaf = segment === remainder;
    const item: CompletionItem = { label: segment, kind: 'column', detail: leaf ? column.type : 'dynamic' };
    const description = leaf ? fieldDescription(analyzed.schema, column.name) : undefined;
    if (description) item.documentation = description;
    list.add(item, rank.column);
  }
  return list.items;
}

/** The columns of a join's or lookup's side, `$left` (its input) or `$right`. */
function joinSide(analyzed: AnalyzedDocument, context: CursorContext, side: string): Column[] {
  const operator = context.stage.operator;
  if (operator?.kind !== 'join' && operator?.kind !== 'lookup') return [];
  return side === '$left' ? inputColumns(analyzed, operator) : rightColumns(analyzed, operator);
}

/** `$left.[`: the side whose column the bracket names, if it follows one. */
function sideBefore(analyzed: AnalyzedDocument, bracket: SyntaxToken): string | undefined {
  const { tokens } = analyzed.parsed;
  const at = lastTokenBefore(tokens, bracket.start);
  const dot = tokens[at];
  const side = tokens[at - 1];
  if (dot?.type !== 'Dot' || dot.end !== bracket.start || !side || side.end !== dot.start) return undefined;
  return side.text === '$left' || side.text === '$right' ? side.text : undefined;
}

/** Names a `[` may open here: datasets where a table is expected, columns inside an operator. */
function bracketNames(analyzed: AnalyzedDocument, bracket: SyntaxToken): CompletionItem[] {
  const context = contextBefore(analyzed, bracket);
  const side = sideBefore(analyzed, bracket);
  if (side) {
    return joinSide(analyzed, context, side).map((column) => ({ ...columnItem(column, fieldDescription(analyzed.schema, column.name)), insertText: column.name }));
  }
  const slot = slotAt(analyzed, context);
  if (slot.datasets) return (analyzed.schema?.datasets ?? []).map((dataset) => ({ ...datasetItem(dataset), insertText: dataset.name }));
  if (slot.columns) {
    return slot.columns.map((column) => ({ ...columnItem(column, fieldDescription(analyzed.schema, column.name)), insertText: column.name }));
  }
  return [];
}

/** Just after `[`: insert the quotes and, unless it is there already, the closing bracket. */
export function bracketCompletions(analyzed: AnalyzedDocument, context: CursorContext): CompletionItem[] {
  const bracket = context.frames[0].open;
  const closed = nextSignificant(analyzed, context.word.end)?.type === 'RBracket';
  const list = new ItemList(rangeOf(analyzed, context.word.start, context.word.end));
  for (const item of bracketNames(analyzed, bracket)) {
    list.add({ ...item, insertText: `'${escapeQuoted(item.label, "'")}'${closed ? '' : ']'}` }, rankOf(item));
  }
  return list.items;
}

/** Inside `['…`: replace what is typed between the quotes, closing the quote and bracket only if missing. */
export function quotedNameCompletions(analyzed: AnalyzedDocument, context: CursorContext): CompletionItem[] {
  const string = context.stringToken;
  const bracket = context.previous;
  if (!string || !bracket) return [];
  const quote = string.text[0];
  const closed = nextSignificant(analyzed, string.end)?.type === 'RBracket';
  // The range takes in the closing quote when there is one, so the insertion writes it once.
  const list = new ItemList(rangeOf(analyzed, string.start + 1, string.end));
  for (const item of bracketNames(analyzed, bracket)) {
    const insertText = `${escapeQuoted(item.label, quote)}${quote}${closed ? '' : ']'}`;
    list.add({ ...item, insertText }, rankOf(item));
  }
  return list.items;
}

function rankOf(item: CompletionItem): string {
  return item.kind === 'dataset' ? rank.dataset : rank.column;
}

function nextSignificant(analyzed: AnalyzedDocument, offset: number): SyntaxToken | undefined {
  const { tokens } = analyzed.parsed;
  for (let i = lastTokenBefore(tokens, offset) + 1; i < tokens.length; i++) {
    if (tokens[i].type !== 'Comment') return tokens[i];
  }
  return undefined;
}
