import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import type { ResultsModel } from '../../../client/resultsModel.ts';
import { callService, connectToService, eventually, openAplFile, testingApi } from './support.ts';

suite('Run Query', () => {
  // A fixed window, so the command and the direct call below read the same events.
  const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const range = { kind: 'absolute', start: new Date(end.getTime() - 6 * 3_600_000).toISOString(), end: end.toISOString() };

  suiteSetup(async () => {
    await connectToService();
    await vscode.commands.executeCommand('apl.selectTimeRange', range);
  });

  test('runs the block under the cursor and the results panel gets its rows', async () => {
    const query = "// requests per method\n['sample-http-logs']\n| summarize requests = count() by method\n| order by method asc";
    const editor = await openAplFile('run.apl', `${query}\n\n['otel-demo-traces'] | take 1\n`);
    editor.selection = new vscode.Selection(2, 3, 2, 3);
    const model = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery');
    assert.ok(model, 'the command gives the results it showed');
    assert.equal(model.query, query, 'the block under the cursor ran, up to the blank line');
    assert.deepEqual(model.matches.columns.map((column) => column.name), ['method', 'requests']);
    assert.ok(model.matches.rows.length > 1);

    const direct = await callService('POST', '/v1/datasets/_apl?format=tabular', { apl: query, startTime: range.start, endTime: range.end });
    assert.equal(direct.status, 200);
    const [table] = direct.body.tables as { columns: unknown[][] }[];
    assert.deepEqual(model.matches.rows, table.columns[0].map((_, row) => table.columns.map((column) => column[row])), 'the same rows as the service gives');

    const panel = (await testingApi()).results();
    assert.equal(panel.open, true, 'the results panel is open');
    assert.deepEqual(panel.model?.matches.rows, model.matches.rows);
    // The workbench adds the webview's tab a moment after the extension host created the panel.
    const tab = await eventually('a results tab', () =>
      vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((each) => each.input instanceof vscode.TabInputWebview && each.input.viewType.endsWith('apl.results')),
    );
    assert.equal(tab.label, 'APL Results');
  });

  test('a time-bucketed summary gives a chart series', async () => {
    const editor = await openAplFile('chart.apl', "['sample-http-logs'] | summarize count() by bin(_time, 10m)\n");
    const model = await vscode.commands.executeCommand<ResultsModel | undefined>('apl.runQuery', editor.document.uri, 0);
    assert.ok(model?.chart, 'a chart');
    assert.ok(model.chart.times.length >= 30, `${model.chart.times.length} buckets over 6 hours`);
    assert.equal(model.chart.series.length, 1);
    const total = model.chart.series[0].values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
    const direct = await callService('POST', '/v1/datasets/_apl?format=tabular', { apl: "['sample-http-logs'] | count", startTime: range.start, endTime: range.end });
    assert.equal(total, Number(direct.body.tables[0].columns[0][0]), 'the buckets add up to the count');
  });
});
