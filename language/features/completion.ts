import type { AnalyzedDocument, Column } from '../analysis/analyzer.ts';
import { findAggregation, findOperator, findScalarFunction } from '../catalog/catalog.ts';
import type { JoinOperator } from '../syntax/ast.ts';
import { maxNestingDepth } from '../syntax/nesting.ts';
import type { SyntaxToken } from '../syntax/parseResult.ts';
import type { CompletionItem, Position, Range } from '../types.ts';
import {
  aggregationItems,
  binItems,
  columnItem,
  constantItems,
  datasetItem,
  keywordItem,
  letItem,
  pipeOperatorItems,
  scalarFunctionItems,
  sourceOperatorItems,
  statementStartItems,
  typeItems,
  wordOperatorItems,
} from './completionItems.ts';
import {
  contextBefore,
  cursorContext,
  endsOperand,
  isNameLike,
  lastTokenBefore,
  type CursorContext,
  type Frame,
} from './context.ts';
import { afterOperand, beforePrevious, followsOptionValue, lastWord, lower, optionBeingSet } from './operandPosition.ts';
import { escapeQuoted, needsQuoting } from './names.ts';
import { extendScope, fieldDescription, inputColumns, joinColumns, rightColumns } from './scope.ts';

/**
 * Completion: work out what the cursor's position expects (a `Slot`), then list it. The slot
 * comes from the stage's tokens, so it holds in half-typed text the parser had to recover from.
 */
export function getCompletions(analyzed: AnalyzedDocument, position: Position): CompletionItem[] {
  const offset = analyzed.parsed.lineIndex.offsetAt(position);
  const context = cursorContext(analyzed, offset);
  if (context.lexical === 'comment' || context.lexical === 'literal') return [];
  if (context.lexical === 'quotedName') return quotedNameCompletions(analyzed, context);
  // Past the nesting limit the parser built nothing to complete against (and slots recurse per bracket).
  if (context.frames.length > maxNestingDepth) return [];
  const slot = slotAt(analyzed, context);
  if (isMemberAccess(context)) return memberCompletions(analyzed, context, slot.columns ?? []);
  if (slot.quotedStart) return bracketCompletions(analyzed, context);
  return listSlot(analyzed, context, slot, rangeOf(analyzed, context.word.start, context.word.end));
}

/** What a position expects. Each present field adds one group of items. */
interface Slot {
  /** Tabular operators, after a pipe. */
  operators?: boolean;
  /** `let`, `union`, `search`, `print`, `datatable`, `externaldata`: a statement's start. */
  statementStart?: boolean;
  /** The same without `let`: a subquery's or a let value's start. */
  sourceOperators?: boolean;
  /** Dataset names and tabular lets. */
  datasets?: boolean;
  columns?: Column[];
  /** Aggregation functions, listed first (summarize, make-series). */
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
}

/** Groups in the order they are listed. */
const rank = {
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
} as const;

const none: Slot = {};

