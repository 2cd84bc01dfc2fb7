import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { closestName } from '../../../language/analysis/suggestions.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';

describe('closestName', () => {
  const columns = ['status', 'req_duration_ms', 'method', 'geo.city'];

  it('prefers a name that differs only in case', () => {
    assert.equal(closestName('Status', columns), 'status');
  });

  it('finds a typo within a third of the length', () => {
    assert.equal(closestName('req_duraton_ms', columns), 'req_duration_ms');
    assert.equal(closestName('mehtod', columns), 'method');
  });

  it('suggests nothing for an unrelated name', () => {
    assert.equal(closestName('user_agent', columns), undefined);
    assert.equal(closestName('x', columns), undefined);
  });
});

describe('unknown names come with a suggestion', () => {
  const schema = { datasets: [{ name: 'sample-http-logs', fields: [{ name: 'status', type: 'string' }] }] };
  const messages = (text: string) => analyzeDocument(parseDocument(text), schema).diagnostics.map((d) => d.message);

  it('for columns, datasets and functions', () => {
    assert.deepEqual(messages("['sample-http-log'] | count"), ["Unknown dataset 'sample-http-log'. Did you mean 'sample-http-logs'?"]);
    assert.deepEqual(messages("['sample-http-logs'] | where Status == '1'"), ["Unknown column 'Status'. Did you mean 'status'?"]);
    assert.deepEqual(messages("['sample-http-logs'] | extend x = tolowr(status)"), ["Unknown function 'tolowr'. Did you mean 'tolower'?"]);
  });
});
