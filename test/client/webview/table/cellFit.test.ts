import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { overflows, safetyMargin, widestCharacter, type TextFit } from '../../../../client/webview/table/cellFit.ts';

/** A proportional font: 'W' and 'M' take 12 px, other characters 7 px; counts the texts it measures. */
function font(): TextFit & { measured: string[] } {
  const measured: string[] = [];
  const measure = (text: string) => {
    measured.push(text);
    return [...text].reduce((sum, character) => sum + (character === 'W' || character === 'M' ? 12 : 7), 0);
  };
  return { measure, widestCharacter: 12, measured };
}

describe('which cells need clipping', () => {
  it('a text plainly shorter than the column is not clipped, and not measured', () => {
    const fit = font();
    assert.equal(overflows('200', 50, fit), false);
    assert.equal(overflows('', 0, fit), false);
    assert.deepEqual(fit.measured, []);
  });

  it('a text wider than its column is clipped', () => {
    assert.equal(overflows('/api/v1/items/1234', 60, font()), true);
    assert.equal(overflows('WWWW', 40, font()), true);
  });

  it('a long text of narrow characters is measured and kept whole when it fits', () => {
    const fit = font();
    // 10 characters: 120 px at the widest advance, 70 px as measured.
    assert.equal(overflows('abcdefghij', 70 + safetyMargin, fit), false);
    assert.deepEqual(fit.measured, ['abcdefghij']);
  });

  it('a text within the safety margin of the edge is clipped (canvas and layout may round apart)', () => {
    assert.equal(overflows('abcdefghij', 70 + safetyMargin - 1, font()), true);
  });

  it('texts beyond printable ASCII (other fonts, marks, line breaks) are always clipped', () => {
    for (const text of ['Zürich', '東京', 'a\nb', 'tab\there', '👍']) assert.equal(overflows(text, 1000, font()), true, text);
  });

  it('the widest character is the widest advance of printable ASCII', () => {
    assert.equal(widestCharacter(font().measure), 12);
    assert.equal(widestCharacter((text) => (text === '@' ? 9.5 : 8)), 9.5);
  });
});
