import { parseDocument } from '../syntax/parse.ts';
import type { ParsedDocument, SyntaxToken } from '../syntax/parseResult.ts';
import { tokenize } from '../syntax/lexer.ts';
import type { FormattingOptions, TextEdit } from '../types.ts';
import { layoutParagraph, type LayoutSettings } from './formatting/layout.ts';
import { splitParagraphs, type Paragraph } from './formatting/paragraphs.ts';
import { collectSyntaxFacts } from './formatting/syntaxFacts.ts';
import { afterLastBreak, beforeFirstBreak, detectEol } from './formatting/whitespace.ts';

/**
 * The APL formatter. It only ever rewrites the whitespace between tokens, so no token or comment
 * is lost or moved past another; every query is checked for that before its layout is used.
 *
 * - A query's source stays on its first line; each `| operator` of the main statement starts a
 *   line, at column `pipeIndent` (default 0).
 * - `let`/`set` statements each take their own line. A let body or a parenthesised subquery
 *   (join, lookup, union, `in (...)`, `toscalar(...)`) stays on one line when it was written on
 *   one line, holds no comment and is at most 60 characters long; otherwise it breaks before
 *   each of its pipes, which sit 4 columns right of the line that opened it.
 * - A function-like let's body stays on one line, `{ x + 1 }`, on the same terms; otherwise each
 *   of its statements takes a line 4 columns right of the let, and its `}` a line of its own.
 * - Single spaces around binary operators and after commas, none inside brackets; see
 *   `formatting/spacing.ts` for the details.
 * - Line breaks the author put inside an operator are kept, and the continuation line is
 *   indented 4 columns right of the line it continues; a line starting with a closing bracket
 *   lines up with the line that opened it.
 * - Comments stay where they are: a trailing comment one space after its code, a comment on
 *   its own line indented like the code below it.
 * - Queries are separated by exactly one blank line; the document ends with one line break.
 * - A query with a syntax error is left exactly as written.
 */
export function formatDocument(parsed: ParsedDocument, options: FormattingOptions = {}): TextEdit[] {
  const { text, tokens, lineIndex } = parsed;
  const gaps = formattedGaps(parsed, options);
  const edits: TextEdit[] = [];
  for (let i = 0; i < gaps.length; i++) {
    const start = i === 0 ? 0 : tokens[i - 1].end;
    const end = i === tokens.length ? text.length : tokens[i].start;
    const edit = minimalEdit(text.slice(start, end), gaps[i]);
    if (edit) edits.push({ range: lineIndex.rangeOf(start + edit.from, start + edit.to), newText: edit.newText });
  }
  return edits;
}

export function formatText(text: string, options: FormattingOptions = {}): string {
  const parsed = parseDocument(text);
  const gaps = formattedGaps(parsed, options);
  let result = gaps[0];
  parsed.tokens.forEach((token, i) => {
    result += token.text + gaps[i + 1];
  });
  return result;
}

/** The whitespace to write before each token, and after the last one (`tokens.length + 1` strings). */
function formattedGaps(parsed: ParsedDocument, options: FormattingOptions): string[] {
  const { text, tokens } = parsed;
  const originalGap = (i: number) => text.slice(i === 0 ? 0 : tokens[i - 1].end, i === tokens.length ? text.length : tokens[i].start);
  // No tokens: blank (formatted away), or nothing readable (unknown characters, a text too long to read: kept).
  if (tokens.length === 0) return [parsed.errors.length > 0 ? text : ''];

  const settings: LayoutSettings = { pipeIndent: Math.max(0, Math.floor(options.pipeIndent ?? 0)), eol: detectEol(text) };
  const facts = collectSyntaxFacts(parsed.root, tokens);
  const paragraphs = splitParagraphs(parsed);
  const gaps: string[] = new Array(tokens.length + 1);

  for (const paragraph of paragraphs) {
    const inner = paragraph.hasErrors ? undefined : layoutParagraph(text, tokens, facts, settings, paragraph.first, paragraph.last);
    if (inner && keepsTokens(tokens, paragraph, inner)) {
      inner.forEach((gap, k) => (gaps[paragraph.first + 1 + k] = gap));
    } else {
      paragraph.hasErrors = true;
      for (let i = paragraph.first + 1; i <= paragraph.last; i++) gaps[i] = originalGap(i);
    }
  }

  // Between paragraphs: one blank line. Around a paragraph left alone, its own indentation and
  // trailing spaces stay, so no edit touches it.
  const { eol } = settings;
  paragraphs.forEach((paragraph, index) => {
    const before = originalGap(paragraph.first);
    const keepIndent = paragraph.hasErrors ? afterLastBreak(before) : '';
    if (index === 0) {
      gaps[paragraph.first] = keepIndent;
    } else {
      const keepTrailing = paragraphs[index - 1].hasErrors ? beforeFirstBreak(before) : '';
      gaps[paragraph.first] = keepTrailing + eol + eol + keepIndent;
    }
  });
  const lastParagraph = paragraphs[paragraphs.length - 1];
  gaps[tokens.length] = (lastParagraph.hasErrors ? beforeFirstBreak(originalGap(tokens.length)) : '') + eol;
  return gaps;
}

/** Re-reads the laid-out paragraph and checks it yields the very same tokens. */
function keepsTokens(tokens: readonly SyntaxToken[], paragraph: Paragraph, gaps: readonly string[]): boolean {
  let text = tokens[paragraph.first].text;
  gaps.forEach((gap, k) => (text += gap + tokens[paragraph.first + 1 + k].text));
  const lexed = tokenize(text);
  const relexed = [...lexed.tokens, ...(lexed.groups.comments ?? [])].sort((a, b) => a.startOffset - b.startOffset);
  if (relexed.length !== paragraph.last - paragraph.first + 1) return false;
  return relexed.every((token, k) => {
    const original = tokens[paragraph.first + k];
    return token.tokenType.name === original.type && token.image === original.text;
  });
}

/** The smallest replacement turning `before` into `after`, or undefined when they are equal. */
function minimalEdit(before: string, after: string): { from: number; to: number; newText: string } | undefined {
  if (before === after) return undefined;
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  ) {
    suffix++;
  }
  // Never cut a `\r\n` in two.
  if (prefix > 0 && before[prefix - 1] === '\r' && before[prefix] === '\n') prefix--;
  const to = before.length - suffix;
  if (suffix > 0 && before[to - 1] === '\r' && before[to] === '\n') suffix--;
  return { from: prefix, to: before.length - suffix, newText: after.slice(prefix, after.length - suffix) };
}
