import type { SyntaxToken } from '../../syntax/parseResult.ts';
import { partitionPoint } from '../../text/sorted.ts';

/** Index of the first token starting at or after `offset` (tokens.length if none). */
export function firstTokenIndexAt(tokens: readonly SyntaxToken[], offset: number): number {
  return partitionPoint(tokens, (token) => token.start < offset);
}

/**
 * The code between two offsets as a one-line label: comments dropped, any run of
 * whitespace between tokens written as one space, cut to `maxLength` with an ellipsis.
 */
export function codeLabel(tokens: readonly SyntaxToken[], start: number, end: number, maxLength: number): string {
  let label = '';
  let previous: SyntaxToken | undefined;
  for (let i = firstTokenIndexAt(tokens, start); i < tokens.length && tokens[i].end <= end; i++) {
    const token = tokens[i];
    if (token.type === 'Comment') continue;
    if (previous && previous.end < token.start) label += ' ';
    label += token.text.replace(/\s+/g, ' ');
    previous = token;
    if (label.length > maxLength) break;
  }
  return truncate(label, maxLength);
}

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.lastIndexOf(' ', maxLength - 1);
  return `${text.slice(0, cut > maxLength * 0.6 ? cut : maxLength - 1).trimEnd()}…`;
}
