import type { AnalyzedDocument, Column } from '../analysis/analyzer.ts';
import { findOperator } from '../catalog/catalog.ts';
import type { JoinOperator } from '../syntax/ast.ts';
import { nodePathAt } from '../syntax/visit.ts';
import type { SyntaxToken } from '../syntax/parseResult.ts';
import { keywordItem, setOptionItems } from './completionItems.ts';
import { expression, keywords, none, optionKeywords, type Slot } from './completionSlot.ts';
import { endsOperand, isNameLike, type CursorContext } from './context.ts';
import { afterOperand, beforePrevious, followsOptionValue, lastWord, lower, optionBeingSet } from './operandPosition.ts';
import { extendScope, inputColumns, joinColumns } from './scope.ts';

/** What a stage's operator expects at the cursor, outside any bracket. */
export function stageSlot(analyzed: AnalyzedDocument, context: CursorContext): Slot {
  const { stage } = context;
  const tokens = stage.tokens;
  if (!stage.pipe) {
    if (tokens.length === 0) {
      if (stage.letValue) return { datasets: true, sourceOperators: true, functions: true, scalarLets: true, constants: true };
      // A statement of a function-like let's body may also be the scalar the function returns.
      if (insideFunctionBody(analyzed, context.offset)) return { datasets: true, statementStart: true, functions: true, scalarLets: true, constants: true };
      return { datasets: true, statementStart: true };
    }
    if (stage.operatorName) return operatorSlot(analyzed, context, stage.operatorName, tokens.slice(1));
    if (stage.letValue) return expression(context, undefined);
    if (tokens.length === 1 && tokens[0].type === 'Set') return { keywords: setOptionItems() };
    return none;
  }
  if (tokens.length === 0) return { operators: true };
  if (!stage.operatorName) return none;
  return operatorSlot(analyzed, context, stage.operatorName, tokens.slice(1));
}

function insideFunctionBody(analyzed: AnalyzedDocument, offset: number): boolean {
  const { root, text } = analyzed.parsed;
  return nodePathAt(root, offset).some((node) => {
    if (node.kind !== 'Function') return false;
    const brace = text.indexOf('{', node.parameters.at(-1)?.end ?? node.start);
    return brace >= 0 && brace < offset;
  });
}

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
