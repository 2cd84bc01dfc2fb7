import type { Span } from '../../syntax/ast.ts';
import type { SyntaxToken } from '../../syntax/parseResult.ts';
import { isCloser, isOpener, spaceBetween } from './spacing.ts';
import { firstTokenIndexAt } from '../shared/tokens.ts';
import { spanContaining, type SyntaxFacts } from './syntaxFacts.ts';
import { lineBreakCount } from './whitespace.ts';

export interface LayoutSettings {
  pipeIndent: number;
  eol: string;
}

/** How much further right nested pipes and continuation lines sit than the line they belong to. */
export const indentStep = 4;

/**
 * A parenthesised subquery or a `let` statement with pipes stays on one line when it was written
 * on one line, holds no comment and is at most this long; otherwise it breaks before each pipe.
 */
export const inlineLimit = 60;

type Placement = { newline: false; space: string } | { newline: true; indent: number };

/**
 * An indentation context: the statement, a pipe's line, or an open bracket. Continuation lines
 * sit `indentStep` right of the innermost frame's base.
 */
interface Frame {
  base: number;
  /** Index of the bracket token that opened the frame; -1 for statement and pipe frames. */
  open: number;
}

/**
 * Lays out the tokens `first..last` of one paragraph (a query with its comments, or a block of
 * comments): returns the whitespace to write before each token after the first, or undefined
 * when the brackets do not pair up (then the paragraph is better left alone).
 *
 * Lines break before each pipe of a query's main statement, before each statement, after every
 * comment, and wherever the author broke a line inside an operator (never right after a `|`).
 */
export function layoutParagraph(
  text: string,
  tokens: readonly SyntaxToken[],
  facts: SyntaxFacts,
  settings: LayoutSettings,
  first: number,
  last: number,
): string[] | undefined {
  return new ParagraphLayout(text, tokens, facts, settings, first, last).run();
}

class ParagraphLayout {
  private readonly match = new Map<number, number>();
  /** The innermost bracket enclosing each token (by token index), or -1. */
  private readonly owner = new Map<number, number>();
  /** The indentation of the line on which each bracket was opened. */
  private readonly bracketBase = new Map<number, number>();
  private readonly brokenMemo = new Map<number, boolean>();
  /** For each function body's `{` (by token index), the span of the body statement being laid out. */
  private readonly bodyStatements = new Map<number, Span>();
  private lineIndent = 0;
  private frames: Frame[] = [{ base: 0, open: -1 }];
  private firstCode = -1;
  /** Whether the current statement has broken at a pipe of its own (comments after the query line up with those pipes). */
  private pipesSeen = false;

  constructor(
    private readonly text: string,
    private readonly tokens: readonly SyntaxToken[],
    private readonly facts: SyntaxFacts,
    private readonly settings: LayoutSettings,
    private readonly first: number,
    private readonly last: number,
  ) {}

  run(): string[] | undefined {
    if (!this.pairBrackets()) return undefined;
    this.firstCode = this.nextCode(this.first - 1);
    const gaps: string[] = [];
    this.advance(this.first, { newline: true, indent: 0 });
    for (let i = this.first + 1; i <= this.last; i++) {
      const placement = this.place(i);
      gaps.push(this.render(i, placement));
      this.advance(i, placement);
    }
    return gaps;
  }

  private pairBrackets(): boolean {
    const open: number[] = [];
    for (let i = this.first; i <= this.last; i++) {
      const token = this.tokens[i];
      if (token.type === 'Comment') continue;
      if (isCloser(token)) {
        const opener = open.pop();
        if (opener === undefined || !pairs(this.tokens[opener], token)) return false;
        this.match.set(i, opener);
        this.match.set(opener, i);
      }
      this.owner.set(i, open.at(-1) ?? -1);
      if (isOpener(token)) open.push(i);
    }
    return open.length === 0;
  }

