import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { tokenize } from '../../../language/syntax/lexer.ts';
import { UnknownRuns } from '../../../language/syntax/unknownRuns.ts';

/** Every run of `text` as [offset, text], walked the way the parser walks them. */
function runsOf(text: string, before?: number): [number, string][] {
  const lexed = tokenize(text);
  const runs = new UnknownRuns(text, lexed.tokens, lexed.groups.comments ?? []);
  const found: [number, string][] = [];
  while (runs.next(before)) found.push([runs.offset, text.slice(runs.offset, runs.offset + runs.length)]);
  return found;
}

describe('unknown character runs, read between the tokens', () => {
  it('finds each run once, white space ending it, at the start, the middle and the end of the text', () => {
    assert.deepEqual(runsOf('#x €§ y\u00a0¤ ¤¤'), [
      [0, '#'],
      [3, '€§'],
      [8, '¤'],
      [10, '¤¤'],
    ]);
  });

  it('skips comments and strings, which may hold any character', () => {
    assert.deepEqual(runsOf("x // €€€\n| where y == '€' ¤"), [[26, '¤']]);
  });

  it('finds none in a clean query, and all of a text of junk alone', () => {
    assert.deepEqual(runsOf("['logs'] | where status >= 500 // done"), []);
    assert.deepEqual(runsOf('€€ ¤'), [
      [0, '€€'],
      [3, '¤'],
    ]);
  });

  it('an @ not opening a verbatim string is unknown', () => {
    assert.deepEqual(runsOf("a @b @'c'"), [[2, '@']]);
  });

  it('leaves a run starting at or after the bound for the next walk', () => {
    const text = '€ a ¤ b §';
    const lexed = tokenize(text);
    const runs = new UnknownRuns(text, lexed.tokens, []);
    assert.equal(runs.next(3), true);
    assert.equal(runs.offset, 0);
    assert.equal(runs.next(3), false);
    assert.equal(runs.next(3), false, 'asking again with the same bound keeps the run');
    assert.equal(runs.next(), true);
    assert.deepEqual([runs.offset, runs.length], [4, 1]);
    assert.equal(runs.next(), true);
    assert.equal(runs.offset, 8);
    assert.equal(runs.next(), false);
  });
});
