import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DocumentHighlightKind,
  LSPErrorCodes,
  type DocumentHighlight,
  type InitializeResult,
  type Location,
  type Position,
  type Range,
  type WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import type { Schema } from '../../language/index.ts';
import { builtBundle } from '../support/build.ts';
import { LspTestClient } from './lspClient.ts';

const schema: Schema = {
  datasets: [{ name: 'sample-http-logs', fields: [{ name: 'status', type: 'string' }, { name: 'req_duration_ms', type: 'float' }] }],
};

const query = [
  'let threshold = 100;',
  "['sample-http-logs']",
  '| extend seconds = req_duration_ms / 1000',
  '| where seconds > threshold and status == "500"',
  '| summarize worst = max(seconds)',
].join('\n');

const textDocument = TextDocument.create('file:///x', 'axiom-apl', 0, query);

/** The position inside the `nth` (0-based) occurrence of `word`, one character in. */
function inside(word: string, nth = 0): Position {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = query.indexOf(word, index + 1);
  assert.ok(index >= 0, `${word} #${nth} is in the query`);
  return textDocument.positionAt(index + 1);
}

function textAt(range: Range): string {
  return query.slice(textDocument.offsetAt(range.start), textDocument.offsetAt(range.end));
}

function lineOf(range: Range): number {
  return range.start.line;
}

describe('navigation over stdio', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  let initializeResult: InitializeResult;
  const uri = 'file:///workspace/navigation.apl';

  before(async () => {
    client = LspTestClient.overStdio(builtBundle('server.js'));
    initializeResult = await client.initialize({ textDocument: { rename: { prepareSupport: true } } }, { schema });
    const mark = client.mark();
    client.open(uri, query);
    await client.diagnosticsAfter(mark, uri);
  });

  after(() => client?.dispose());

  it('announces definition, declaration, references, highlights and rename with prepare', () => {
    const { capabilities } = initializeResult;
    assert.equal(capabilities.definitionProvider, true);
    assert.equal(capabilities.declarationProvider, true);
    assert.equal(capabilities.referencesProvider, true);
    assert.equal(capabilities.documentHighlightProvider, true);
    assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
  });

  it('goes from a use of a column to the extend that creates it', async () => {
    for (const method of ['textDocument/definition', 'textDocument/declaration']) {
      const location = await client.request<Location | null>(method, { textDocument: { uri }, position: inside('seconds', 2) });
      assert.ok(location, method);
      assert.equal(location.uri, uri);
      assert.equal(textAt(location.range), 'seconds');
      assert.equal(lineOf(location.range), 2, `${method} lands on the extend line`);
    }
  });

  it('goes from a use of a let to its name in the let statement', async () => {
    const location = await client.request<Location | null>('textDocument/definition', { textDocument: { uri }, position: inside('threshold', 1) });
    assert.deepEqual(location?.range, { start: { line: 0, character: 4 }, end: { line: 0, character: 13 } });
  });

  it('answers null for a definition under a dataset field', async () => {
    const location = await client.request<Location | null>('textDocument/definition', { textDocument: { uri }, position: inside('status') });
    assert.equal(location, null);
  });

  it('finds every reference, with the declaration only when asked', async () => {
    const params = (includeDeclaration: boolean) => ({ textDocument: { uri }, position: inside('seconds'), context: { includeDeclaration } });
    const all = await client.request<Location[]>('textDocument/references', params(true));
    assert.deepEqual(all.map((location) => lineOf(location.range)), [2, 3, 4]);
    assert.ok(all.every((location) => location.uri === uri && textAt(location.range) === 'seconds'));
    const uses = await client.request<Location[]>('textDocument/references', params(false));
    assert.deepEqual(uses.map((location) => lineOf(location.range)), [3, 4]);
  });

  it('highlights the definition as a write and the uses as reads', async () => {
    const highlights = await client.request<DocumentHighlight[]>('textDocument/documentHighlight', { textDocument: { uri }, position: inside('threshold') });
    assert.deepEqual(
      highlights.map((highlight) => [lineOf(highlight.range), highlight.kind]),
      [
        [0, DocumentHighlightKind.Write],
        [3, DocumentHighlightKind.Read],
      ],
    );
  });

  it('prepares a rename with the name’s range and placeholder', async () => {
    const prepared = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri },
      position: inside('seconds', 1),
    });
    assert.equal(prepared.placeholder, 'seconds');
    assert.equal(textAt(prepared.range), 'seconds');
    assert.equal(lineOf(prepared.range), 3);
  });

  it('renames a created column everywhere in one workspace edit, quoting a name that needs it', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri }, position: inside('seconds'), newName: 'duration s' });
    const edits = edit.changes?.[uri] ?? [];
    assert.deepEqual(Object.keys(edit.changes ?? {}), [uri]);
    const renamed = TextDocument.applyEdits(textDocument, edits);
    assert.equal(renamed, query.replaceAll('seconds', "['duration s']"));
  });

  it('refuses to rename a stored dataset field, with a message that says why', async () => {
    const params = { textDocument: { uri }, position: inside('status') };
    for (const [method, extra] of [['textDocument/prepareRename', {}], ['textDocument/rename', { newName: 'code' }]] as const) {
      await assert.rejects(client.request(method, { ...params, ...extra }), (error: unknown) => {
        // A response error: its code and message come over the wire, not as an exception of the server.
        const { code, message } = error as { code?: number; message: string };
        assert.equal(code, LSPErrorCodes.RequestFailed, message);
        assert.match(message, /status.*field of the dataset `sample-http-logs`/);
        return true;
      });
    }
  });
});
