import { EOF, tokenMatcher, type IToken, type TokenType } from 'chevrotain';

/** The chevrotain parser state the search reads (not in its typings). */
export interface ParserStack {
  LA(howMuch: number): IToken;
  tokVector: IToken[];
  currIdx: number;
  RULE_STACK: number[];
  RULE_STACK_IDX: number;
  RULE_OCCURRENCE_STACK: number[];
  shortRuleNameToFullName(shortName: number): string;
  getFollowSetFromFollowKey(key: { ruleName: string; idxInCallingRule: number; inRule: string }): TokenType[];
}

/** How far ahead recovery looks for a token to resume at; past it, recovery falls back to the end of input. */
const resyncWindow = 32;

/** Distinct (rule, occurrence, calling rule) triples are a few hundred; the bound is for safety only. */
const maxCachedFollowSets = 10_000;

/**
 * chevrotain's `findReSyncTokenType`, with the same answers, for a parser that recovers often.
 *
 * chevrotain looks for a re-synchronisation token all the way to the end of the input, at every
 * recovery attempt; in one long broken query that makes parsing quadratic. Looking a bounded
 * distance ahead keeps it linear; past the window, recovery falls back to the end of input.
 *
 * An error asks once per rule it unwinds through, each time with one rule fewer on the stack, and
 * chevrotain rebuilt and searched the whole stack's follow sets each time. The follow sets of a
 * shorter stack are a prefix of those of the longer (outermost rule first), so for one error the
 * first match of each token ahead, found once and only as far as asked, answers every level.
 */
export class ResyncSearch {
  private readonly followSets = new Map<string, TokenType[]>();
  // The current error's search: where it stands, and the stack it was worked out for.
  private tokens: IToken[] | undefined;
  private at = -1;
  private ruleStack: number[] = [];
  private occurrences: number[] = [];
  /** The stack's follow sets flattened, outermost first; `levelEnds[i]` is where level i's ends. */
  private follows: TokenType[] = [];
  private levelEnds: number[] = [];
  /** For the k-th token ahead, the index in `follows` of the first type it matches (Infinity: none). */
  private firstMatch: number[] = [];
  private window = 0;

  find(parser: ParserStack): TokenType {
    if (!this.isCurrent(parser)) this.start(parser);
    const end = this.levelEnds[parser.RULE_STACK_IDX];
    for (let k = 0; k < this.window; k++) {
      const index = this.firstMatch[k] ?? this.match(parser, k);
      if (index < end) return this.follows[index];
    }
    return EOF;
  }

  private isCurrent(parser: ParserStack): boolean {
    if (this.tokens !== parser.tokVector || this.at !== parser.currIdx || parser.RULE_STACK_IDX >= this.levelEnds.length) return false;
    for (let level = 0; level <= parser.RULE_STACK_IDX; level++) {
      if (parser.RULE_STACK[level] !== this.ruleStack[level] || parser.RULE_OCCURRENCE_STACK[level] !== this.occurrences[level]) return false;
    }
    return true;
  }

  private start(parser: ParserStack): void {
    const depth = parser.RULE_STACK_IDX + 1;
    this.tokens = parser.tokVector;
    this.at = parser.currIdx;
    this.ruleStack = parser.RULE_STACK.slice(0, depth);
    this.occurrences = parser.RULE_OCCURRENCE_STACK.slice(0, depth);
    // Level 0, the rule the parse started with, is followed by the end of input.
    this.follows = [EOF];
    this.levelEnds = [1];
    for (let level = 1; level < depth; level++) {
      for (const tokenType of this.followSet(parser, level)) this.follows.push(tokenType);
      this.levelEnds.push(this.follows.length);
    }
    this.firstMatch = [];
    this.window = resyncWindow;
  }

  /** The index of the first follow the k-th token ahead (from 0) matches; the end of input ends the window. */
  private match(parser: ParserStack, k: number): number {
    const next = parser.LA(k + 1);
    let index: number;
    if (next.tokenType === EOF) {
      index = 0;
      this.window = k + 1;
    } else {
      index = this.follows.findIndex((tokenType) => tokenMatcher(next, tokenType));
      if (index < 0) index = Infinity;
    }
    this.firstMatch[k] = index;
    return index;
  }

  /** What may follow the rule at `level` where its caller invoked it (chevrotain's follow key). */
  private followSet(parser: ParserStack, level: number): TokenType[] {
    const key = `${parser.RULE_STACK[level]},${parser.RULE_OCCURRENCE_STACK[level]},${parser.RULE_STACK[level - 1]}`;
    let follows = this.followSets.get(key);
    if (!follows) {
      if (this.followSets.size >= maxCachedFollowSets) this.followSets.clear();
      follows = parser.getFollowSetFromFollowKey({
        ruleName: parser.shortRuleNameToFullName(parser.RULE_STACK[level]),
        idxInCallingRule: parser.RULE_OCCURRENCE_STACK[level],
        inRule: parser.shortRuleNameToFullName(parser.RULE_STACK[level - 1]),
      });
      this.followSets.set(key, follows);
    }
    return follows;
  }
}
