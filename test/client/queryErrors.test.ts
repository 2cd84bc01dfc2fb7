import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { errorFromResponse } from '../../client/connection.ts';
import { describeFailedRun } from '../../client/queryErrors.ts';

describe('the error banner of a failed run', () => {
  // What the service answers for `where nosuchfield == 'x'` on the query's second line.
  const compileError = errorFromResponse(
    400,
    JSON.stringify({ code: 400, message: "line: 2, col: 9: unknown column 'nosuchfield'", detail: { line: 2, column: 9, message: "unknown column 'nosuchfield'" } }),
  );

  it('gives the line and column of the squiggle: the query-relative position moved to where the block starts', () => {
    // The block starts on the editor's line 5 (zero-based 4).
    assert.deepEqual(describeFailedRun(compileError, { line: 4, character: 0 }), {
      message: "Line 6, column 9: unknown column 'nosuchfield'",
      position: { line: 6, column: 9 },
    });
  });

  it('moves the first line by the column a selection starts at', () => {
    const firstLine = errorFromResponse(400, JSON.stringify({ message: 'x', detail: { line: 1, column: 3, message: 'bad token' } }));
    assert.deepEqual(describeFailedRun(firstLine, { line: 2, character: 10 }), { message: 'Line 3, column 13: bad token', position: { line: 3, column: 13 } });
  });

  it('says a 401 means the token was rejected and offers Set Token', () => {
    const banner = describeFailedRun(errorFromResponse(401, JSON.stringify({ code: 401, message: 'invalid token' })), { line: 0, character: 0 });
    assert.equal(banner.action, 'setToken');
    assert.match(banner.message, /rejected the token \(401: invalid token\)/);
  });

  it('keeps other errors as the service worded them, with their status', () => {
    assert.deepEqual(describeFailedRun(errorFromResponse(500, 'boom'), { line: 3, character: 0 }), { message: '500: boom' });
    assert.deepEqual(describeFailedRun({ message: 'connect ECONNREFUSED' }, undefined), { message: 'connect ECONNREFUSED' });
  });
});
