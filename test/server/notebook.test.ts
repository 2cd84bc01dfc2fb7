import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  CodeAction,
  CompletionItem,
  CompletionList,
  Diagnostic,
  DocumentSymbol,
  Hover,
  InitializeResult,
  Location,
  MarkupContent,
  Range,
  SemanticTokens,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Schema } from '../../language/index.ts';
import { builtBundle } from '../support/build.ts';
import { LspTestClient } from './lspClient.ts';

const schema: Schema = {
  datasets: [{ name: 'logs', fields: [{ name: 'status', type: 'integer' }, { name: 'uri', type: 'string' }] }],
};

const code = 2; // NotebookCellKind.Code

function applyEdits(text: string, edits: TextEdit[]): string {
  const document = TextDocument.create('file:///x', 'axiom-apl', 0, text);
  return TextDocument.applyEdits(document, edits);
}
let notebookCounter = 0;

/** A notebook of APL cells as the VS Code client sends it (only the cells its selector matches). */
class Notebook {
  readonly uri = `file:///workspace/investigation-${++notebookCounter}.apl-notebook`;
  private version = 1;
  private readonly versions: number[];

  constructor(
    private readonly client: LspTestClient,
    readonly cells: string[],
  ) {
    this.versions = cells.map(() => 1);
  }

  cellUri(index: number): string {
    return `vscode-notebook-cell:/workspace/investigation-${notebookCounter}.apl-notebook#cell${index}`;
  }

  open(): void {
    this.client.notify('notebookDocument/didOpen', {
      notebookDocument: {
        uri: this.uri,
        notebookType: 'apl-notebook',
        version: this.version,
        cells: this.cells.map((_, index) => ({ kind: code, document: this.cellUri(index) })),
      },
      cellTextDocuments: this.cells.map((text, index) => ({ uri: this.cellUri(index), languageId: 'axiom-apl', version: 1, text })),
    });
  }

  close(): void {
    this.client.notify('notebookDocument/didClose', {
      notebookDocument: { uri: this.uri },
      cellTextDocuments: this.cells.map((_, index) => ({ uri: this.cellUri(index) })),
    });
  }

  /** Replaces a cell's whole text, as one content change. */
  edit(index: number, text: string): void {
    this.cells[index] = text;
    this.client.notify('notebookDocument/didChange', {
      notebookDocument: { uri: this.uri, version: ++this.version },
      change: {
        cells: {
          textContent: [{ document: { uri: this.cellUri(index), version: ++this.versions[index] }, changes: [{ text }] }],
        },
      },
    });
  }
}

