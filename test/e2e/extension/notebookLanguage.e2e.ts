import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { connectToService, eventually } from './support.ts';

const notebookType = 'apl-notebook';

/** An untitled APL notebook of `cells`, opened by the extension's own serializer (client/notebook). */
function openNotebook(cells: string[]): Thenable<vscode.NotebookDocument> {
  const data = new vscode.NotebookData(cells.map((text) => new vscode.NotebookCellData(vscode.NotebookCellKind.Code, text, 'axiom-apl')));
  return vscode.workspace.openNotebookDocument(notebookType, data);
}

suite('APL notebook cells get the language server', () => {
  suiteSetup(connectToService);

  test('the lets of the cells above are in scope: diagnostics at cell positions, completion and hover', async () => {
    const notebook = await openNotebook([
      "let errors = ['sample-http-logs'] | where status == '500';",
      'errors\n\n| summarize count() by statsu',
    ]);
    await vscode.window.showNotebookDocument(notebook);
    const cell = notebook.cellAt(1).document;

    const diagnostics = await eventually('the diagnostics of cell 2', async () => {
      const found = vscode.languages.getDiagnostics(cell.uri);
      return found.some((diagnostic) => diagnostic.message.includes('statsu')) ? found : undefined;
    });
    assert.equal(diagnostics.length, 1, `only the unknown column, not errors: ${diagnostics.map((each) => each.message).join('; ')}`);
    assert.deepEqual([diagnostics[0].range.start.line, diagnostics[0].range.start.character], [2, 23]);

    const items = await eventually('completions with errors', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', cell.uri, new vscode.Position(0, 3));
      const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
      return labels.includes('errors') ? labels : undefined;
    });
    assert.ok(items.includes('errors'));

    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', cell.uri, new vscode.Position(0, 2));
    const text = hovers.flatMap((hover) => hover.contents.map((part) => (typeof part === 'string' ? part : part.value))).join('\n');
    assert.match(text, /status/, 'the hover of errors shows the columns of the let of cell 1');
  });
});
