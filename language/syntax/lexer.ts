import { Lexer, type ILexingError, type ILexingResult, type IToken } from 'chevrotain';
import { allTokens } from './tokens.ts';

let lexer: Lexer | undefined;

/**
 * `validate` checks the token definitions (slow: only the tests do it). Tokens carry offsets only:
 * nothing reads their lines and columns, and tracking them cost about a quarter of the lexer's time.
 */
export function createLexer({ validate = false }: { validate?: boolean } = {}): Lexer {
  return new Lexer(allTokens, { positionTracking: 'onlyOffset', ensureOptimizations: validate, skipValidations: !validate });
}

/** Splits text into APL tokens; the lexer is built on first use. */
export function tokenize(text: string): ILexingResult {
  lexer ??= createLexer();
  const result = lexer.tokenize(text);
  reportUnknownCharacters(result);
  addEndOffsets(result.tokens);
  for (const group of Object.values(result.groups)) addEndOffsets(group);
  return result;
}

const unknownCharactersMessage = 'unexpected characters';

/** Runs of characters no token starts with are lexical errors, one per run, as chevrotain's own recovery reports them. */
function reportUnknownCharacters(result: ILexingResult): void {
  const runs = result.groups.unknown;
  if (!runs) return;
  delete result.groups.unknown;
  if (runs.length === 0) return;
  // Random text has thousands of runs, and the parser reports a query's first few only: no message built per run.
  const errors: ILexingError[] = runs.map((run) => ({ offset: run.startOffset, length: run.image.length, line: undefined, column: undefined, message: unknownCharactersMessage }));
  // Lexical errors come from our runs alone now; chevrotain's would only interleave if a pattern failed mid-way.
  result.errors = result.errors.length === 0 ? errors : [...result.errors, ...errors].sort((a, b) => a.offset - b.offset);
}

/** chevrotain's offset-only tokens lack `endOffset`, which the parser's node locations read. */
function addEndOffsets(tokens: IToken[]): void {
  for (const token of tokens) token.endOffset = token.startOffset + token.image.length - 1;
}
