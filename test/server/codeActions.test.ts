import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CodeActionKind, type CodeAction, type InitializeResult } from 'vscode-languageserver-protocol';
import type { Schema } from '../../language/index.ts';
import { builtBundle } from '../support/build.ts';
import { LspTestClient } from './lspClient.ts';

const schema: Schema = {
  datasets: [{ name: 'sample-http-logs', fields: [{ name: 'status', type: 'string' }, { name: 'method', type: 'string' }] }],
};
const query = "['sample-http-logs']\n| where stauts == '500'\n| summarize count() by method";

describe('quick fixes over stdio', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  let initializeResult: InitializeResult;
  const uri = 'file:///workspace/quick-fixes.apl';

  before(async () => {
    client = LspTestClient.overStdio(builtBundle('server.js'));
    initializeResult = await client.request<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { schema } });
    client.notify('initialized', {});
    const mark = client.mark();
    client.open(uri, query);
    await client.diagnosticsAfter(mark, uri);
  });

  after(() => client?.dispose());

  it('announces quick fixes', () => {
    assert.deepEqual(initializeResult.capabilities.codeActionProvider, { codeActionKinds: ['quickfix'] });
  });

  it('offers the suggested column for a misspelt one, as an edit that resolves its diagnostic', async () => {
    const position = { line: 1, character: 9 };
    const actions = await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    assert.equal(actions?.length, 1, JSON.stringify(actions));
    const [action] = actions!;
    assert.equal(action!.title, "Change to 'status'");
    assert.equal(action!.kind, CodeActionKind.QuickFix);
    assert.equal(action!.isPreferred, true);
    assert.equal(action!.diagnostics?.[0]?.code, 'unknown-column');
    const edits = action!.edit?.changes?.[uri] ?? [];
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'axiom-apl', 1, query), edits), "['sample-http-logs']\n| where status == '500'\n| summarize count() by method");
  });

  it('offers nothing on a line without a fixable diagnostic', async () => {
    const position = { line: 2, character: 5 };
    const actions = await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    assert.deepEqual(actions, []);
  });
});
