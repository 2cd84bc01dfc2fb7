import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { filteredRows, sortRows } from '../../../../client/webview/table/rowOrder.ts';
import type { TableData } from '../../../../client/webview/table/tableData.ts';

/** Table data as the webview holds it: values by column, `decodedRows` of them decoded so far. */
function tableOf(columns: unknown[][], decodedRows = columns[0]!.length): TableData {
  return { columns: columns.map((_, index) => ({ name: `c${index}`, type: 'string' })), values: columns, decodedRows } as unknown as TableData;
}

const all = (data: TableData) => filteredRows(data, [], '');

describe('row order', () => {
  it('sorts numbers by value (bigints too), nulls last either way, ties in result order', () => {
    const data = tableOf([[3, null, 9007199254740993n, 1, 3, 9007199254740992]]);
    assert.deepEqual(sortRows(data, all(data), { column: 0, descending: false }), [3, 0, 4, 5, 2, 1]);
    assert.deepEqual(sortRows(data, all(data), { column: 0, descending: true }), [2, 5, 0, 4, 3, 1]);
  });

  it('sorts timestamps by instant, and objects by their text', () => {
    const times = tableOf([['2026-11-27T10:00:42Z', '2026-11-27T10:00:42.5Z', null, '2026-11-27T09:00:00Z']]);
    assert.deepEqual(sortRows(times, all(times), { column: 0, descending: false }), [3, 0, 1, 2]);
    const objects = tableOf([[{ b: 1 }, { a: 2 }, 'x', { a: 1 }]]);
    assert.deepEqual(sortRows(objects, all(objects), { column: 0, descending: false }), [2, 3, 1, 0]);
  });

  it('filters on the text of the columns shown, without regard to case, over the rows decoded so far', () => {
    const data = tableOf([['GET /api', 'post', null, 'Get'], [{ path: '/API/v1' }, 1, 2, 3]], 3);
    assert.deepEqual(filteredRows(data, [0], 'get'), [0]);
    assert.deepEqual(filteredRows(data, [0, 1], 'api'), [0]);
    assert.deepEqual(filteredRows(data, [1], '2'), [2]);
    data.decodedRows = 4;
    assert.deepEqual(filteredRows(data, [0], 'GET'), [0, 3]);
  });
});
