import { CstParser, EarlyExitException, NoViableAltException, type IParserErrorMessageProvider, type IToken, type ITokenGrammarPath, type TokenType } from 'chevrotain';

/** The chevrotain internals overridden here (not in its typings). */
interface RecoveryInternals {
  getCurrRuleFullName(): string;
  SAVE_ERROR(error: Error): Error;
  LA(howMuch: number): IToken;
  maxLookahead: number;
  errorMessageProvider: IParserErrorMessageProvider;
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
