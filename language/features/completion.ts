import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { maxNestingDepth } from '../syntax/nesting.ts';
import type { CompletionItem, Position } from '../types.ts';
import { listSlot, rangeOf } from './completionList.ts';
import { cursorContext } from './context.ts';
import { slotAt } from './frameSlots.ts';
import { bracketCompletions, isMemberAccess, memberCompletions, quotedNameCompletions } from './nameCompletions.ts';

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
