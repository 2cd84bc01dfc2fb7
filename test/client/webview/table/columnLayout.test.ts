import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { displayColumns, emptyLayout, layoutKey, maxSavedLayouts, moveColumn, parseLayout, rememberLayout, setHidden, setWidth, stepColumn, widthOf } from '../../../../client/webview/table/columnLayout.ts';

const columns = ['_time', 'method', 'status', 'uri'].map((name) => ({ name, type: 'string' }));
const names = (indices: number[]) => indices.map((index) => columns[index].name);

describe('column layout', () => {
  it('shows every column in result order by default', () => {
    assert.deepEqual(names(displayColumns(columns, emptyLayout())), ['_time', 'method', 'status', 'uri']);
  });

  it('moves, steps and hides by name; a new column of a re-run follows the ordered ones', () => {
    let layout = moveColumn(columns, emptyLayout(), 'uri', 'method');
    assert.deepEqual(names(displayColumns(columns, layout)), ['_time', 'uri', 'method', 'status']);
    layout = stepColumn(columns, layout, '_time', 1);
    assert.deepEqual(names(displayColumns(columns, layout)), ['uri', '_time', 'method', 'status']);
    layout = setHidden(layout, 'method', true);
    assert.deepEqual(names(displayColumns(columns, layout)), ['uri', '_time', 'status']);
    layout = moveColumn(columns, layout, 'uri', undefined);
    assert.deepEqual(names(displayColumns(columns, layout)), ['_time', 'status', 'uri']);
    const more = [...columns, { name: 'new', type: 'string' }];
    assert.deepEqual(displayColumns(more, layout).map((index) => more[index].name), ['_time', 'status', 'uri', 'new']);
  });

  it('never hides the last column shown', () => {
    const layout = columns.reduce((each, column) => setHidden(each, column.name, true), emptyLayout());
    assert.deepEqual(names(displayColumns(columns, layout)), ['_time']);
  });

  it('keeps set widths, forgets one reset to fit', () => {
    const layout = setWidth(setWidth(emptyLayout(), 'uri', 300.4), 'status', 80);
    assert.deepEqual(layout.widths, { uri: 300, status: 80 });
    assert.deepEqual(setWidth(layout, 'uri', undefined).widths, { status: 80 });
  });

  it('keeps widths of columns named like Object members, and finds none it was not given', () => {
    assert.equal(widthOf(emptyLayout(), 'constructor'), undefined);
    assert.equal(widthOf(emptyLayout(), 'toString'), undefined);
    const layout = setWidth(setWidth(emptyLayout(), '__proto__', 150), 'constructor', 90);
    assert.deepEqual([widthOf(layout, '__proto__'), widthOf(layout, 'constructor')], [150, 90]);
    const restored = parseLayout(JSON.parse(JSON.stringify(layout)))!;
    assert.deepEqual([widthOf(restored, '__proto__'), widthOf(restored, 'constructor'), widthOf(restored, 'hasOwnProperty')], [150, 90, undefined]);
  });

  it('reads back only well-formed layouts from state', () => {
    assert.deepEqual(parseLayout({ widths: { a: 10, b: -1, c: 'x' }, order: ['a', 3], hidden: 'b' }), { widths: { a: 10 }, order: ['a'], hidden: [] });
    assert.equal(parseLayout(null), undefined);
  });

  it('keeps layouts for the most recently used queries only', () => {
    let saved = {};
    for (let index = 0; index < maxSavedLayouts + 5; index++) saved = rememberLayout(saved, layoutKey(`q${index}`, 'matches'), emptyLayout(), index);
    const keys = Object.keys(saved);
    assert.equal(keys.length, maxSavedLayouts);
    assert.ok(!keys.includes(layoutKey('q0', 'matches')));
    assert.ok(keys.includes(layoutKey(`q${maxSavedLayouts + 4}`, 'matches')));
    assert.equal(layoutKey("['a']\n| take 5", 'matches'), layoutKey("['a'] |  take 5 ", 'matches').replace('|  ', '| '));
  });
});
