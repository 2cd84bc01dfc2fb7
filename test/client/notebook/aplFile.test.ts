import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { aplTextFromNotebook, notebookFromAplText } from '../../../client/notebook/aplFile.ts';

describe('.apl file as notebook cells and back', () => {
  it('query blocks become APL cells, comment blocks markdown cells, the connection line the metadata', () => {
    const text = "// connection: prod\n\n// # Errors\n//\n// per hour\n\n// by method\n['web']\n| count\n\n['web'] | take 1\n// trailing note\n";
    const notebook = notebookFromAplText(text);
    assert.deepEqual(notebook.metadata, { connection: 'prod' });
    assert.deepEqual(notebook.cells, [
      { kind: 'markdown', source: '# Errors\n\nper hour' },
      { kind: 'apl', source: "// by method\n['web']\n| count" },
      { kind: 'apl', source: "['web'] | take 1\n// trailing note" },
    ]);
    assert.equal(aplTextFromNotebook(notebook), text, 'exported again, the file reads as it did');
  });

  it('the examples round-trip', () => {
    const text = readFileSync(join(import.meta.dirname, '../../../examples/http-errors.apl'), 'utf8');
    const notebook = notebookFromAplText(text);
    assert.equal(notebook.cells.filter((cell) => cell.kind === 'apl').length, 3);
    assert.equal(aplTextFromNotebook(notebook), text);
  });

  it('export leaves out blank lines inside an APL cell, which would split the query in a file', () => {
    const text = aplTextFromNotebook({ metadata: {}, cells: [{ kind: 'apl', source: "['web']\n\n| count\n" }, { kind: 'apl', source: '  ' }, { kind: 'markdown', source: '\nnote\n\n' }] });
    assert.equal(text, "['web']\n| count\n\n// note\n");
    assert.deepEqual(notebookFromAplText(text).cells.map((cell) => cell.kind), ['apl', 'markdown']);
  });

  it('an empty notebook is an empty file', () => {
    assert.equal(aplTextFromNotebook({ metadata: {}, cells: [] }), '');
    assert.deepEqual(notebookFromAplText('').cells, []);
  });
});
