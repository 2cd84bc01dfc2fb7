import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatOnType, formatRange } from '../../../language/features/partialFormatting.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { TextEdit } from '../../../language/types.ts';

const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///q.apl', 'axiom-apl', 1, text), edits);

describe('formatting part of a document', () => {
  it('Format Selection changes the selected query and leaves the other alone', () => {
    const text = "['logs']\n|where status==500\n\n['traces']\n|   take   5\n";
    const parsed = parseDocument(text);
    const second = { start: { line: 3, character: 0 }, end: { line: 4, character: 12 } };
    assert.equal(apply(text, formatRange(parsed, second)), "['logs']\n|where status==500\n\n['traces']\n| take 5\n");
    const first = { start: { line: 0, character: 0 }, end: { line: 1, character: 17 } };
    assert.equal(apply(text, formatRange(parsed, first)), "['logs']\n| where status == 500\n\n['traces']\n|   take   5\n");
  });

  it('after a typed | the line gets its indentation and spacing, and nothing moves to another line', () => {
    const text = "['logs']\n    |where status==500 | take 5";
    const edits = formatOnType(parseDocument(text), { line: 1, character: 5 });
    assert.equal(apply(text, edits), "['logs']\n| where status == 500 | take 5");
    const earlier = "['logs']  |where status==500\n| take 5";
    assert.equal(apply(earlier, formatOnType(parseDocument(earlier), { line: 1, character: 1 })), earlier);
  });
});
