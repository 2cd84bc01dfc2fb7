/**
 * A "Run" CodeLens above each query block of an APL document. None in a notebook's cells: a cell
 * runs with the notebook's own Run (with the `let`s of the cells above), not in the results panel.
 */
import * as vscode from 'vscode';
import { queryBlocks } from './queryBlocks.ts';

export class RunQueryCodeLensProvider implements vscode.CodeLensProvider {
  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (document.uri.scheme === 'vscode-notebook-cell') return [];
    const lines = Array.from({ length: document.lineCount }, (_, index) => document.lineAt(index).text);
    return queryBlocks(lines).map(
      (block) =>
        new vscode.CodeLens(new vscode.Range(block.startLine, 0, block.startLine, 0), {
          title: '$(play) Run',
          tooltip: 'Run this query (Ctrl+Enter)',
          command: 'apl.runQuery',
          arguments: [document.uri, block.startLine],
        }),
    );
  }
}