describe('APL notebook cells over stdio', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  let initializeResult: InitializeResult;

  before(async () => {
    client = LspTestClient.overStdio(builtBundle('server.js'));
    initializeResult = await client.initialize({ textDocument: { rename: { prepareSupport: true } } }, { schema });
  });

  after(() => client?.dispose());

  /** Opens a notebook and waits for the diagnostics of all its cells. */
  async function openNotebook(cells: string[]): Promise<{ notebook: Notebook; diagnostics: Diagnostic[][] }> {
    const notebook = new Notebook(client, cells);
    const mark = client.mark();
    notebook.open();
    const diagnostics = await Promise.all(cells.map((_, index) => client.diagnosticsAfter(mark, notebook.cellUri(index))));
    return { notebook, diagnostics: diagnostics.map((published) => published.diagnostics) };
  }

  const letCell = "let errors = ['logs'] | where status >= 500;";
  const useCell = 'errors | summarize count() by status';
  // Blank lines do not split a cell: this is one query, whose unknown column is on the cell's third line.
  const typoCell = 'errors\n\n| summarize count() by statsu';

  it('syncs the APL cells of APL notebooks', () => {
    assert.deepEqual(initializeResult.capabilities.notebookDocumentSync, {
      notebookSelector: [{ notebook: { notebookType: 'apl-notebook' }, cells: [{ language: 'axiom-apl' }] }],
    });
  });

  it('knows the lets of the cells above, and reports a cell problem where it is in the cell', async () => {
    const { diagnostics } = await openNotebook([letCell, useCell, typoCell]);
    assert.deepEqual(diagnostics[0], []);
    assert.deepEqual(diagnostics[1], [], 'errors is the let of cell 1');
    assert.equal(diagnostics[2].length, 1, JSON.stringify(diagnostics[2]));
    assert.match(diagnostics[2][0].message as string, /statsu/);
    assert.deepEqual(diagnostics[2][0].range, { start: { line: 2, character: 23 }, end: { line: 2, character: 29 } });
  });

  it('completes, hovers and colours with the lets of the cells above, at the cell positions', async () => {
    const { notebook } = await openNotebook([letCell, useCell]);
    const textDocument = { uri: notebook.cellUri(1) };

    const completion = await client.request<CompletionItem[] | CompletionList>('textDocument/completion', { textDocument, position: { line: 0, character: 3 } });
    const items = Array.isArray(completion) ? completion : completion.items;
    const errors = items.find((item) => item.label === 'errors');
    assert.ok(errors, `errors is offered: ${items.map((item) => item.label).join(', ')}`);
    if (errors.textEdit && 'range' in errors.textEdit) {
      assert.deepEqual(errors.textEdit.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } });
    }

    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument, position: { line: 0, character: 2 } });
    assert.ok(hover, 'a hover over errors');
    assert.match((hover.contents as MarkupContent).value, /errors/);
    assert.match((hover.contents as MarkupContent).value, /status/, 'the columns of the let of cell 1');
    assert.deepEqual(hover.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } });

    // The first token is `errors` at the cell's start: no token of the prelude comes before it.
    const tokens = await client.request<SemanticTokens>('textDocument/semanticTokens/full', { textDocument });
    assert.deepEqual(tokens.data.slice(0, 3), [0, 0, 6]);
  });

  it('offers quick fixes at the cell positions', async () => {
    const { notebook, diagnostics } = await openNotebook([letCell, typoCell]);
    const textDocument = { uri: notebook.cellUri(1) };
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument,
      range: diagnostics[1][0].range,
      context: { diagnostics: diagnostics[1] },
    });
    const fix = actions.find((action) => action.kind === 'quickfix');
    assert.ok(fix, JSON.stringify(actions));
    assert.deepEqual(fix.edit?.changes?.[notebook.cellUri(1)], [
      { range: { start: { line: 2, character: 23 }, end: { line: 2, character: 29 } }, newText: 'status' },
    ]);

  });

  it('formats a cell as one query, without the line break a document ends with', async () => {
    const cell = 'errors\n|   where status>500\n\n| summarize count() by status';
    const { notebook } = await openNotebook([letCell, cell]);
    const textDocument = { uri: notebook.cellUri(1) };
    const edits = await client.request<TextEdit[]>('textDocument/formatting', { textDocument, options: { tabSize: 2, insertSpaces: true } });
    assert.equal(applyEdits(cell, edits), 'errors\n| where status > 500\n\n| summarize count() by status');

    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument });
    assert.equal(symbols.length, 1, `the blank line does not split the cell: ${JSON.stringify(symbols)}`);
  });

  it('goes to a let of the cell itself', async () => {
    const { notebook } = await openNotebook([letCell, 'let bad = errors | where uri == "/";\nbad']);
    const textDocument = { uri: notebook.cellUri(1) };
    const location = await client.request<Location | null>('textDocument/definition', { textDocument, position: { line: 1, character: 1 } });
    assert.deepEqual(location, { uri: notebook.cellUri(1), range: { start: { line: 0, character: 4 }, end: { line: 0, character: 7 } } });
  });

  it('renames a let of a cell above in that cell and in the cells below that use it', async () => {
    const hiding = "let errors = ['logs'];\nerrors | take 1";
    const { notebook } = await openNotebook([letCell, 'errors | count', hiding, 'errors | summarize count() by status']);
    const textDocument = { uri: notebook.cellUri(1) };
    const prepared = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', { textDocument, position: { line: 0, character: 2 } });
    assert.deepEqual(prepared, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 6 } }, placeholder: 'errors' });

    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument, position: { line: 0, character: 2 }, newName: 'failures' });
    const rename = (line: number, character: number) => ({ range: { start: { line, character }, end: { line, character: character + 6 } }, newText: 'failures' });
    // Cell 3 defines its own errors, which cell 4 uses: neither is touched.
    assert.deepEqual(edit.changes, { [notebook.cellUri(0)]: [rename(0, 4)], [notebook.cellUri(1)]: [rename(0, 0)] });
  });

  it('finds the uses of a let in the cells below that use it', async () => {
    const hiding = "let errors = ['logs'];\nerrors | take 1";
    const { notebook } = await openNotebook([letCell, 'errors | count', hiding, 'errors | summarize count() by status']);
    const references = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: notebook.cellUri(0) },
      position: { line: 0, character: 5 },
      context: { includeDeclaration: true },
    });
    const at = (cell: number, character: number) => ({ uri: notebook.cellUri(cell), range: { start: { line: 0, character }, end: { line: 0, character: character + 6 } } });
    assert.deepEqual(references, [at(0, 4), at(1, 0)]);
  });

  it('goes from a let of a cell above to where that cell defines it', async () => {
    const defining = "let threshold = 500;\n\nlet errors = ['logs']\n| where status >= threshold;\nerrors | take 5";
    const { notebook } = await openNotebook([defining, "['logs'] | take 1", 'errors | count']);
    const location = await client.request<Location | null>('textDocument/definition', { textDocument: { uri: notebook.cellUri(2) }, position: { line: 0, character: 1 } });
    assert.deepEqual(location, { uri: notebook.cellUri(0), range: { start: { line: 2, character: 4 }, end: { line: 2, character: 10 } } });
  });

  it('diagnoses the cells below again when a cell above changes', async () => {
    const { notebook } = await openNotebook([letCell, useCell]);
    const mark = client.mark();
    notebook.edit(0, "let failures = ['logs'] | where status >= 500;");
    const published = await client.diagnosticsAfter(mark, notebook.cellUri(1), (params) => params.diagnostics.length > 0);
    assert.equal(published.diagnostics.length, 1, JSON.stringify(published.diagnostics));
    assert.match(published.diagnostics[0].message as string, /errors/);
    assert.deepEqual(published.diagnostics[0].range.start, { line: 0, character: 0 });

    const back = client.mark();
    notebook.edit(0, letCell);
    const cleared = await client.diagnosticsAfter(back, notebook.cellUri(1));
    assert.deepEqual(cleared.diagnostics, []);
  });

  it('leaves the cells above alone when a cell below changes', async () => {
    const { notebook } = await openNotebook([letCell, useCell]);
    const mark = client.mark();
    notebook.edit(1, `${useCell} | take 3`);
    await client.diagnosticsAfter(mark, notebook.cellUri(1));
    assert.deepEqual(client.publicationsAfter(mark, notebook.cellUri(0)), []);
  });

  it('clears the diagnostics of a closed notebook', async () => {
    const { notebook } = await openNotebook([letCell, typoCell]);
    const mark = client.mark();
    notebook.close();
    const cleared = await client.diagnosticsAfter(mark, notebook.cellUri(1));
    assert.deepEqual(cleared.diagnostics, []);
  });
});
