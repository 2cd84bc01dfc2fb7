import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { connectToService, eventually, openAplFile } from './support.ts';

suite('Completion against the service schema', () => {
  suiteSetup(connectToService);

  test('offers the fields of sample-http-logs after where', async () => {
    const editor = await openAplFile('completion.apl', "['sample-http-logs']\n| where ");
    const position = new vscode.Position(1, 8);
    const items = await eventually('field completions', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, position);
      return list.items.some((item) => label(item) === 'req_duration_ms') ? list.items : undefined;
    });
    const field = items.find((item) => label(item) === 'req_duration_ms')!;
    assert.equal(field.kind, vscode.CompletionItemKind.Field);
    // Fields of the other demo dataset are not offered for this one.
    assert.ok(!items.some((item) => label(item) === 'trace_id'), 'trace_id belongs to otel-demo-traces');
    for (const name of ['status', 'method', 'uri']) assert.ok(items.some((item) => label(item) === name), `${name} is offered`);
  });

  test('offers the dataset names inside a bracketed name', async () => {
    const editor = await openAplFile('datasets.apl', "['");
    const items = await eventually('dataset completions', async () => {
      const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', editor.document.uri, new vscode.Position(0, 2));
      const labels = list.items.map(label);
      return labels.some((each) => each.includes('otel-demo-traces')) ? labels : undefined;
    });
    assert.ok(items.some((each) => each.includes('sample-http-logs')), `sample-http-logs among ${items.join(', ')}`);
  });
});

function label(item: vscode.CompletionItem): string {
  return typeof item.label === 'string' ? item.label : item.label.label;
}
