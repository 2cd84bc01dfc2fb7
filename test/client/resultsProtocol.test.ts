import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isResultsModel, parseWebviewMessage } from '../../client/resultsProtocol.ts';

describe('webview message validation', () => {
  it('accepts the known messages', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'copy', text: 'a' }), { type: 'copy', text: 'a' });
    assert.deepEqual(parseWebviewMessage({ type: 'export', format: 'ndjson' }), { type: 'export', format: 'ndjson' });
    assert.deepEqual(parseWebviewMessage({ type: 'openJson', json: '{"a":1}' }), { type: 'openJson', json: '{"a":1}' });
    assert.deepEqual(parseWebviewMessage({ type: 'rerun', limit: 10_000 }), { type: 'rerun', limit: 10_000 });
  });

  it('rejects unknown types, wrong fields and extra keys', () => {
    for (const value of [
      null,
      'ready',
      [],
      { type: 'run', query: 'x' },
      { type: 'copy' },
      { type: 'copy', text: 5 },
      { type: 'export', format: 'xlsx' },
      { type: 'export', format: 'csv', path: '/etc/passwd' },
      { type: 'ready', extra: true },
      { type: 'copy', text: 'x'.repeat(16 * 1024 * 1024 + 1) },
      { type: 'openJson', json: 'not json' },
      { type: 'openJson', json: 5 },
      { type: 'openJson', json: '{}', path: '/etc/passwd' },
      { type: 'rerun', limit: 0 },
      { type: 'rerun', limit: 500_001 },
      { type: 'rerun', limit: 2.5 },
      { type: 'rerun', limit: '1000' },
    ]) {
      assert.equal(parseWebviewMessage(value), undefined, JSON.stringify(value)?.slice(0, 80));
    }
  });

  it('recognises a restored results model and refuses other state', () => {
    const model = {
      query: 'q',
      startTime: 'a',
      endTime: 'b',
      matches: { columns: [], rows: [] },
      status: { rowsExamined: 0, rowsMatched: 0, elapsedMs: 0, isPartial: false, messages: [] },
    };
    assert.equal(isResultsModel(model), true);
    assert.equal(isResultsModel({ ...model, matches: { columns: 'x', rows: [] } }), false);
    assert.equal(isResultsModel(undefined), false);
  });
});

describe('webview messages of the run flow', () => {
  it('accepts pin, set token and reveal error, and nothing beside them', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'pin', pinned: true }), { type: 'pin', pinned: true });
    assert.deepEqual(parseWebviewMessage({ type: 'setToken' }), { type: 'setToken' });
    assert.deepEqual(parseWebviewMessage({ type: 'revealError' }), { type: 'revealError' });
    for (const value of [{ type: 'pin' }, { type: 'pin', pinned: 'yes' }, { type: 'setToken', token: 'xaat-1' }, { type: 'revealError', line: 3 }]) {
      assert.equal(parseWebviewMessage(value), undefined, JSON.stringify(value));
    }
  });
});
