import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument, getDiagnostics, parseDocument, parseQuery } from '../../../language/index.ts';
import { maxTextLength } from '../../../language/syntax/parse.ts';

/**
 * Parsing holds a query's whole syntax tree at once (about 1.2 KB of heap per character at worst):
 * 13 MB of APL took a process past V8's heap limit. A text past the length read is one error.
 */
describe('the length of text read', () => {
  it('reads a text of exactly the limit, and refuses one character more with one error and no tree', () => {
    const statement = 'print x = 1;\n';
    const fits = statement.repeat(Math.floor(maxTextLength / statement.length));
    assert.deepEqual(parseQuery(fits).errors, []);

    const over = `${fits}${'x'.repeat(maxTextLength - fits.length + 1)}`;
    for (const parsed of [parseQuery(over), parseDocument(over)]) {
      assert.equal(parsed.errors.length, 1);
      assert.match(parsed.errors[0]!.message, /^This text is 1\.0 MiB long: APL is read up to 1 MiB \(1,048,576 characters\)/);
      assert.deepEqual(parsed.root.queries, []);
      assert.deepEqual(parsed.tokens, []);
      const diagnostics = getDiagnostics(analyzeDocument(parsed, { datasets: [] }));
      assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.range.start), [{ line: 0, character: 0 }]);
    }
  });
});
