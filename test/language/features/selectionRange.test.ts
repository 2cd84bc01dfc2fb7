import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getSelectionRanges } from '../../../language/features/selectionRange.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { SelectionRange } from '../../../language/types.ts';

/** The texts of the spans around the position marked `|^|` (the marker removed), innermost first. */
function expansions(marked: string): string[] {
  const offset = marked.indexOf('|^|');
  const text = marked.replace('|^|', '');
  const parsed = parseDocument(text);
  const [selection] = getSelectionRanges(parsed, [offset]);
  const spans: string[] = [];
  for (let range: SelectionRange | undefined = selection; range; range = range.parent) {
    spans.push(text.slice(parsed.lineIndex.offsetAt(range.range.start), parsed.lineIndex.offsetAt(range.range.end)));
  }
  return spans;
}

describe('selection ranges', () => {
  it('grow from the word through the expression, the operator and the query to the document', () => {
    const text = "['logs']\n| where status == 5|^|00 and method == 'GET'\n| take 10\n\n['traces'] | count";
    const spans = expansions(text);
    const plain = text.replace('|^|', '');
    assert.equal(spans[0], '500');
    assert.ok(spans.includes("status == 500"), JSON.stringify(spans));
    assert.ok(spans.includes("status == 500 and method == 'GET'"), JSON.stringify(spans));
    assert.ok(spans.some((span) => span.startsWith('where status')), JSON.stringify(spans));
    assert.ok(spans.includes("['logs']\n| where status == 500 and method == 'GET'\n| take 10"), JSON.stringify(spans));
    assert.equal(spans.at(-1), plain);
  });

  it('nest: each span holds the one inside it, and none repeats', () => {
    const text = "let threshold = 100;\n['logs'] | extend slow = iff(duration > thres|^|hold, 'slow', 'fast') | summarize count() by slow";
    const spans = expansions(text);
    assert.equal(spans[0], 'threshold');
    for (let i = 1; i < spans.length; i++) {
      assert.ok(spans[i]!.includes(spans[i - 1]!), `${JSON.stringify(spans[i])} does not hold ${JSON.stringify(spans[i - 1])}`);
      assert.notEqual(spans[i], spans[i - 1]);
    }
    assert.ok(spans.includes("iff(duration > threshold, 'slow', 'fast')"), JSON.stringify(spans));
  });

  it('take the word ending at the cursor, and answer for text that does not parse', () => {
    assert.equal(expansions("['logs'] | where status|^|")[0], 'status');
    const broken = expansions("['logs'] | where (status == |^| | take");
    assert.ok(broken.length >= 1);
    assert.equal(broken.at(-1), "['logs'] | where (status ==  | take");
  });

  it('follow a deeply nested expression down to its innermost number', () => {
    const depth = 90;
    const text = `print x = ${'('.repeat(depth)}1|^|${')'.repeat(depth)}`;
    const spans = expansions(text);
    assert.equal(spans[0], '1');
    assert.ok(spans.length > depth, `${spans.length} spans`);
  });
});
