import * as assert from 'node:assert/strict';
import { suite, suiteSetup, test } from 'mocha';
import * as vscode from 'vscode';
import { connectToService, eventually, openAplFile, testingApi } from './support.ts';

suite('Service errors', () => {
  suiteSetup(connectToService);

  test('an unknown column becomes a diagnostic on its name', async () => {
    const text = "// an unknown column\n\n['sample-http-logs']\n| where req_duration_ms > 100\n| where nosuchfield == 'x'\n";
    const editor = await openAplFile('error.apl', text);
    const before = (await testingApi()).results().model;
    const model = await vscode.commands.executeCommand('apl.runQuery', editor.document.uri, 3);
    assert.equal(model, undefined, 'no results');
    const diagnostic = await eventually('the service diagnostic', () =>
      vscode.languages.getDiagnostics(editor.document.uri).find((each) => each.source === 'apl service'),
    );
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.range.start.line, 4);
    assert.equal(editor.document.getText(diagnostic.range), 'nosuchfield');
    assert.match(diagnostic.message, /nosuchfield/);
    assert.equal((await testingApi()).results().model, before, 'the panel keeps the results it had');
  });

  test('a later successful run clears it', async () => {
    const editor = await openAplFile('fixed.apl', "['sample-http-logs']\n| where nosuchfield == 'x'\n");
    await vscode.commands.executeCommand('apl.runQuery', editor.document.uri, 0);
    await eventually('the diagnostic', () => vscode.languages.getDiagnostics(editor.document.uri).find((each) => each.source === 'apl service'));
    await editor.edit((edit) => edit.replace(new vscode.Range(1, 8, 1, 19), 'status'));
    const model = await vscode.commands.executeCommand('apl.runQuery', editor.document.uri, 0);
    assert.ok(model);
    assert.equal(vscode.languages.getDiagnostics(editor.document.uri).filter((each) => each.source === 'apl service').length, 0);
  });
});
