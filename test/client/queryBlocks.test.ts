import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { blockAtLine, queryBlocks, toDocumentPosition } from '../../client/queryBlocks.ts';

const lines = [
  '// requests by status', //        0
  "['logs']", //                     1
  '| summarize count() by status', // 2
  '', //                             3
  '   ', //                          4
  "['traces']", //                   5
  '| take 10', //                    6
  '', //                             7
  '// only a comment', //            8
];

describe('query blocks', () => {
  it('splits on blank lines and skips comment-only blocks', () => {
    assert.deepEqual(
      queryBlocks(lines).map((block) => [block.startLine, block.endLine]),
      [
        [0, 2],
        [5, 6],
      ],
    );
    assert.equal(queryBlocks(lines)[1].text, "['traces']\n| take 10");
  });

  it('finds the block under the cursor', () => {
    assert.equal(blockAtLine(lines, 2)?.startLine, 0);
    assert.equal(blockAtLine(lines, 6)?.startLine, 5);
  });

  it('on a blank line takes the block above, else the one below', () => {
    assert.equal(blockAtLine(lines, 4)?.startLine, 0);
    assert.equal(blockAtLine(['', "['a']"], 0)?.startLine, 1);
    assert.equal(blockAtLine(['', ''], 1), undefined);
  });

  it('treats a last line without newline as part of the block', () => {
    assert.deepEqual(queryBlocks(["['a']", '| take 1']), [{ startLine: 0, endLine: 1, text: "['a']\n| take 1" }]);
  });
});

describe('error positions', () => {
  it('maps a one-based service position into the document', () => {
    assert.deepEqual(toDocumentPosition({ line: 5, character: 0 }, { line: 2, column: 9 }), { line: 6, character: 8 });
  });

  it('offsets the first line by where a selection starts', () => {
    assert.deepEqual(toDocumentPosition({ line: 3, character: 4 }, { line: 1, column: 3 }), { line: 3, character: 6 });
    assert.deepEqual(toDocumentPosition({ line: 3, character: 4 }, { line: 2, column: 1 }), { line: 4, character: 0 });
  });
});
