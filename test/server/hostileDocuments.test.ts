import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic, Hover } from 'vscode-languageserver-protocol';
import { builtBundle } from '../support/build.ts';
import { LspTestClient } from './lspClient.ts';

const schema = { datasets: [{ name: 'sample-http-logs', fields: [{ name: 'status', type: 'string' }] }] };
const slowMs = 120_000;

/** The language server runs the same parser and analyzer: it must diagnose worst-case documents and keep answering. */
describe('language server with worst-case documents', { timeout: 4 * slowMs }, () => {
  let client: LspTestClient;
  let documents = 0;

  before(async () => {
    client = LspTestClient.overStdio(builtBundle('server.js'));
    await client.initialize({ textDocument: { publishDiagnostics: { versionSupport: true }, hover: { contentFormat: ['markdown'] } } }, { schema });
  });
  after(() => client?.dispose());

  async function open(text: string): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const uri = `file:///workspace/hostile-${++documents}.apl`;
    const mark = client.mark();
    client.open(uri, text);
    const published = await client.diagnosticsAfter(mark, uri, (params) => params.version === 1, slowMs);
    return { uri, diagnostics: published.diagnostics };
  }

  async function hoverStatus(uri: string, text: string, offset: number): Promise<void> {
    const position = TextDocument.create(uri, 'axiom-apl', 1, text).positionAt(offset);
    const hover = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position }, slowMs);
    assert.match(JSON.stringify(hover?.contents), /status/);
  }

  it('diagnoses a where clause of 40,000 or-terms (near the 1 MiB read) and still hovers', async () => {
    const text = `['sample-http-logs'] | where ${Array.from({ length: 40_000 }, (_, i) => `status == '${i}'`).join(' or ')} or nope == 1`;
    const { uri, diagnostics } = await open(text);
    assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.message), ["Unknown column 'nope'."]);
    await hoverStatus(uri, text, text.indexOf('status') + 1);
  });

  it('diagnoses parentheses nested 10,000 deep and still hovers', async () => {
    const text = `['sample-http-logs'] | where status == '1' and ${'('.repeat(10_000)}true${')'.repeat(10_000)}`;
    const { uri, diagnostics } = await open(text);
    assert.equal(diagnostics.length, 1);
    assert.match(String(diagnostics[0]!.message), /nested too deeply \(more than 100 levels\)/);
    assert.equal(diagnostics[0]!.range.start.character, text.indexOf('(') + 100);
    await hoverStatus(uri, text, text.indexOf('status') + 1);
  });

  // The cascade filter gathered the statements with push(...statements): past about 120,000 arguments
  // the call overflowed the stack, and the document got no diagnostics at all.
  it('diagnoses 150,000 statements with a syntax error among them', async () => {
    const text = 'range x from '.repeat(50_000);
    const { diagnostics } = await open(text);
    assert.equal(diagnostics.length, 1);
    assert.match(String(diagnostics[0]!.message), /APL has no range operator/);
  });
});
