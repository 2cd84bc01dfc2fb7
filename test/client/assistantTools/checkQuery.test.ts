import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkQuery, describeCheck } from '../../../client/assistantTools/checkQuery.ts';
import type { Schema } from '../../../language/index.ts';

const schema: Schema = { datasets: [{ name: 'logs', fields: [{ name: '_time', type: 'datetime' }, { name: 'status', type: 'string' }] }] };

describe('check_apl', () => {
  it('gives 1-based positions, the candidates, and no output columns when there is an error', () => {
    const check = checkQuery("['logs']\n| where stauts == '500'", schema);
    assert.equal(check.errors, 1);
    assert.deepEqual(
      check.problems.map(({ line, column, code, didYouMean }) => ({ line, column, code, didYouMean })),
      [{ line: 2, column: 9, code: 'unknown-column', didYouMean: ['status'] }],
    );
    assert.equal(check.columns, undefined);
  });

  it('a valid query gets the columns and types of its result', () => {
    const check = checkQuery("['logs'] | summarize n = count() by status", schema);
    assert.equal(describeCheck(check), 'The query is valid.\n\nOutput columns:\nstatus: string, n: long');
  });

  it('a blank line inside the text is a second query, and an error', () => {
    const check = checkQuery("['logs']\n\n| take 1", schema);
    assert.ok(check.problems.some((problem) => problem.code === 'several-queries' && problem.line === 3));
  });

  it('says when no schema was known', () => {
    assert.match(describeCheck(checkQuery("['logs'] | take 1", undefined)), /without the service's schema/);
  });
});
