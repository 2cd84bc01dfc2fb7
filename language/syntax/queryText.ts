import type { IToken } from 'chevrotain';
import { tokenize } from './lexer.ts';
import type { TextRange } from '../text/blankLines.ts';

/**
 * The text of a document's queries, read without lexing it all first. No token spans a line break
 * (strings and comments end at one), so the blank lines that separate queries can be found in the
 * text itself, and any run of whole lines lexes to exactly the tokens the whole text has there.
 */

export interface LexedRange extends TextRange {
  tokens: IToken[];
  comments: IToken[];
}

/** Lexes `text[start, end)`, a run of whole lines, with offsets into the whole text. */
export function lexRange(text: string, start: number, end: number): LexedRange {
  const lexed = tokenize(start === 0 && end === text.length ? text : text.slice(start, end));
  const comments = lexed.groups.comments ?? [];
  if (start > 0) {
    for (const token of lexed.tokens) shift(token, start);
    for (const comment of comments) shift(comment, start);
  }
  return { start, end, tokens: lexed.tokens, comments };
}

/** Two adjacent lexed ranges as one. */
export function joinRanges(first: LexedRange, second: LexedRange): LexedRange {
  return { start: first.start, end: second.end, tokens: first.tokens.concat(second.tokens), comments: first.comments.concat(second.comments) };
}

function shift(token: IToken, by: number): void {
  token.startOffset += by;
  token.endOffset! += by;
}

/** The end of the first line break at or after `position` within `end`, or `end`. */
export function lineEndAfter(text: string, position: number, end: number): number {
  const lineBreak = text.indexOf('\n', position);
  return lineBreak < 0 || lineBreak >= end ? end : lineBreak + 1;
}

/**
 * The end of the last token in `text[start, end)` and the comments after it (no token: undefined),
 * read from its end: whole lines, twice as many characters back each time it finds none.
 */
export function lastTokenEnd(text: string, start: number, end: number): { end: number; commentsAfter: IToken[] } | undefined {
  for (let size = 256, from = end; from > start; size *= 2) {
    from = Math.max(start, text.lastIndexOf('\n', Math.max(start, end - size) - 1) + 1);
    const { tokens, comments } = lexRange(text, from, end);
    const last = tokens[tokens.length - 1];
    if (!last) continue;
    const lastEnd = last.startOffset + last.image.length;
    return { end: lastEnd, commentsAfter: comments.filter((comment) => comment.startOffset >= lastEnd) };
  }
  return undefined;
}
