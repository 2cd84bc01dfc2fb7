/**
 * Formatting part of a document: the whole document's formatting edits (formatting.ts), kept
 * where they fall in the part. The formatter only rewrites whitespace between tokens, so any
 * subset of its edits leaves every token and comment in place.
 */
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { FormattingOptions, Position, Range, TextEdit } from '../types.ts';
import { formatDocument } from './formatting.ts';

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);

/** Format Selection: the edits that lie within the range. */
export function formatRange(parsed: ParsedDocument, range: Range, options: FormattingOptions = {}): TextEdit[] {
  return formatDocument(parsed, options).filter((edit) => before(range.start, edit.range.start) && before(edit.range.end, range.end));
}

/**
 * Format on type, after a `|`: the line it was typed on gets its indentation and spacing, and
 * nothing moves to another line under the cursor (edits that add or remove line breaks wait
 * for Format Document).
 */
export function formatOnType(parsed: ParsedDocument, position: Position, options: FormattingOptions = {}): TextEdit[] {
  return formatDocument(parsed, options).filter(
    (edit) => edit.range.start.line === position.line && edit.range.end.line === position.line && !/[\r\n]/.test(edit.newText),
  );
}
