import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compactTable } from '../../../client/assistantTools/compactTable.ts';

const table = {
  columns: [{ name: 'uri', type: 'string' }, { name: 'n', type: 'long' }],
  rows: [
    ['/a|b', 1],
    ['two\nlines', 2],
    ['x'.repeat(500), 3],
    [{ k: 'v' }, null],
  ],
};

describe('compact result tables', () => {
  it('Markdown escapes pipes, flattens newlines and cuts long cells', () => {
    const { text, rowsShown } = compactTable(table, 'markdown', 10_000);
    const lines = text.split('\n');
    assert.equal(rowsShown, 4);
    assert.deepEqual(lines.slice(0, 4), ['| uri | n |', '| --- | --- |', '| /a\\|b | 1 |', '| two lines | 2 |']);
    assert.equal(lines[4], `| ${'x'.repeat(199)}… | 3 |`);
    assert.equal(lines[5], '| {"k":"v"} |  |');
  });

  it('CSV quotes what needs quoting', () => {
    const { text } = compactTable(table, 'csv', 10_000);
    assert.deepEqual(text.split('\n').slice(0, 3), ['uri,n', '/a|b,1', '"two']);
    assert.match(text, /^"\{""k"":""v""\}",$/m);
  });

  it('adds rows only while the text stays within the budget', () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [`row ${i}`, i]);
    const { text, rowsShown } = compactTable({ columns: table.columns, rows }, 'markdown', 2000);
    assert.ok(text.length <= 2000, `${text.length}`);
    assert.ok(rowsShown > 50 && rowsShown < 1000, `${rowsShown}`);
    assert.equal(text.split('\n').length, rowsShown + 2);
  });
});
