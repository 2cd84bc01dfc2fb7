import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { findAggregation, findScalarFunction } from '../catalog/catalog.ts';
import { expectedArgument } from './argumentTypes.ts';
import { statementStartItems } from './completionItems.ts';
import { expression, none, optionKeywords, subquerySlot, withoutKeywords, type Slot } from './completionSlot.ts';
import { endsOperand, isNameLike, type CursorContext, type Frame } from './context.ts';
import { lower } from './operandPosition.ts';
import { stageSlot } from './operatorSlots.ts';

/** What the cursor's position expects: its innermost bracket's slot, else its stage's. */
export function slotAt(analyzed: AnalyzedDocument, context: CursorContext): Slot {
  return context.frames.length > 0 ? frameSlot(analyzed, context, 0) : stageSlot(analyzed, context);
}

/** The brackets: calls, subqueries, lists, declarations. */
function frameSlot(analyzed: AnalyzedDocument, context: CursorContext, index: number): Slot {
  const frame = context.frames[index];
  const outermost = index === context.frames.length - 1;
  const enclosing = (): Slot => (outermost ? stageSlot(analyzed, context) : frameSlot(analyzed, context, index + 1));

  switch (frame.open.type) {
    case 'LBrace':
      return functionBodySlot(context, frame) ?? none;
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
    // A catalog function that takes no argument here (`count(`, `strlen(x, `) gets none offered.
    const expectation = expectedArgument(frame);
    if (expectation?.kind === 'none') return none;
    const outer = withoutKeywords(enclosing());
    const slot = expression(context, outer.columns ?? []);
    if (slot.functions && expectation?.types) slot.expected = expectation.types;
    const isAggregation = findAggregation(word) !== undefined && findScalarFunction(word) === undefined;
    if (slot.functions && outer.aggregations && !isAggregation) slot.aggregations = true;
    return slot;
  }
  return withoutKeywords(enclosing());
}

/**
 * A function-like let's body, `(x: long) { … }`: at a statement's start, `let`, tables and
 * values; in a `let` or the result, an expression. The body's pipelines have their own stages.
 */
function functionBodySlot(context: CursorContext, frame: Frame): Slot | undefined {
  if (frame.before?.type !== 'RParen') return undefined;
  const lastSemicolon = frame.tokens.map((token) => token.type).lastIndexOf('Semicolon');
  const statement = frame.tokens.slice(lastSemicolon + 1);
  if (statement.length === 0) {
    return { keywords: statementStartItems().filter((item) => item.label === 'let'), ...subquerySlot, functions: true, scalarLets: true, constants: true };
  }
  // `let name`: the name is free text.
  if (statement[0].type === 'Let' && statement[2]?.type !== 'Equals') return none;
  return expression(context, undefined);
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
