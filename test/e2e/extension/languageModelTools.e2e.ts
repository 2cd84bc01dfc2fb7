import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { toolNames } from '../../../client/languageModelTools/toolNames.ts';
import { connectToService, service } from './support.ts';

/** VS Code's tool API (1.95+), which the @types/vscode the extension builds against predates. */
interface LmTools {
  tools: readonly { name: string; inputSchema?: unknown }[];
  invokeTool(name: string, options: { input: object; toolInvocationToken: undefined }): Thenable<{ content: unknown[] }>;
}
const lm = (vscode as unknown as { lm: LmTools }).lm;

async function invoke(name: string, input: object): Promise<string> {
  const result = await lm.invokeTool(name, { input, toolInvocationToken: undefined });
  const text = result.content.map((part) => (part as { value?: unknown }).value ?? '').join('');
  assert.ok(!text.includes(service.token), 'the token never reaches the model');
  return text;
}

suite('Language model tools', () => {
  suiteSetup(async () => {
    await connectToService();
  });

  test('the four APL tools are registered with their input schemas', () => {
    for (const name of Object.values(toolNames)) {
      const tool = lm.tools.find((candidate) => candidate.name === name);
      assert.ok(tool, `${name} is registered`);
      assert.equal((tool.inputSchema as { type?: string } | undefined)?.type, 'object');
    }
  });

  test('apl_list_datasets and apl_get_dataset_schema read the connected service', async () => {
    const datasets = await invoke(toolNames.listDatasets, {});
    assert.match(datasets, /\| sample-http-logs \| Synthetic web-server access log/);
    const schema = await invoke(toolNames.datasetSchema, { dataset: 'sample-http-logs' });
    assert.match(schema, /\| geo\.city \| string \|/);
    await assert.rejects(invoke(toolNames.datasetSchema, { dataset: 'sample-http-log' }), /Did you mean 'sample-http-logs'\?/);
  });

  test('apl_check_apl gives the position and the suggestion of a misspelt column, and a valid query’s columns', async () => {
    const misspelt = await invoke(toolNames.check, { apl: "['sample-http-logs']\n| where stauts == '500'" });
    assert.match(misspelt, /line 2, column 9: error \[unknown-column\]: Unknown column 'stauts'\. Did you mean 'status'\?/);
    const valid = await invoke(toolNames.check, { apl: "['sample-http-logs'] | summarize n = count() by method" });
    assert.match(valid, /Output columns:\nmethod: string, n: long/);
  });

  test('apl_run_apl runs a valid query against the local service without asking, and refuses one with errors', async () => {
    const table = await invoke(toolNames.run, { apl: "['sample-http-logs'] | summarize n = count() by method | sort by method asc", since: '7d' });
    assert.match(table, /rows examined/);
    assert.match(table, /\| method \| n \|\n\| --- \| --- \|\n\| [A-Z]+ \| \d+ \|/);
    await assert.rejects(invoke(toolNames.run, { apl: "['sample-http-logs'] | summarize count() by methd" }), /Not run: The query has 1 error:[^]*column 45[^]*Did you mean 'method'\?/);
  });
});
