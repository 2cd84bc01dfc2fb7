import type { IToken } from 'chevrotain';
import { isWhiteSpaceCode } from './tokens.ts';

/**
 * The runs of characters no token starts with, read from the gaps between the tokens (every
 * character there but white space is unknown to APL): the lexer skips them rather than making a
 * token of each (random text has thousands), so they cost nothing until a caller walks them.
 * Walked in order of offset, once, over `text[from, to)`, which the tokens and comments given
 * cover; `offset` and `length` describe the run `next` moved to.
 */
export class UnknownRuns {
  offset = 0;
  length = 0;
  /** How far the gap being read has been read, and where it ends. */
  private position: number;
  private gapEnd = 0;
  private tokenIndex = 0;
  private commentIndex = 0;
  private pending = false;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly IToken[],
    private readonly comments: readonly IToken[],
    from = 0,
    private readonly to = text.length,
  ) {
    this.position = from;
    this.gapEnd = this.nextTokenStart();
  }

  /** Moves to the next run when it starts before `before`; false (and stays) otherwise. */
  next(before = Infinity): boolean {
    if (!this.pending && !this.find()) return false;
    this.pending = this.offset >= before;
    return !this.pending;
  }

  /** Finds the next run from `position` on; false when there is none. */
  private find(): boolean {
    const { text } = this;
    for (;;) {
      while (this.position < this.gapEnd && isWhiteSpaceCode(text.charCodeAt(this.position))) this.position++;
      if (this.position < this.gapEnd) {
        const start = this.position;
        while (this.position < this.gapEnd && !isWhiteSpaceCode(text.charCodeAt(this.position))) this.position++;
        this.offset = start;
        this.length = this.position - start;
        this.pending = true;
        return true;
      }
      if (this.gapEnd >= this.to) return false;
      this.skipToken();
    }
  }

  /** Steps over the token at the gap's end, to the gap after it. */
  private skipToken(): void {
    const token = this.tokenIndex < this.tokens.length && (this.commentIndex >= this.comments.length || this.tokens[this.tokenIndex]!.startOffset < this.comments[this.commentIndex]!.startOffset)
      ? this.tokens[this.tokenIndex++]!
      : this.comments[this.commentIndex++]!;
    this.position = token.startOffset + token.image.length;
    this.gapEnd = this.nextTokenStart();
  }

  private nextTokenStart(): number {
    const token = this.tokens[this.tokenIndex]?.startOffset ?? Infinity;
    const comment = this.comments[this.commentIndex]?.startOffset ?? Infinity;
    return Math.min(token, comment, this.to);
  }
}
