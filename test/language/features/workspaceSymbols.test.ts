import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findSymbols } from '../../../language/features/workspaceSymbols.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';

const text = "let errorThreshold = 500;\nlet slowRequests = ['logs'] | where duration > 1s;\n['logs'] | where status >= errorThreshold | count\n\n['traces'] | take 5";
const names = (query: string) => findSymbols(parseDocument(text), query).map((found) => `${found.symbol.name}${found.containerName ? ` in ${found.containerName}` : ''}`);

describe('workspace symbols of a document', () => {
  it('lists its queries and let names, not the stages of its pipelines', () => {
    const all = names('');
    assert.equal(all.length, 4, JSON.stringify(all));
    assert.ok(all.some((name) => name.startsWith('errorThreshold in ')), JSON.stringify(all));
    assert.ok(all.some((name) => name.startsWith('slowRequests in ')), JSON.stringify(all));
    assert.ok(all.some((name) => name.startsWith("['traces']")), JSON.stringify(all));
    assert.ok(!all.some((name) => name.startsWith('where')), JSON.stringify(all));
  });

  it('keeps the names that hold the typed characters in order, ignoring case', () => {
    // A query is named by its first line, which here is the let.
    assert.deepEqual(names('ETHR').map((name) => name.split(' in ')[0]), ['let errorThreshold = 500;', 'errorThreshold']);
    assert.deepEqual(names('slwreq').map((name) => name.split(' in ')[0]), ['slowRequests']);
    assert.deepEqual(names('thresholdx'), []);
  });
});
