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
    initializeResult = await client.initialize({}, { schema });
    const mark = client.mark();
    client.open(uri, query);
    await client.diagnosticsAfter(mark, uri);
  });

  after(() => client?.dispose());

  it('announces quick fixes', () => {
    assert.deepEqual(initializeResult.capabilities.codeActionProvider, { codeActionKinds: ['quickfix', 'refactor'] });
  });

  it('offers the suggested column for a misspelt one, as an edit that resolves its diagnostic', async () => {
    const position = { line: 1, character: 9 };
    const actions = await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    const fixes = (actions ?? []).filter((candidate) => candidate.kind === CodeActionKind.QuickFix);
    assert.equal(fixes.length, 1, JSON.stringify(actions));
    const [action] = fixes;
    assert.equal(action!.title, "Change to 'status'");
    assert.equal(action!.kind, CodeActionKind.QuickFix);
    assert.equal(action!.isPreferred, true);
    assert.equal(action!.diagnostics?.[0]?.code, 'unknown-column');
    const edits = action!.edit?.changes?.[uri] ?? [];
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'axiom-apl', 1, query), edits), "['sample-http-logs']\n| where status == '500'\n| summarize count() by method");
  });

  it('offers a time filter, and no quick fix, on a line without a fixable diagnostic', async () => {
    const position = { line: 2, character: 5 };
    const actions = await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    assert.deepEqual(actions?.map((action) => [action.kind, action.title]), [[CodeActionKind.Refactor, 'Add a time filter (the last hour)']]);
    const edits = actions![0]!.edit?.changes?.[uri] ?? [];
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'axiom-apl', 1, query), edits), "['sample-http-logs']\n| where _time > ago(1h)\n| where stauts == '500'\n| summarize count() by method");
  });

  it('offers to name an unnamed summarize column with the name it gets', async () => {
    const position = { line: 2, character: 14 };
    const actions = await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } });
    const action = actions?.find((candidate) => candidate.title.startsWith('Name this column'));
    assert.equal(action?.title, "Name this column 'count_'", JSON.stringify(actions));
    const edits = action!.edit?.changes?.[uri] ?? [];
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'axiom-apl', 1, query), edits), "['sample-http-logs']\n| where stauts == '500'\n| summarize count_ = count() by method");
  });
});