  private place(i: number): Placement {
    const token = this.tokens[i];
    const previous = this.tokens[i - 1];
    const breaks = lineBreakCount(this.text, previous.end, token.start);
    if (token.type === 'Comment') {
      if (breaks === 0) return { newline: false, space: ' ' };
      // A comment on its own line is indented like the code it precedes.
      const next = this.nextCode(i);
      if (next === -1) return { newline: true, indent: this.pipesSeen ? this.settings.pipeIndent : 0 };
      const natural = this.codePlacement(next, this.previousCode(i), true);
      return { newline: true, indent: natural.newline ? natural.indent : this.continuationIndent() };
    }
    const natural = this.codePlacement(i, this.previousCode(i), breaks > 0);
    if (previous.type === 'Comment' && !natural.newline) return { newline: true, indent: this.breakIndent(i) };
    return natural;
  }

  /** Where a code token goes, judged from the code token before it (comments aside). */
  private codePlacement(j: number, previous: number, authorBrokeLine: boolean): Placement {
    const token = this.tokens[j];
    if (j === this.firstCode || this.facts.statementStarts.has(token.start)) return { newline: true, indent: 0 };
    const body = this.bodyPlacement(j, previous);
    if (body) return body;
    const pipe = this.pipePlacement(j);
    if (pipe) return pipe;
    if (previous >= 0 && authorBrokeLine && this.tokens[previous].type !== 'Pipe' && token.type !== 'Semicolon') {
      return { newline: true, indent: this.breakIndent(j) };
    }
    if (previous < 0) return { newline: false, space: '' };
    const insideBraces = this.ownerType(previous) === 'LBrace';
    return { newline: false, space: spaceBetween(this.tokens[previous], token, this.facts, insideBraces) };
  }

  /**
   * Inside a function-like let's body: a body laid out on several lines puts each statement on a
   * line of its own, `indentStep` right of the line that opened the body, and its `}` on a line of
   * its own; a body on one line keeps a space inside its braces, `{ x + 1 }`.
   */
  private bodyPlacement(j: number, previous: number): Placement | undefined {
    const token = this.tokens[j];
    const open = token.type === 'RBrace' ? (this.match.get(j) ?? -1) : this.owner.get(j) ?? -1;
    if (open === -1 || !this.facts.bodyOpens.has(this.tokens[open].start)) return undefined;
    const startsStatement = this.facts.bodyStatementStarts.has(token.start);
    if (token.type !== 'RBrace' && !startsStatement) return undefined;
    const base = this.bracketBase.get(open) ?? 0;
    if (this.isGroupBroken(open)) return { newline: true, indent: token.type === 'RBrace' ? base : base + indentStep };
    if (token.type === 'RBrace' || previous === open) return { newline: false, space: ' ' };
    return undefined;
  }

  /** A pipe that starts its own line, or undefined for one that stays inline. */
  private pipePlacement(j: number): Placement | undefined {
    const token = this.tokens[j];
    if (token.type !== 'Pipe' || spanContaining(this.facts.rawSpans, token.start)) return undefined;
    const owner = this.owner.get(j) ?? -1;
    if (owner === -1) {
      const letStatement = spanContaining(this.facts.letStatements, token.start);
      if (!letStatement) return { newline: true, indent: this.settings.pipeIndent };
      return this.isLetBroken(letStatement) ? { newline: true, indent: this.settings.pipeIndent + indentStep } : undefined;
    }
    if (this.facts.bodyOpens.has(this.tokens[owner].start)) return this.bodyPipePlacement(owner);
    if (this.tokens[owner].type !== 'LParen') return undefined;
    return this.isGroupBroken(owner) ? { newline: true, indent: (this.bracketBase.get(owner) ?? 0) + indentStep } : undefined;
  }

  /** A pipe of a statement in a body breaks, as a let's does, when its statement is long or written on several lines. */
  private bodyPipePlacement(open: number): Placement | undefined {
    if (!this.isGroupBroken(open)) return undefined;
    const statement = this.bodyStatements.get(open);
    return statement && this.isLetBroken(statement) ? { newline: true, indent: (this.bracketBase.get(open) ?? 0) + 2 * indentStep } : undefined;
  }

  private breakIndent(j: number): number {
    const token = this.tokens[j];
    if (isCloser(token)) return this.bracketBase.get(this.match.get(j) ?? -1) ?? this.continuationIndent();
    return this.continuationIndent();
  }

  private continuationIndent(): number {
    return this.frames[this.frames.length - 1].base + indentStep;
  }

