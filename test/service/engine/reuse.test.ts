import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analysisReused, parseReused, schemaReused } from '../../../service/engine/reuse.ts';
import type { Column } from '../../../service/engine/compile/types.ts';

const withStatus: Column[] = [
  { name: '_time', type: 'datetime' },
  { name: 'status', type: 'long' },
];
const withoutStatus: Column[] = [{ name: '_time', type: 'datetime' }];

test('the same text against the same columns is analysed once', () => {
  const apl = "['logs'] | where status >= 500";
  const columns = new Map([['logs', withStatus]]);
  const first = analysisReused(parseReused(apl), schemaReused(columns));
  assert.equal(first.error, undefined);
  assert.equal(analysisReused(parseReused(apl), schemaReused(new Map([['logs', withStatus]]))), first);
});

test('other columns are analysed afresh: a field that went away is an error again', () => {
  const apl = "['logs'] | where status >= 400";
  const before = analysisReused(parseReused(apl), schemaReused(new Map([['logs', withStatus]])));
  const after = analysisReused(parseReused(apl), schemaReused(new Map([['logs', withoutStatus]])));
  assert.notEqual(after, before);
  assert.equal(before.error, undefined);
  assert.match(after.error?.message ?? '', /status/);
});
