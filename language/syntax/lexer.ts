import { Lexer, type ILexingResult } from 'chevrotain';
import { allTokens } from './tokens.ts';

let lexer: Lexer | undefined;

/** Splits text into APL tokens; the lexer is built on first use, since building it takes tens of milliseconds. */
export function tokenize(text: string): ILexingResult {
  lexer ??= new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: true });
  return lexer.tokenize(text);
}
