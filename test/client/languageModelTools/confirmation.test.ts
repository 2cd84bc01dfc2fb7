import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { runConfirmation } from '../../../client/languageModelTools/confirmation.ts';
import { toolNames } from '../../../client/languageModelTools/toolNames.ts';

describe('language-model tools', () => {
  it('ask before a query runs against a service that is not on this machine', () => {
    assert.equal(runConfirmation('http://127.0.0.1:8080', "['logs'] | count", 'last 1h'), undefined);
    assert.equal(runConfirmation('http://localhost:9000/', "['logs'] | count", 'last 1h'), undefined);
    const remote = runConfirmation('https://api.axiom.co', "['logs'] | count", 'last 1h');
    assert.ok(remote);
    assert.match(remote.message, /against \*\*https:\/\/api\.axiom\.co\*\* \(last 1h\):\n\n```axiom-apl\n\['logs'\] \| count\n```/);
    assert.ok(runConfirmation('not a url', 'x', 'last 1h'), 'a URL that does not parse is not local');
    assert.match(runConfirmation('https://example.com', 'a\n```\nb', '')!.message, /~~~~axiom-apl\na\n```\nb\n~~~~/, 'a fence in the query cannot close the block');
  });

  it('package.json contributes each registered tool, with an activation event and an object input schema', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
    const contributed = manifest.contributes.languageModelTools as { name: string; modelDescription: string; inputSchema: { type: string } }[];
    assert.deepEqual(contributed.map((tool) => tool.name).sort(), Object.values(toolNames).sort());
    for (const tool of contributed) {
      assert.ok(manifest.activationEvents.includes(`onLanguageModelTool:${tool.name}`), tool.name);
      assert.equal(tool.inputSchema.type, 'object');
      assert.ok(tool.modelDescription.length > 80);
    }
  });
});
