import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseWebviewMessage } from '../../client/resultsProtocol.ts';

describe('webview message validation: annotation links', () => {
  it('lets http and https links through to be opened', () => {
    for (const url of ['https://example.com/releases/2.3', 'http://grafana.local:3000/d/x?from=now-1h']) {
      assert.deepEqual(parseWebviewMessage({ type: 'openLink', url }), { type: 'openLink', url });
    }
  });

  it('refuses other schemes, credentials, non-strings, overlong links and extra keys', () => {
    for (const value of [
      { type: 'openLink', url: 'command:workbench.action.terminal.new' },
      { type: 'openLink', url: 'file:///etc/passwd' },
      { type: 'openLink', url: 'javascript:alert(1)' },
      { type: 'openLink', url: 'vscode://settings' },
      { type: 'openLink', url: 'https://user:secret@example.com/' },
      { type: 'openLink', url: 'not a url' },
      { type: 'openLink', url: 5 },
      { type: 'openLink', url: `https://example.com/${'a'.repeat(3000)}` },
      { type: 'openLink', url: 'https://example.com', target: '_blank' },
    ]) {
      assert.equal(parseWebviewMessage(value), undefined, JSON.stringify(value).slice(0, 80));
    }
  });
});
