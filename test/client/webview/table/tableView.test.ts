import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseView, sortOf, viewOf } from '../../../../client/webview/table/tableView.ts';

const columns = (...names: string[]) => names.map((name) => ({ name, type: 'string' }));

describe('a table\'s sort and filter, kept for the same query\'s next results', () => {
  it('comes back on the next results as it was', () => {
    const view = viewOf(columns('_time', 'status', 'uri'), { column: 1, descending: true }, '500');
    const next = parseView(JSON.parse(JSON.stringify(view)));
    assert.deepEqual(sortOf(columns('_time', 'status', 'uri'), next), { column: 1, descending: true });
    assert.equal(next?.filter, '500');
  });

  it('the sort follows its column by name to a new place, and is dropped with it', () => {
    const view = viewOf(columns('_time', 'status'), { column: 1, descending: false }, '');
    assert.deepEqual(sortOf(columns('status', 'uri', '_time'), view), { column: 0, descending: false });
    assert.equal(sortOf(columns('_time', 'uri'), view), undefined);
  });

  it('no sort and an empty filter when nothing was kept', () => {
    assert.deepEqual(viewOf(columns('a'), undefined, ''), { filter: '' });
    assert.equal(sortOf(columns('a'), undefined), undefined);
    assert.equal(parseView(undefined), undefined);
  });

  it('reads back only well-formed fields from the webview state', () => {
    assert.deepEqual(parseView({ sort: { name: 'a', descending: 'yes' }, filter: 3 }), { sort: { name: 'a', descending: false }, filter: '' });
    assert.deepEqual(parseView({ sort: { name: 7 }, filter: 'x' }), { filter: 'x' });
    assert.equal(parseView('text'), undefined);
  });
});