  private advance(i: number, placement: Placement): void {
    if (placement.newline) this.lineIndent = placement.indent;
    const token = this.tokens[i];
    if (token.type === 'Comment') return;
    const statementEnd = this.facts.bodyStatementStarts.get(token.start);
    if (statementEnd !== undefined) this.bodyStatements.set(this.owner.get(i) ?? -1, { start: token.start, end: statementEnd });
    if (i === this.firstCode || this.facts.statementStarts.has(token.start)) {
      this.frames = [{ base: 0, open: -1 }];
      this.pipesSeen = false;
    } else if (placement.newline && this.facts.bodyStatementStarts.has(token.start)) {
      this.popFramesTo(this.frameIndexOf(this.owner.get(i) ?? -1) + 1);
      this.frames.push({ base: placement.indent, open: -1 });
    } else if (placement.newline && this.pipePlacement(i)) {
      const owner = this.owner.get(i) ?? -1;
      if (owner === -1) this.pipesSeen = true;
      this.popFramesTo(owner === -1 ? 1 : this.frameIndexOf(owner) + 1);
      this.frames.push({ base: placement.indent, open: -1 });
    }
    if (isOpener(token)) {
      this.bracketBase.set(i, this.lineIndent);
      this.frames.push({ base: this.lineIndent, open: i });
    } else if (isCloser(token)) {
      const at = this.frameIndexOf(this.match.get(i) ?? -1);
      if (at >= 0) this.popFramesTo(at);
    }
  }

  private render(i: number, placement: Placement): string {
    if (!placement.newline) return placement.space;
    const previous = this.tokens[i - 1];
    const blank = lineBreakCount(this.text, previous.end, this.tokens[i].start) >= 2;
    const { eol } = this.settings;
    return (blank ? eol + eol : eol) + ' '.repeat(placement.indent);
  }

  /** A subquery in parentheses breaks at its pipes unless it is short, on one line and free of comments. */
  private isGroupBroken(open: number): boolean {
    let broken = this.brokenMemo.get(open);
    if (broken === undefined) {
      broken = this.isBrokenRange(open, this.match.get(open) ?? open);
      this.brokenMemo.set(open, broken);
    }
    return broken;
  }

  private isLetBroken(statement: Span): boolean {
    const from = firstTokenIndexAt(this.tokens, statement.start);
    const to = firstTokenIndexAt(this.tokens, statement.end) - 1;
    let broken = this.brokenMemo.get(from);
    if (broken === undefined) {
      broken = this.isBrokenRange(from, to);
      this.brokenMemo.set(from, broken);
    }
    return broken;
  }

  private isBrokenRange(from: number, to: number): boolean {
    if (lineBreakCount(this.text, this.tokens[from].start, this.tokens[to].end) > 0) return true;
    let length = 0;
    for (let i = from; i <= to; i++) {
      const token = this.tokens[i];
      if (token.type === 'Comment') return true;
      length += token.text.length;
      if (i > from) length += spaceBetween(this.tokens[i - 1], token, this.facts, this.ownerType(i - 1) === 'LBrace').length;
    }
    return length > inlineLimit;
  }

  private ownerType(i: number): string | undefined {
    const owner = this.owner.get(i) ?? -1;
    return owner === -1 ? undefined : this.tokens[owner].type;
  }

  private frameIndexOf(open: number): number {
    for (let at = this.frames.length - 1; at >= 0; at--) {
      if (this.frames[at].open === open) return at;
    }
    return -1;
  }

  private popFramesTo(length: number): void {
    this.frames.length = Math.max(1, length);
  }

  private previousCode(i: number): number {
    for (let j = i - 1; j >= this.first; j--) {
      if (this.tokens[j].type !== 'Comment') return j;
    }
    return -1;
  }

  private nextCode(i: number): number {
    for (let j = i + 1; j <= this.last; j++) {
      if (this.tokens[j].type !== 'Comment') return j;
    }
    return -1;
  }
}

function pairs(open: SyntaxToken, close: SyntaxToken): boolean {
  return (
    (open.type === 'LParen' && close.type === 'RParen') ||
    (open.type === 'LBracket' && close.type === 'RBracket') ||
    (open.type === 'LBrace' && close.type === 'RBrace')
  );
}
