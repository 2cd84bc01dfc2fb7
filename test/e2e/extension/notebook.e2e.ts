import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { parseExact } from '../../../wire/exactJson.ts';
import { parseNotebook, serializeNotebook } from '../../../client/notebook/format.ts';
import { decodeTable, isWireTable, type WireModel } from '../../../client/resultsWire.ts';
import { callService, connectToService, eventually, openAplFile } from './support.ts';

const resultsMime = 'application/vnd.apl.results+json';
const errorMime = 'application/vnd.code.notebook.error';

suite('APL notebook', () => {
  // A fixed window, so the cells and the direct calls below read the same events.
  const end = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const range = { kind: 'absolute', start: new Date(end.getTime() - 6 * 3_600_000).toISOString(), end: end.toISOString() };
  const letCell = "let byMethod = ['sample-http-logs']\n| summarize requests = count() by method;\nbyMethod\n| order by method asc";
  const usingCell = 'byMethod\n| where requests > 0\n| summarize methods = count()';
  const badCell = 'byMethod\n| where nosuchcolumn > 1';

  suiteSetup(async () => {
    await connectToService();
  });

  test('notebook: runs all cells on the local service, with the lets of cells above in scope, and saves the outputs', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the test runner opens a workspace folder');
    const uri = vscode.Uri.joinPath(folder, 'investigation.apl-notebook');
    const file = serializeNotebook({
      metadata: {},
      cells: [
        { kind: 'markdown', source: '# Requests\n\nPer method.' },
        { kind: 'apl', source: letCell },
        { kind: 'apl', source: usingCell },
        { kind: 'apl', source: badCell },
      ],
    });
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(file));
    const notebook = await vscode.workspace.openNotebookDocument(uri);
    assert.equal(notebook.notebookType, 'apl-notebook');
    await vscode.window.showNotebookDocument(notebook);
    assert.deepEqual(await vscode.commands.executeCommand('apl.setNotebookTimeRange', range), { start: range.start, end: range.end });
    assert.deepEqual(notebook.metadata.timeRange, { start: range.start, end: range.end }, 'the time range is in the notebook metadata');

    await vscode.commands.executeCommand('notebook.selectKernel', { id: 'apl-notebook-controller', extension: 'apl-tools.apl-tools' });
    await vscode.commands.executeCommand('notebook.execute');
    const [markdown, first, second, bad] = notebook.getCells();
    await eventually('every APL cell has run', () => [first, second, bad].every((cell) => cell.executionSummary?.success !== undefined) || undefined);

    assert.equal(markdown.outputs.length, 0, 'markdown cells are not run');
    assert.equal(markdown.executionSummary?.executionOrder, undefined);
    assert.equal(first.executionSummary?.success, true);
    assert.equal(second.executionSummary?.success, true);
    assert.equal(bad.executionSummary?.success, false);
    const orders = [first, second, bad].map((cell) => cell.executionSummary?.executionOrder ?? 0);
    assert.deepEqual(orders, [orders[0], orders[0] + 1, orders[0] + 2], 'run in order, one after another');
    for (const cell of [first, second, bad]) {
      const timing = cell.executionSummary?.timing;
      assert.ok(timing && timing.endTime >= timing.startTime && timing.startTime > 0, 'the run time shows');
    }

    const firstModel = wireModelOf(first);
    const direct = await rowsFromService(letCell);
    assert.deepEqual(decodeTable(firstModel.matches).rows, direct, 'the first cell gives the rows the service gives for it');
    assert.ok(direct.length > 1);
    const secondModel = wireModelOf(second);
    assert.deepEqual(decodeTable(secondModel.matches).columns.map((column) => column.name), ['methods']);
    assert.deepEqual(decodeTable(secondModel.matches).rows, await rowsFromService(`${letCell.split(';')[0]};\n${usingCell}`), 'the let of the cell above is in scope');
    assert.deepEqual(decodeTable(secondModel.matches).rows, [[direct.length]]);

    assert.equal(bad.outputs.length, 1);
    const [errorItem] = bad.outputs[0].items;
    assert.equal(errorItem.mime, errorMime);
    const error = JSON.parse(new TextDecoder().decode(errorItem.data)) as { message: string };
    assert.match(error.message, /^Line 2, column \d+: .*nosuchcolumn/, 'the position is in the cell\'s own lines');

    assert.equal(await notebook.save(), true);
    const saved = parseNotebook(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
    assert.deepEqual(saved.metadata.timeRange, { start: range.start, end: range.end });
    assert.equal(saved.cells[1].outputs?.[0]?.mime, resultsMime);
    assert.deepEqual(saved.cells[1].outputs?.[0]?.data, parseExact(new TextDecoder().decode(first.outputs[0].items[0].data)), 'the results are in the file');
    assert.deepEqual(saved.cells[1].execution?.order, orders[0]);
    assert.equal(saved.cells[1].execution?.success, true);
    assert.equal(saved.cells[3].outputs?.[0]?.mime, errorMime);
    assert.equal(saved.cells[0].outputs, undefined);

    // With apl.notebook.saveOutputs off, the file keeps the cells and the metadata but no outputs.
    const settings = vscode.workspace.getConfiguration('apl');
    await settings.update('notebook.saveOutputs', false, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await vscode.commands.executeCommand('apl.setNotebookConnection', 'local'), 'local');
      assert.equal(notebook.metadata.connection, 'local');
      assert.equal(await notebook.save(), true);
      const stripped = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      assert.doesNotMatch(stripped, /"outputs"|"execution"/);
      const reread = parseNotebook(stripped);
      assert.deepEqual(reread.metadata, { connection: 'local', timeRange: { start: range.start, end: range.end } });
      assert.deepEqual(reread.cells.map((cell) => cell.source), [saved.cells[0].source, letCell, usingCell, badCell]);
      assert.equal(first.outputs.length, 1, 'the outputs stay in the open notebook');
    } finally {
      await settings.update('notebook.saveOutputs', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('notebook: an .apl file opens as a notebook and exports back to the same text', async () => {
    const text = "// # Requests\n\n// per method\n['sample-http-logs']\n| summarize count() by method\n\n['sample-http-logs'] | take 1\n";
    await openAplFile('queries.apl', text);
    const notebook = await vscode.commands.executeCommand<vscode.NotebookDocument>('apl.openAsNotebook');
    assert.equal(notebook.notebookType, 'apl-notebook');
    assert.deepEqual(
      notebook.getCells().map((cell) => [cell.kind === vscode.NotebookCellKind.Code ? cell.document.languageId : 'markdown', cell.document.getText()]),
      [
        ['markdown', '# Requests'],
        ['axiom-apl', "// per method\n['sample-http-logs']\n| summarize count() by method"],
        ['axiom-apl', "['sample-http-logs'] | take 1"],
      ],
    );
    const exported = await vscode.commands.executeCommand<vscode.TextDocument>('apl.exportNotebook');
    assert.equal(exported.languageId, 'axiom-apl');
    assert.equal(exported.getText(), text);
  });

  async function rowsFromService(apl: string): Promise<unknown[][]> {
    const reply = await callService('POST', '/v1/datasets/_apl?format=tabular', { apl, startTime: range.start, endTime: range.end });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const [table] = reply.body.tables as { columns: unknown[][] }[];
    return (table.columns[0] ?? []).map((_, row) => table.columns.map((column) => column[row]));
  }
});

function wireModelOf(cell: vscode.NotebookCell): WireModel {
  assert.equal(cell.outputs.length, 1);
  const [item] = cell.outputs[0].items;
  assert.equal(item.mime, resultsMime);
  const model = parseExact(new TextDecoder().decode(item.data)) as WireModel;
  assert.ok(isWireTable(model.matches), 'the output is a WireModel');
  return model;
}
