import { CstParser, EarlyExitException, EOF, NoViableAltException, type IRecognitionException, type IParserErrorMessageProvider, type IToken, type ITokenGrammarPath, type TokenType } from 'chevrotain';
import { ResyncSearch, type ParserStack } from './resyncSearch.ts';

/** The chevrotain internals overridden here (not in its typings). */
interface RecoveryInternals {
  getCurrRuleFullName(): string;
  SAVE_ERROR(error: Error): Error;
  LA(howMuch: number): IToken;
  maxLookahead: number;
  errorMessageProvider: IParserErrorMessageProvider;
  _errors: Error[];
  tokVector: IToken[];
  tokVectorLength: number;
  currIdx: number;
}

/** Distinct grammar paths are few in real text; the bound keeps adversarial input from growing the cache for good. */
const maxCachedPaths = 20_000;

/**
 * chevrotain's error recovery re-derives facts of the grammar at every syntax error: it walks the
 * grammar from the top rule to find what may follow the expected token, and computes every
 * alternative's lookahead paths for the message. Both depend only on where in the grammar the
 * parser stands, so garbage input (one error per token) paid a grammar walk per token. Here the
 * walk is cached by grammar path, the unread lookahead paths are not computed, and recovery's
 * exceptions skip the stack trace nobody reads.
 */
export class RecoveringParser extends CstParser {
  private readonly followsByPath = new Map<string, TokenType[]>();
  private readonly resyncSearch = new ResyncSearch();
  private errorLimit = Infinity;
  /** Tokens with an error: several errors at one token count once (only the first is shown). */
  private errorPlaces = 0;
  private lastErrorToken: IToken | undefined;
  private stopped = false;
  /** The first token left unread because the input had more errors than the limit allows. */
  stoppedAt: IToken | undefined;
  /** The index of the token in error when the parser stopped (it read no further than a few tokens past it). */
  stoppedIndex = -1;

  /**
   * Sets the tokens to parse. After `errorLimit` errors the parser stops reading: the tokens left
   * are cut off, so the rules still open finish at once at the end of input (their errors there
   * are not reported). Random text has an error every few tokens and each recovery costs far more
   * than a parsed token, so this keeps the cost of a hopeless query at a small multiple of a clean one.
   */
  begin(tokens: IToken[], errorLimit: number): void {
    this.input = tokens;
    this.errorLimit = errorLimit;
    this.errorPlaces = 0;
    this.lastErrorToken = undefined;
    this.stopped = false;
    this.stoppedAt = undefined;
    this.stoppedIndex = -1;
  }

  /** chevrotain's own also records the rule stack on every error, which nothing here reads. */
  SAVE_ERROR(error: Error): Error {
    if (this.stopped) return error;
    const self = this as unknown as RecoveryInternals;
    self._errors.push(error);
    const token = (error as IRecognitionException).token;
    if (token !== this.lastErrorToken) {
      this.lastErrorToken = token;
      if (++this.errorPlaces >= this.errorLimit) this.stop(self);
    }
    return error;
  }

  /**
   * chevrotain pads the caller's token array with end-of-input sentinels for its unchecked look-ahead
   * and takes them off when the parse ends; the cut keeps to that: the caller's array gets its own
   * tokens back, and the shortened copy read from now on carries the sentinels.
   */
  private stop(self: RecoveryInternals): void {
    this.stopped = true;
    this.stoppedIndex = self.currIdx;
    // The token in error (next) is still read, so its recovery ends as usual; the cut comes after it.
    const firstUnread = self.LA(2);
    if (firstUnread.tokenType !== EOF) this.stoppedAt = firstUnread;
    const original = self.tokVector;
    const sentinels: IToken[] = [];
    while (original.length > 0 && original[original.length - 1].tokenType === EOF) sentinels.push(original.pop()!);
    const kept = original.slice(0, Math.min(self.currIdx + 2, self.tokVectorLength));
    self.tokVectorLength = kept.length;
    kept.push(...sentinels);
    self.tokVector = kept;
  }

  protected override getNextPossibleTokenTypes(path: ITokenGrammarPath): TokenType[] {
    const key = `${path.lastTok.name}#${path.lastTokOccurrence}@${path.ruleStack.join(',')}/${path.occurrenceStack.join(',')}`;
    let follows = this.followsByPath.get(key);
    if (!follows) {
      if (this.followsByPath.size >= maxCachedPaths) this.followsByPath.clear();
      follows = super.getNextPossibleTokenTypes(path);
      this.followsByPath.set(key, follows);
    }
    return follows;
  }

  /** See `ResyncSearch`: chevrotain's search, bounded and done once per error. */
  findReSyncTokenType(): TokenType {
    return this.resyncSearch.find(this as unknown as ParserStack);
  }

  // Our error messages (errorMessages.ts) name the rule and the token found, never the expected
  // paths, so the two raise methods pass none instead of computing them from the grammar each time.
  raiseNoAltException(_occurrence: number, errorMessageTypes: string | undefined): never {
    const self = this as unknown as RecoveryInternals;
    const actual = lookahead(self);
    const message = self.errorMessageProvider.buildNoViableAltMessage({
      expectedPathsPerAlt: [],
      actual,
      previous: self.LA(0),
      customUserDescription: errorMessageTypes,
      ruleName: self.getCurrRuleFullName(),
    });
    throw self.SAVE_ERROR(new NoViableAltException(message, self.LA(1), self.LA(0)));
  }

  raiseEarlyExitException(_occurrence: number, _productionType: unknown, userDefinedMessage: string | undefined): never {
    const self = this as unknown as RecoveryInternals;
    const message = self.errorMessageProvider.buildEarlyExitMessage({
      expectedIterationPaths: [],
      actual: lookahead(self),
      previous: self.LA(0),
      customUserDescription: userDefinedMessage,
      ruleName: self.getCurrRuleFullName(),
    });
    throw self.SAVE_ERROR(new EarlyExitException(message, self.LA(1), self.LA(0)));
  }
}

function lookahead(parser: RecoveryInternals): IToken[] {
  const tokens: IToken[] = [];
  for (let i = 1; i <= parser.maxLookahead; i++) tokens.push(parser.LA(i));
  return tokens;
}

/**
 * Runs a parse with stack traces off: chevrotain's recovery throws and catches an exception per
 * error, and capturing each one's stack (deep in nested rules) cost more than the rest of the recovery.
 */
export function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
