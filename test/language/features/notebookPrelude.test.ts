import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import { analyzeDocument, getDiagnostics, parseDocument } from '../../../language/index.ts';
import { cellPrelude } from '../../../language/features/notebookPrelude.ts';

test('the let statements of the cells above, in order, each ended by a semicolon', () => {
  const prelude = cellPrelude([
    "let threshold = 500;\n['logs'] | where status >= threshold | count",
    '// a markdown-like comment only',
    "let errors = ['logs']\n\n  | where status >= threshold;\nlet f = (x: long) { x + 1 };",
  ]);
  assert.equal(prelude.text, "let threshold = 500;\nlet errors = ['logs']\n  | where status >= threshold;\nlet f = (x: long) { x + 1 };\n");
  assert.equal(prelude.lineCount, 4);
});

test('a let broken by a syntax error is left out; the others stay', () => {
  const prelude = cellPrelude(['let a = (1 + ;\nlet b = 2;']);
  assert.equal(prelude.text, 'let b = 2;\n');
});

test('no cells above, or none with a let: an empty prelude', () => {
  assert.deepEqual(cellPrelude([]), { text: '', lineCount: 0 });
  assert.deepEqual(cellPrelude(["['logs'] | take 1"]), { text: '', lineCount: 0 });
});

test('the prelude and a later cell analyse as one query: the names are in scope', () => {
  const schema = { datasets: [{ name: 'logs', fields: [{ name: 'status', type: 'long' }] }] };
  const cell = 'errors | where status > limit';
  const { text } = cellPrelude(["let errors = ['logs'] | where status >= 500;", 'let limit = 501;']);
  const withPrelude = getDiagnostics(analyzeDocument(parseDocument(text + cell), schema as never));
  assert.deepEqual(withPrelude.map((d) => d.message), []);
  const alone = getDiagnostics(analyzeDocument(parseDocument(cell), schema as never));
  assert.ok(alone.length > 0, 'without the prelude the names are unknown');
});
