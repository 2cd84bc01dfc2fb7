import type { ParsedDocument } from '../../syntax/parseResult.ts';
import { lineBreakCount } from './whitespace.ts';

/**
 * A run of tokens between blank lines: one query with the comments around it, or a block of
 * comments alone. Tokens are indexes into `ParsedDocument.tokens`, both ends included.
 */
export interface Paragraph {
  first: number;
  last: number;
  /** A syntax error lies inside: the formatter leaves the paragraph exactly as written. */
  hasErrors: boolean;
}

export function splitParagraphs(parsed: ParsedDocument): Paragraph[] {
  const { text, tokens } = parsed;
  const queries = parsed.root.queries;
  const paragraphs: Paragraph[] = [];
  let first = 0;
  let query = 0;
  for (let i = 1; i <= tokens.length; i++) {
    if (i < tokens.length) {
      const gapStart = tokens[i - 1].end;
      const gapEnd = tokens[i].start;
      // parseQuery keeps blank lines inside one query; a blank line splits only between queries.
      while (query < queries.length && queries[query].end <= gapStart) query++;
      const insideQuery = query < queries.length && queries[query].start < gapStart && gapEnd < queries[query].end;
      if (insideQuery || lineBreakCount(text, gapStart, gapEnd) < 2) continue;
    }
    paragraphs.push({ first, last: i - 1, hasErrors: false });
    first = i;
  }
  markErrors(parsed, paragraphs);
  return paragraphs;
}

/** An error outside every paragraph (there should be none) marks its neighbours, to be safe. */
function markErrors(parsed: ParsedDocument, paragraphs: Paragraph[]): void {
  const { tokens } = parsed;
  for (const error of parsed.errors) {
    let index = paragraphs.length - 1;
    while (index > 0 && tokens[paragraphs[index].first].start > error.start) index--;
    if (index < 0) continue;
    const paragraph = paragraphs[index];
    paragraph.hasErrors = true;
    if (error.start > tokens[paragraph.last].end && index + 1 < paragraphs.length) paragraphs[index + 1].hasErrors = true;
  }
}
