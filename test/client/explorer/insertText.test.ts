import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { datasetReference, fieldReference, newQueryText } from '../../../client/explorer/insertText.ts';

test('a field is inserted bare when it can be, bracket-quoted otherwise', () => {
  assert.equal(fieldReference('status'), 'status');
  assert.equal(fieldReference('_time'), '_time');
  assert.equal(fieldReference('geo.city'), "['geo.city']");
  assert.equal(fieldReference('content-type'), "['content-type']");
  assert.equal(fieldReference('by'), "['by']", 'a keyword');
  assert.equal(fieldReference("it's"), "['it\\'s']", 'a quote is escaped');
});

test('a dataset is always bracket-quoted', () => {
  assert.equal(datasetReference('sample-http-logs'), "['sample-http-logs']");
  assert.equal(datasetReference('logs'), "['logs']");
});

test('a new query on a dataset reads its last hour', () => {
  assert.equal(newQueryText('sample-http-logs'), "['sample-http-logs']\n| where _time > ago(1h)\n| take 100\n");
});
