import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { textTable } from '../../cli/textTable.ts';

describe('text table', () => {
  it('aligns columns, numbers to the right, and shows null as empty', () => {
    const lines = textTable({
      columns: [{ name: 'method', type: 'string' }, { name: 'count_', type: 'long' }],
      rows: [['GET', 12345], ['DELETE', 7], [null, null]],
    });
    assert.deepEqual(lines, ['method  count_', '------  ------', 'GET      12345', 'DELETE       7', '']);
  });

  it('escapes control characters and cuts long values, so a row stays one line', () => {
    const [, , row] = textTable({
      columns: [{ name: 'text', type: 'string' }, { name: 'object', type: 'dynamic' }],
      rows: [['a\nb\u001b[31mred\t', { long: 'z'.repeat(100) }]],
    });
    assert.ok(row!.startsWith('a\\nb\\u001b[31mred\\t  '), row);
    assert.ok(!/[\u0000-\u001f]/.test(row!));
    assert.ok(row!.endsWith('…'));
    assert.equal(row!.length, 'a\\nb\\u001b[31mred\\t'.length + 2 + 60);
  });
});
