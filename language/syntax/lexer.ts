import { Lexer, type ILexingResult } from 'chevrotain';
import { allTokens } from './tokens.ts';

let lexer: Lexer | undefined;

/** `validate` checks the token definitions (slow: only the tests do it). */
export function createLexer({ validate = false }: { validate?: boolean } = {}): Lexer {
  return new Lexer(allTokens, { positionTracking: 'full', ensureOptimizations: validate, skipValidations: !validate });
}

/** Splits text into APL tokens; the lexer is built on first use. */
export function tokenize(text: string): ILexingResult {
  lexer ??= createLexer();
  return lexer.tokenize(text);
}
