import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutLabels } from '../../../../client/webview/chart/labelLayout.ts';

describe('annotation label layout', () => {
  it('keeps every label inside the plot area', () => {
    const placed = layoutLabels([{ x: -30, width: 50 }, { x: 590, width: 80 }], 600, 3);
    assert.deepEqual(placed[0], { left: 0, row: 0 });
    assert.equal(placed[1].left + 80 <= 600, true, 'a label near the right edge goes left of its line');
    assert.equal(placed[1].left, 590 - 4 - 80);
  });

  it('puts overlapping labels in further rows, up to the limit', () => {
    const placed = layoutLabels([{ x: 10, width: 100 }, { x: 20, width: 100 }, { x: 30, width: 100 }, { x: 40, width: 100 }, { x: 300, width: 50 }], 600, 3);
    assert.deepEqual(placed.map((place) => place.row), [0, 1, 2, 0, 0]);
  });
});
