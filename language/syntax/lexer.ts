import { Lexer, type ILexingResult, type IToken } from 'chevrotain';
import { allTokens } from './tokens.ts';

let lexer: Lexer | undefined;

/**
 * `validate` checks the token definitions (slow: only the tests do it). Tokens carry offsets only:
 * nothing reads their lines and columns, and tracking them cost about a quarter of the lexer's time.
 */
export function createLexer({ validate = false }: { validate?: boolean } = {}): Lexer {
  return new Lexer(allTokens, { positionTracking: 'onlyOffset', ensureOptimizations: validate, skipValidations: !validate });
}

/**
 * Splits text into APL tokens; the lexer is built on first use. Characters no token starts with are
 * skipped: `UnknownRuns` finds them between the tokens when someone asks.
 */
export function tokenize(text: string): ILexingResult {
  lexer ??= createLexer();
  const result = lexer.tokenize(text);
  addEndOffsets(result.tokens);
  for (const group of Object.values(result.groups)) addEndOffsets(group);
  return result;
}

/** chevrotain's offset-only tokens lack `endOffset`, which the parser's node locations read. */
function addEndOffsets(tokens: IToken[]): void {
  for (const token of tokens) token.endOffset = token.startOffset + token.image.length - 1;
}
