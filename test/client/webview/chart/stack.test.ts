import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stackBands, stackValues } from '../../../../client/webview/chart/stack.ts';

describe('stacked bars', () => {
  it('stacks each series on the sum of those before it, a gap adding nothing', () => {
    assert.deepEqual(
      stackValues([
        [1, null, 3],
        [2, 5, null],
        [4, 1, 1],
      ]),
      [
        [1, 0, 3],
        [3, 5, 3],
        [7, 6, 4],
      ],
    );
  });

  it('fills each series down to the one below', () => {
    assert.deepEqual(stackBands(3), [{ series: [2, 1] }, { series: [3, 2] }]);
    assert.deepEqual(stackBands(1), []);
  });
});
