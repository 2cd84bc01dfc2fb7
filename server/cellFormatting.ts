import type { ParsedDocument, TextEdit } from '../language/index.ts';

/**
 * The formatter ends a document with one line break; a notebook cell ends without one (the editor
 * would show an empty last line). This takes the line breaks out of the edit that would add them.
 */
export function withoutFinalLineBreak(edits: readonly TextEdit[], parsed: ParsedDocument): TextEdit[] {
  const end = parsed.lineIndex.positionAt(parsed.text.length);
  return edits.flatMap((edit) => {
    if (edit.range.end.line !== end.line || edit.range.end.character !== end.character) return [edit];
    const newText = edit.newText.replace(/[\r\n]+$/, '');
    const empty = edit.range.start.line === end.line && edit.range.start.character === end.character;
    return newText === '' && empty ? [] : [{ range: edit.range, newText }];
  });
}
