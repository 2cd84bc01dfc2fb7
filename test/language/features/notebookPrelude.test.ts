import { strict as assert } from 'node:assert';
import { test } from 'node:test';
import fc from 'fast-check';
import { analyzeDocument, getDiagnostics, NotebookLets, parseDocument, parseQuery, type AnalyzedDocument } from '../../../language/index.ts';
import { walk } from '../../../language/syntax/visit.ts';
import { cellPrelude, parseAfterPrelude } from '../../../language/features/notebookPrelude.ts';

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

/** Cells of notebooks: lets, broken lets, queries, comments, blank lines inside a cell, junk, nothing. */
const cellPieces = [
  "let errors = ['logs'] | where status >= 500;",
  'let limit = 501;',
  'let f = (x: long) { x + 1 };',
  'let broken = (1 + ;',
  "let t = errors\n\n  | where uri contains 'a';",
  "errors | summarize count() by bin(_time, 1h)",
  '// only a comment',
  "['logs'] | where status > limit\n| project uri",
  '§§ not apl ¤',
  'let unfinished = ',
  '',
  '\n\n',
];

test('a cell parsed after a prelude read once is the cell parsed with its prelude', () => {
  fc.assert(
    fc.property(fc.array(fc.array(fc.constantFrom(...cellPieces), { maxLength: 4 }), { minLength: 1, maxLength: 6 }), (pieces) => {
      const cells = pieces.map((parts) => parts.join('\n'));
      const lets = parseQuery(cellPrelude(cells).text);
      cells.forEach((cell, index) => {
        const prelude = cellPrelude(cells.slice(0, index)).text;
        const expected = parseQuery(prelude + cell);
        const actual = parseAfterPrelude(lets, prelude.length, cell);
        assert.equal(actual.text, expected.text);
        assert.deepEqual(actual.root, expected.root);
        assert.deepEqual(actual.tokens, expected.tokens);
        assert.deepEqual(actual.errors, expected.errors);
        assert.deepEqual(actual.lineIndex.positionAt(actual.text.length), expected.lineIndex.positionAt(expected.text.length));
      });
    }),
    { numRuns: 300 },
  );
});

test('a cell analysed on its prelude analysed once answers as the cell analysed with its prelude', () => {
  const schema = { datasets: [{ name: 'logs', fields: [{ name: 'status', type: 'long' }, { name: 'uri', type: 'string' }] }] } as never;
  const pieces = [...cellPieces, "set stricttypes;\n['logs'] | where status == '5'", "let errors = 1;\nerrors + limit", "errors | where status == '5'", 'f(limit)', 't | take 3'];
  fc.assert(
    fc.property(fc.array(fc.array(fc.constantFrom(...pieces), { maxLength: 4 }), { minLength: 1, maxLength: 6 }), (chosen) => {
      const cells = chosen.map((parts) => parts.join('\n'));
      const lets = new NotebookLets(cellPrelude(cells).text, schema);
      cells.forEach((cell, index) => {
        const preludeLength = cellPrelude(cells.slice(0, index)).text.length;
        const analyzed = lets.analyzeCell(preludeLength, cell);
        assert.deepEqual(answers(analyzed, preludeLength), answers(analyzeDocument(analyzed.parsed, schema), preludeLength));
      });
    }),
    { numRuns: 300 },
  );
});

/** What the features read of an analysis, for the cell's own part of the text (from `from` on). */
function answers(analyzed: AnalyzedDocument, from: number) {
  const nodes: string[] = [];
  for (const statement of analyzed.parsed.root.queries[0]?.statements ?? []) {
    if (statement.start < from) continue;
    walk(statement, (node) => {
      const symbol = node.kind === 'Name' ? analyzed.symbolOf(node) : undefined;
      const described = symbol?.kind === 'let' ? `let ${symbol.binding.name}:${symbol.binding.type}` : symbol && JSON.stringify(symbol);
      const shapes = 'operators' in node ? '' : JSON.stringify([analyzed.inputOf(node as never), analyzed.outputOf(node as never)]);
      nodes.push(`${node.kind}@${node.start} ${analyzed.typeOf(node as never)} ${described ?? ''} ${shapes}`);
    });
  }
  return {
    diagnostics: getDiagnostics(analyzed).filter((diagnostic) => diagnostic.start >= from),
    lets: analyzed.letsVisibleAt(analyzed.parsed.text.length).map((binding) => `${binding.name}:${binding.type}`),
    nodes,
  };
}
