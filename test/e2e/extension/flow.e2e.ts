import * as assert from 'node:assert/strict';
import { suite, suiteSetup, teardown, test } from 'mocha';
import * as vscode from 'vscode';
import type { ResultsModel } from '../../../client/resultsModel.ts';
import { ScriptedPrompts } from './scriptedPrompts.ts';
import { connectToService, eventually, openAplFile, testingApi } from './support.ts';

const resultTabs = () =>
  vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview && tab.input.viewType.endsWith('apl.results'));

suite('Results flow', () => {
  suiteSetup(async () => {
    await connectToService();
    // The last hour up to now: a range that follows the clock, which auto-refresh needs.
    await vscode.commands.executeCommand('apl.selectTimeRange', { kind: 'custom', start: { agoMs: 3_600_000 }, end: { agoMs: 0 } });
  });

  teardown(async () => {
    (await testingApi()).usePrompts(undefined);
    await vscode.workspace.getConfiguration('apl').update('results.autoRefresh', undefined, vscode.ConfigurationTarget.Global);
    await vscode.window.tabGroups.close(resultTabs());
    await eventually('no results panel', async () => !(await testingApi()).results().open);
  });

  test('a pinned panel keeps its results: the next run opens another', async () => {
    const editor = await openAplFile('pin.apl', "['sample-http-logs'] | count\n\n['sample-http-logs'] | summarize count() by method\n");
    const first = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', editor.document.uri, 0);
    assert.ok(first);
    await eventually('one results tab', () => resultTabs().length === 1);
    await vscode.commands.executeCommand('apl.pinResults');
    await eventually('the tab titled as pinned', () => resultTabs()[0]?.label === 'APL Results (pinned)');
    const second = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', editor.document.uri, 2);
    assert.ok(second);
    const labels = await eventually('two results tabs', () => (resultTabs().length === 2 ? resultTabs().map((tab) => tab.label).sort() : undefined));
    assert.deepEqual(labels, ['APL Results', 'APL Results (pinned)']);
    // Without a pin the next run goes to the unpinned panel: still two.
    await vscode.commands.executeCommand('apl.runQuery', editor.document.uri, 0);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    assert.equal(resultTabs().length, 2);
  });

  test('auto-refresh runs the query again while its panel is open, and stops when the panel closes', async function () {
    this.timeout(90_000);
    await vscode.workspace.getConfiguration('apl').update('results.autoRefresh', '10s', vscode.ConfigurationTarget.Global);
    const editor = await openAplFile('refresh.apl', "['sample-http-logs'] | count\n");
    const first = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', editor.document.uri, 0);
    assert.ok(first);
    const api = await testingApi();
    const refreshed = await eventually(
      'a refreshed result',
      () => {
        const model = api.results().model;
        return model && model !== first && Date.parse(model.endTime) >= Date.parse(first.endTime) + 9_000 ? model : undefined;
      },
      30_000,
    );
    assert.equal(refreshed.query, first.query);

    await vscode.window.tabGroups.close(resultTabs());
    await eventually('the panel closed', () => !api.results().open);
    // A refresh after the close would open the panel again.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    assert.equal(api.results().open, false, 'no refresh after the panel closed');
    assert.equal(resultTabs().length, 0);
  });

  test('a relative custom range typed in the picker, and its offer to run the query again', async () => {
    const editor = await openAplFile('range.apl', "['sample-http-logs'] | count\n");
    const first = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', editor.document.uri, 0);
    assert.ok(first);
    const api = await testingApi();
    const prompts = new ScriptedPrompts([
      { pick: ['Custom range…'], title: 'time range' },
      { input: 'now-2h', title: 'custom time range', rejects: ['now-2x', 'now/now-1h', 'ago(-2h)'] },
      { notice: /time range is now now-2h → now\. Run the query again\?/, answer: 'Run Again' },
    ]);
    api.usePrompts(prompts);
    const range = await vscode.commands.executeCommand('apl.selectTimeRange');
    assert.deepEqual(range, { kind: 'custom', start: { agoMs: 7_200_000 }, end: { agoMs: 0 } });
    const rerun = await eventually('the query run again over two hours', () => {
      const model = api.results().model;
      return model && model !== first && Date.parse(model.endTime) - Date.parse(model.startTime) === 7_200_000 ? model : undefined;
    });
    assert.equal(rerun.query, first.query);
    assert.deepEqual(prompts.problems, []);
    assert.equal(prompts.remaining, 0);
  });
});
