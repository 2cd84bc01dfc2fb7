import type { SyntaxToken } from '../syntax/parseResult.ts';
import { endsOperand, isNameLike, type CursorContext } from './context.ts';

/** Where the cursor stands among its stage's tokens: after an operand, a clause word or an option's `=`. */

export const lower = (token: SyntaxToken | undefined) => token?.text.toLowerCase() ?? '';

/** The last stage-level token spelled `word` (a clause keyword), or -1. */
export function lastWord(tokens: readonly SyntaxToken[], ...words: string[]): number {
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (isNameLike(tokens[i]) && words.includes(lower(tokens[i]))) return i;
  }
  return -1;
}

/**
 * Whether the cursor follows a complete operand, so an operator or a clause keyword comes
 * next. The operator's own keyword and the clause words in `clauseWords` are not operands.
 */
export function afterOperand(context: CursorContext, clauseWords: readonly string[] = []): boolean {
  const previous = context.previous;
  if (!previous || !isOperandEnd(context, previous, clauseWords)) return false;
  // `x * ` multiplies: a `*` right after an operand is an operator, not the columns' star.
  if (previous.type === 'Star') {
    const before = beforePrevious(context);
    return !(before && isOperandEnd(context, before, clauseWords));
  }
  return true;
}

function isOperandEnd(context: CursorContext, token: SyntaxToken, clauseWords: readonly string[]): boolean {
  if (!endsOperand(token)) return false;
  if (token === context.stage.tokens[0] && context.stage.operatorName) return false;
  return !(isNameLike(token) && clauseWords.includes(lower(token)));
}

/** The token before the previous one, at the cursor's nesting level. */
export function beforePrevious(context: CursorContext): SyntaxToken | undefined {
  const tokens = context.frames[0]?.tokens ?? context.stage.tokens;
  const at = context.previous ? tokens.lastIndexOf(context.previous) : -1;
  return at > 0 ? tokens[at - 1] : undefined;
}

/** The option whose value is being typed (`kind=` …), from the `=` just before the cursor. */
export function optionBeingSet(context: CursorContext): string {
  return context.previous?.type === 'Equals' ? lower(beforePrevious(context)) : '';
}

/** Whether the previous token is the value of one of these options (`kind=inner`), not an operand. */
export function followsOptionValue(context: CursorContext, names: readonly string[]): boolean {
  const tokens = context.frames[0]?.tokens ?? context.stage.tokens;
  const at = context.previous ? tokens.lastIndexOf(context.previous) : -1;
  return at >= 2 && tokens[at - 1].type === 'Equals' && names.includes(lower(tokens[at - 2]));
}