class ItemList {
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

function rangeOf(analyzed: AnalyzedDocument, start: number, end: number): Range {
  return analyzed.parsed.lineIndex.rangeOf(start, end);
}

function listSlot(analyzed: AnalyzedDocument, context: CursorContext, slot: Slot, range: Range): CompletionItem[] {
  const list = new ItemList(range);
  if (slot.keywords) list.addInOrder(slot.keywords, rank.keyword);
  if (slot.operators) list.addAll(pipeOperatorItems(), rank.operator);
  if (slot.types) list.addAll(typeItems(), rank.type);
  if (slot.aggregations) list.addAll(aggregationItems(), rank.aggregation);
  if (slot.bins) list.addAll(binItems(), rank.bin);
  if (slot.columns) {
    for (const column of slot.columns) list.add(columnItem(column, fieldDescription(analyzed.schema, column.name)), rank.column);
  }
  if (slot.datasets) {
    for (const dataset of analyzed.schema?.datasets ?? []) list.add(datasetItem(dataset), rank.dataset);
  }
  if (slot.datasets || slot.scalarLets) {
    for (const binding of analyzed.letsVisibleAt(context.offset)) {
      const tabular = binding.type === 'table';
      if (tabular ? slot.datasets : slot.scalarLets) list.add(letItem(binding, analyzed.parsed.text), rank.let);
    }
  }
  if (slot.statementStart) list.addAll(statementStartItems(), rank.statement);
  if (slot.sourceOperators) list.addAll(sourceOperatorItems(), rank.statement);
  if (slot.functions) list.addAll(scalarFunctionItems(), rank.function);
  if (slot.constants) list.addAll(constantItems(), rank.constant);
  if (slot.wordOperators) list.addInOrder(wordOperatorItems(), rank.wordOperator);
  return list.items;
}

// ---------------------------------------------------------------------------------------------
// Slots

function slotAt(analyzed: AnalyzedDocument, context: CursorContext): Slot {
  return context.frames.length > 0 ? frameSlot(analyzed, context, 0) : stageSlot(analyzed, context);
}

interface ExpressionOptions {
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

function expression(context: CursorContext, columns: Column[] | undefined, options: ExpressionOptions = {}): Slot {
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
const subquerySlot: Slot = { datasets: true, sourceOperators: true };

function stageSlot(analyzed: AnalyzedDocument, context: CursorContext): Slot {
  const { stage } = context;
  const tokens = stage.tokens;
  if (!stage.pipe) {
    if (tokens.length === 0) {
      if (stage.letValue) return { datasets: true, sourceOperators: true, functions: true, scalarLets: true, constants: true };
      return { datasets: true, statementStart: true };
    }
    if (stage.operatorName) return operatorSlot(analyzed, context, stage.operatorName, tokens.slice(1));
    if (stage.letValue) return expression(context, undefined);
    return none;
  }
  if (tokens.length === 0) return { operators: true };
  if (!stage.operatorName) return none;
  return operatorSlot(analyzed, context, stage.operatorName, tokens.slice(1));
}

const keywords = (...labels: string[]) => labels.map((label) => keywordItem(label));

/** `kind=` and other `name=` options, inserted with their `=`. */
const optionKeywords = (...names: string[]) => names.map((name) => keywordItem(`${name}=`, 'option'));

function operatorSlot(analyzed: AnalyzedDocument, context: CursorContext, name: string, rest: SyntaxToken[]): Slot {
  const operator = context.stage.operator;
  const columns = () => inputColumns(analyzed, operator);
  const previous = lower(context.previous);
  const optionName = optionBeingSet(context);

  switch (name) {
    case 'where':
      return expression(context, columns());

    case 'extend':
    case 'extend-valid': {
      const definitionsBefore = rest.filter((token) => token.type === 'Comma').length;
      return expression(context, operator ? extendScope(analyzed, operator, definitionsBefore) : []);
    }

    case 'project':
      return expression(context, columns());

    case 'print':
      return expression(context, undefined);

    case 'project-away':
    case 'project-keep':
    case 'distinct':
      return expression(context, columns(), { columnsOnly: true });

    case 'project-reorder':
      return expression(context, columns(), {
        columnsOnly: true,
        keywords: keywords('asc', 'desc', 'granny-asc', 'granny-desc'),
      });

    case 'project-rename':
      // `new = old`: only the old name is a column.
      return context.previous?.type === 'Equals' ? { columns: columns() } : none;

    case 'summarize': {
      if (lastWord(rest, 'by') >= 0) return expression(context, columns(), { bins: true, clauseWords: ['by'] });
      return expression(context, columns(), { aggregations: true, keywords: keywords('by') });
    }

    case 'make-series':
      return makeSeriesSlot(context, rest, columns());

    case 'sort':
    case 'order':
      if (rest.length === 0) return { keywords: keywords('by') };
      return sortKeySlot(context, columns(), ['by']);

    case 'top': {
      if (lastWord(rest, 'by') >= 0) return sortKeySlot(context, columns(), ['by']);
      return afterOperand(context) ? { keywords: keywords('by') } : { scalarLets: true };
    }

    case 'take':
    case 'limit':
    case 'sample':
      return afterOperand(context) ? none : { scalarLets: true };

    case 'count':
    case 'getschema':
      return none;

    case 'join':
    case 'lookup':
      return joinSlot(analyzed, context, name, rest);

    case 'union':
      if (optionName || previous === 'withsource') return none;
      if (afterOperand(context)) return none;
      return { datasets: true, keywords: rest.length === 0 ? optionKeywords('withsource') : [] };

    case 'search': {
      if (optionName === 'kind') return { keywords: keywords('default', 'case_sensitive', 'case_insensitive') };
      if (previous === 'kind') return none;
      const afterKind = followsOptionValue(context, ['kind']);
      // `search in (A, B)`: the closing parenthesis ends the dataset list, not an operand.
      const tokens = context.stage.tokens;
      const inAt = tokens.length - 3;
      const afterDatasets =
        context.frames.length === 0 &&
        context.previous?.type === 'RParen' &&
        lower(tokens[inAt]) === 'in' &&
        (inAt === 1 || tokens[inAt - 2]?.type === 'Equals');
      const slot = expression(context, columns(), { clauseWords: ['in'], afterOperand: afterKind || afterDatasets ? false : undefined });
      if (rest.length === 0 || afterKind) slot.keywords = [...(afterKind ? [] : optionKeywords('kind')), keywordItem('in', 'in (Dataset, ...)')];
      return slot;
    }

    case 'parse':
    case 'parse-where':
      return parseSlot(context, name, rest, columns());

    case 'parse-kv':
      if (lastWord(rest, 'as', 'with') >= 0) return afterOperand(context, ['as']) ? { keywords: keywords('with') } : none;
      return expression(context, columns(), { keywords: keywords('as') });

    case 'mv-expand':
      return mvExpandSlot(context, rest, columns());

    case 'redact': {
      if (lastWord(rest, 'on') >= 0) return expression(context, columns(), { columnsOnly: true, clauseWords: ['on'] });
      if (optionName) return { constants: true, scalarLets: true };
      if (afterOperand(context)) return { keywords: keywords('on') };
      return { keywords: optionKeywords('replaceToken', 'replaceHash', 'redactGroups'), scalarLets: true };
    }

    case 'externaldata':
      if (afterOperand(context) && lastWord(rest, 'with') < 0) return { keywords: keywords('with') };
      return none;

    case 'datatable':
      return none;

    default:
      return none;
  }
}

function sortKeySlot(context: CursorContext, columns: Column[], clauseWords: string[]): Slot {
  const previous = lower(context.previous);
  if (previous === 'nulls') return { keywords: keywords('first', 'last') };
  if (previous === 'asc' || previous === 'desc') return { keywords: keywords('nulls first', 'nulls last') };
  if ((previous === 'first' || previous === 'last') && lower(beforePrevious(context)) === 'nulls') return none;
  return expression(context, columns, {
    keywords: keywords('asc', 'desc', 'nulls first', 'nulls last'),
    clauseWords,
  });
}

function makeSeriesSlot(context: CursorContext, rest: SyntaxToken[], columns: Column[]): Slot {
  const clause = lastWord(rest, 'default', 'on', 'from', 'to', 'in', 'step', 'by');
  const word = clause >= 0 ? lower(rest[clause]) : '';
  const clauseWords = ['default', 'on', 'from', 'to', 'in', 'step', 'by'];
  switch (word) {
    case '':
      return expression(context, columns, { aggregations: true, keywords: keywords('default', 'on'), clauseWords });
    case 'default':
      if (context.previous?.type !== 'Equals' && !afterOperand(context, clauseWords)) return none;
      return afterOperand(context, clauseWords) ? { keywords: keywords('on') } : { constants: true, scalarLets: true };
    case 'on':
      return expression(context, columns, { keywords: keywords('from', 'to', 'in', 'step'), clauseWords });
    case 'from':
      return expression(context, columns, { keywords: keywords('to', 'step'), clauseWords });
    case 'to':
    case 'in':
      return expression(context, columns, { keywords: keywords('step'), clauseWords });
    case 'step':
      return afterOperand(context, clauseWords) ? { keywords: keywords('by') } : { constants: true, scalarLets: true };
    default:
      return expression(context, columns, { bins: true, clauseWords });
  }
}

function joinSlot(analyzed: AnalyzedDocument, context: CursorContext, name: string, rest: SyntaxToken[]): Slot {
  const operator = context.stage.operator?.kind === 'join' || context.stage.operator?.kind === 'lookup'
    ? (context.stage.operator as JoinOperator)
    : undefined;
  if (lastWord(rest, 'on') >= 0) {
    const columns = operator ? joinColumns(analyzed, operator) : [];
    const sides = [keywordItem('$left', 'the left input'), keywordItem('$right', 'the right input')];
    if (afterOperand(context, ['on'])) return { keywords: [], wordOperators: true };
    return { keywords: sides, columns, functions: true };
  }
  const previous = context.previous;
  const optionName = optionBeingSet(context);
  if (optionName === 'kind') {
    const kinds = findOperator(name)?.keywords.filter((word) => !['kind', 'on', '$left', '$right'].includes(word)) ?? [];
    return { keywords: keywords(...kinds) };
  }
  if (lower(previous) === 'kind') return none;
  // After the right side (a name not standing as an option's value, or a closing parenthesis) comes `on`.
  const rightSideDone =
    previous !== undefined && endsOperand(previous) && previous !== context.stage.tokens[0] && beforePrevious(context)?.type !== 'Equals';
  if (rightSideDone) return { keywords: keywords('on') };
  const hasKind = lastWord(rest, 'kind') >= 0;
  return { datasets: true, keywords: hasKind ? [] : optionKeywords('kind') };
}

function parseSlot(context: CursorContext, name: string, rest: SyntaxToken[], columns: Column[]): Slot {
  if (lastWord(rest, 'with') >= 0) return context.previous?.type === 'Colon' ? { types: true } : none;
  const optionName = optionBeingSet(context);
  if (optionName === 'kind') {
    return { keywords: keywords('simple', 'regex', ...(name === 'parse' ? ['relaxed'] : [])) };
  }
  if (optionName || ['kind', 'flags'].includes(lower(context.previous))) return none;
  // `parse kind=regex Expr`: an option's value is not the parsed expression.
  const afterOption = followsOptionValue(context, ['kind', 'flags']);
  if (!afterOption && afterOperand(context)) return { keywords: keywords('with') };
  const options = optionKeywords(...(name === 'parse-where' ? ['kind', 'flags'] : ['kind']));
  const slot = expression(context, columns, { afterOperand: false });
  slot.keywords = rest.length === 0 || afterOption ? options.filter((item) => !rest.some((token) => `${lower(token)}=` === item.label)) : [];
  return slot;
}

function mvExpandSlot(context: CursorContext, rest: SyntaxToken[], columns: Column[]): Slot {
  if (lastWord(rest, 'limit') >= 0) return afterOperand(context, ['limit']) ? none : { scalarLets: true };
  const optionName = optionBeingSet(context);
  if (optionName === 'kind') return { keywords: keywords('bag', 'array') };
  if (optionName) return none;
  if (lower(context.previous) === 'to') return { keywords: [keywordItem('typeof(', 'to typeof(Type)')] };
  const afterOption = followsOptionValue(context, ['kind', 'with_itemindex']);
  if (!afterOption && afterOperand(context)) {
    return { keywords: [keywordItem('to typeof(', 'Column to typeof(Type)'), keywordItem('limit')] };
  }
  // Options come before the first column: `mv-expand kind=array with_itemindex=i tags`.
  const onlyOptions = rest.length % 3 === 0 && rest.every((token, i) => (i % 3 === 1 ? token.type === 'Equals' : isNameLike(token)));
  const slot = expression(context, columns, { afterOperand: false });
  if (onlyOptions) slot.keywords = optionKeywords('kind', 'with_itemindex').filter((item) => !rest.some((token) => `${lower(token)}=` === item.label));
  return slot;
}

/** The brackets: calls, subqueries, lists, declarations. */
function frameSlot(analyzed: AnalyzedDocument, context: CursorContext, index: number): Slot {
  const frame = context.frames[index];
  const outermost = index === context.frames.length - 1;
  const enclosing = (): Slot => (outermost ? stageSlot(analyzed, context) : frameSlot(analyzed, context, index + 1));

  switch (frame.open.type) {
    case 'LBrace':
      return none;
    case 'LBracket': {
      const indexes = frame.before !== undefined && endsOperand(frame.before) && frame.before.end === frame.open.start;
      if (indexes) return withoutKeywords(enclosing());
      return frame.tokens.length === 0 && index === 0 ? { quotedStart: true } : none;
    }
  }

  const before = frame.before;
  if (!before) return outermost && context.stage.tokens.length === 0 && !context.stage.pipe ? subquerySlot : withoutKeywords(enclosing());
  const word = lower(before);
  const stage = context.stage;
  if (outermost && stage.operatorName) {
    const special = operatorFrameSlot(context, frame, stage.operatorName, word);
    if (special) return special;
  }
  if (word === 'typeof') return { types: true };
  if (word === 'dynamic') return none;
  if (before.type === 'InOperator' || before.type === 'HasAnyOperator' || before.type === 'Between') {
    return { ...withoutKeywords(enclosing()), aggregations: false };
  }
  if (isNameLike(before) && !(before === stage.tokens[0] && stage.operatorName)) {
    // A call's arguments: no aggregation inside an aggregation; a scalar call keeps what its position allows.
    const outer = withoutKeywords(enclosing());
    const slot = expression(context, outer.columns ?? []);
    const isAggregation = findAggregation(word) !== undefined && findScalarFunction(word) === undefined;
    if (slot.functions && outer.aggregations && !isAggregation) slot.aggregations = true;
    return slot;
  }
  return withoutKeywords(enclosing());
}

/** The operator-specific brackets: `join (`, `union (`, `search in (`, `datatable (`, `parse-kv … as (`. */
function operatorFrameSlot(context: CursorContext, frame: Frame, operatorName: string, word: string): Slot | undefined {
  const keyword = context.stage.tokens[0];
  const declarations = (): Slot => (context.previous?.type === 'Colon' ? { types: true } : none);
  switch (operatorName) {
    case 'join':
    case 'lookup': {
      const tokens = context.stage.tokens;
      const at = frame.before ? tokens.lastIndexOf(frame.before) : -1;
      const afterOption = at > 0 && tokens[at - 1].type === 'Equals';
      if (frame.before === keyword || afterOption) return frame.tokens.length === 0 ? subquerySlot : none;
      return undefined;
    }
    case 'union':
      if (frame.before === keyword || frame.before?.type === 'Comma') {
        return frame.tokens.length === 0 ? subquerySlot : none;
      }
      return undefined;
    case 'search':
      return word === 'in' ? { datasets: true } : undefined;
    case 'datatable':
    case 'externaldata':
      if (frame.before === keyword) return declarations();
      if (word === 'with') return { keywords: optionKeywords('format', 'ignoreFirstRecord') };
      return undefined;
    case 'parse-kv':
      if (word === 'as') return declarations();
      if (word === 'with') return { keywords: optionKeywords('pair_delimiter', 'kv_delimiter', 'quote', 'escape', 'greedy') };
      return undefined;
    default:
      return undefined;
  }
}

function withoutKeywords(slot: Slot): Slot {
  if (!slot.keywords && !slot.wordOperators) return slot;
  const { keywords: _keywords, wordOperators: _wordOperators, ...rest } = slot;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// Member access, quoted names

function isMemberAccess(context: CursorContext): boolean {
  return context.previous?.type === 'Dot' && context.previous.end === context.word.start;
}

/**
 * After `geo.`: the next segment of the flattened columns that share the prefix (`city` for
 * `geo.city`); after `$left.` / `$right.`: that side's columns.
 */
function memberCompletions(analyzed: AnalyzedDocument, context: CursorContext, scope: Column[]): CompletionItem[] {
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
  const operator = context.stage.operator;
  if ((path[0] === '$left' || path[0] === '$right') && path.length === 1) {
    if (operator?.kind !== 'join' && operator?.kind !== 'lookup') return [];
    const side = path[0] === '$left' ? inputColumns(analyzed, operator) : rightColumns(analyzed, operator);
    for (const column of side) {
      if (needsQuoting(column.name)) continue;
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

/** Names a `[` may open here: datasets where a table is expected, columns inside an operator. */
function bracketNames(analyzed: AnalyzedDocument, bracket: SyntaxToken): CompletionItem[] {
  const slot = slotAt(analyzed, contextBefore(analyzed, bracket));
  if (slot.datasets) return (analyzed.schema?.datasets ?? []).map((dataset) => ({ ...datasetItem(dataset), insertText: dataset.name }));
  if (slot.columns) {
    return slot.columns.map((column) => ({ ...columnItem(column, fieldDescription(analyzed.schema, column.name)), insertText: column.name }));
  }
  return [];
}

/** Just after `[`: insert the quotes and, unless it is there already, the closing bracket. */
function bracketCompletions(analyzed: AnalyzedDocument, context: CursorContext): CompletionItem[] {
  const bracket = context.frames[0].open;
  const closed = nextSignificant(analyzed, context.word.end)?.type === 'RBracket';
  const list = new ItemList(rangeOf(analyzed, context.word.start, context.word.end));
  for (const item of bracketNames(analyzed, bracket)) {
    list.add({ ...item, insertText: `'${escapeQuoted(item.label, "'")}'${closed ? '' : ']'}` }, rankOf(item));
  }
  return list.items;
}

/** Inside `['…`: replace what is typed between the quotes, closing the quote and bracket only if missing. */
function quotedNameCompletions(analyzed: AnalyzedDocument, context: CursorContext): CompletionItem[] {
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
