import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  CompletionItemKind,
  DiagnosticSeverity,
  TextDocumentSyncKind,
  type CompletionItem,
  type CompletionList,
  type Diagnostic,
  type DocumentSymbol,
  type FoldingRange,
  type Hover,
  type InitializeResult,
  type InlayHint,
  type MarkupContent,
  type Position,
  type SelectionRange,
  type SemanticTokens,
  type SignatureHelp,
  type SymbolInformation,
  type TextEdit,
} from 'vscode-languageserver-protocol';
import { semanticTokenTypes, type Schema } from '../../language/index.ts';
import { builtBundle } from '../support/build.ts';
import { LspTestClient } from './lspClient.ts';

const httpLogs = {
  name: 'sample-http-logs',
  fields: [
    { name: '_time', type: 'datetime' },
    { name: 'status', type: 'string' },
    { name: 'method', type: 'string' },
    { name: 'uri', type: 'string' },
    { name: 'req_duration_ms', type: 'float' },
    { name: 'geo.city', type: 'string' },
  ],
};
const initialSchema: Schema = { datasets: [httpLogs] };
const schemaWithUserAgent: Schema = {
  datasets: [{ ...httpLogs, fields: [...httpLogs.fields, { name: 'user_agent', type: 'string' }] }],
};

let documentCounter = 0;
function newUri(): string {
  return `file:///workspace/query-${++documentCounter}.apl`;
}

/** The position just after the first occurrence of `marker` (or at its start with `atStart`). */
function positionOf(text: string, marker: string, atStart = false): Position {
  const index = text.indexOf(marker);
  assert.ok(index >= 0, `marker ${marker} not in text`);
  const offset = atStart ? index : index + marker.length;
  return TextDocument.create('file:///x', 'axiom-apl', 0, text).positionAt(offset);
}

function endOf(text: string): Position {
  return TextDocument.create('file:///x', 'axiom-apl', 0, text).positionAt(text.length);
}

function labels(result: CompletionItem[] | CompletionList | null): string[] {
  const items = Array.isArray(result) ? result : (result?.items ?? []);
  return items.map((item) => item.label);
}

function errors(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.severity === DiagnosticSeverity.Error);
}

function covers(diagnostic: Diagnostic, position: Position): boolean {
  const { start, end } = diagnostic.range;
  const afterStart = position.line > start.line || (position.line === start.line && position.character >= start.character);
  const beforeEnd = position.line < end.line || (position.line === end.line && position.character <= end.character);
  return afterStart && beforeEnd;
}

function flatten(symbols: DocumentSymbol[]): DocumentSymbol[] {
  return symbols.flatMap((symbol) => [symbol, ...flatten(symbol.children ?? [])]);
}

describe('language server over stdio', { timeout: 60_000 }, () => {
  let client: LspTestClient;
  let initializeResult: InitializeResult;
  let initializeMs: number;

  /** Opens a document and resolves to its first published diagnostics. */
  async function openAndDiagnose(text: string, uri = newUri()): Promise<{ uri: string; diagnostics: Diagnostic[] }> {
    const mark = client.mark();
    client.open(uri, text);
    const published = await client.diagnosticsAfter(mark, uri, (params) => params.version === 1);
    return { uri, diagnostics: published.diagnostics };
  }

  async function openDocument(text: string): Promise<string> {
    return (await openAndDiagnose(text)).uri;
  }

  before(async () => {
    client = LspTestClient.overStdio(builtBundle('server.js'));
    const started = performance.now();
    initializeResult = await client.request<InitializeResult>('initialize', {
      processId: process.pid,
      rootUri: null,
      capabilities: {
        textDocument: {
          synchronization: { dynamicRegistration: false },
          publishDiagnostics: { versionSupport: true },
          completion: { completionItem: { snippetSupport: false, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          signatureHelp: { signatureInformation: { parameterInformation: { labelOffsetSupport: true } } },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          semanticTokens: {
            requests: { full: true },
            tokenTypes: [...semanticTokenTypes],
            tokenModifiers: [],
            formats: ['relative'],
          },
        },
        workspace: { semanticTokens: { refreshSupport: true } },
      },
      initializationOptions: { schema: initialSchema },
    });
    initializeMs = performance.now() - started;
    client.notify('initialized', {});
  });

  after(() => client?.dispose());

  it('initializes and announces its capabilities', (t) => {
    t.diagnostic(`initialize took ${initializeMs.toFixed(1)} ms`);
    const { capabilities } = initializeResult;
    assert.deepEqual(capabilities.textDocumentSync, { openClose: true, change: TextDocumentSyncKind.Incremental });
    assert.ok(capabilities.completionProvider?.triggerCharacters?.includes('|'));
    assert.ok(capabilities.completionProvider?.triggerCharacters?.includes('.'));
    assert.equal(capabilities.hoverProvider, true);
    assert.deepEqual(capabilities.signatureHelpProvider?.triggerCharacters, ['(', ',']);
    assert.equal(capabilities.documentFormattingProvider, true);
    assert.equal(capabilities.documentRangeFormattingProvider, true);
    assert.deepEqual(capabilities.documentOnTypeFormattingProvider, { firstTriggerCharacter: '|' });
    assert.equal(capabilities.documentSymbolProvider, true);
    assert.equal(capabilities.workspaceSymbolProvider, true);
    assert.equal(capabilities.foldingRangeProvider, true);
    assert.equal(capabilities.selectionRangeProvider, true);
    assert.equal(capabilities.inlayHintProvider, true);
    const semanticTokens = capabilities.semanticTokensProvider;
    assert.ok(semanticTokens);
    assert.deepEqual(semanticTokens.legend.tokenTypes, [...semanticTokenTypes]);
    assert.equal(semanticTokens.full, true);
    assert.equal(semanticTokens.range, true);
  });

  it('publishes no diagnostics for a valid query', async () => {
    const { diagnostics } = await openAndDiagnose(
      "['sample-http-logs']\n| where status == '500'\n| summarize count() by method",
    );
    assert.deepEqual(diagnostics, []);
  });

  it('reports a syntax error for a comparison without a right-hand side', async () => {
    const text = "['sample-http-logs'] | where status ==";
    const { diagnostics } = await openAndDiagnose(text);
    const syntaxErrors = errors(diagnostics);
    assert.ok(syntaxErrors.length >= 1, `expected an error, got ${JSON.stringify(diagnostics)}`);
    assert.equal(syntaxErrors[0].source, 'apl');
    assert.equal(syntaxErrors[0].range.start.line, 0);
  });

  it('reports a syntax error for `by` without grouping columns', async () => {
    const { diagnostics } = await openAndDiagnose("['sample-http-logs'] | summarize count() by");
    assert.ok(errors(diagnostics).length >= 1, `expected an error, got ${JSON.stringify(diagnostics)}`);
  });

  it('applies incremental edits and re-diagnoses the new version', async () => {
    const text = "['sample-http-logs'] | where status == '500'";
    const { uri, diagnostics } = await openAndDiagnose(text);
    assert.deepEqual(diagnostics, []);

    // Delete ` '500'`: the comparison loses its right-hand side.
    let mark = client.mark();
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: positionOf(text, '=='), end: endOf(text) }, text: '' }],
    });
    const broken = await client.diagnosticsAfter(mark, uri, (params) => params.version === 2);
    assert.ok(errors(broken.diagnostics).length >= 1, `expected an error, got ${JSON.stringify(broken.diagnostics)}`);

    // Insert a new right-hand side.
    mark = client.mark();
    const end = positionOf(text, '==');
    client.notify('textDocument/didChange', {
      textDocument: { uri, version: 3 },
      contentChanges: [{ range: { start: end, end }, text: " '404'" }],
    });
    const fixed = await client.diagnosticsAfter(mark, uri, (params) => params.version === 3);
    assert.deepEqual(fixed.diagnostics, []);
  });

  it('debounces diagnostics while edits keep coming', async () => {
    const uri = await openDocument("['sample-http-logs']");
    const mark = client.mark();
    for (let version = 2; version <= 5; version++) {
      client.notify('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text: `['sample-http-logs'] | take ${version}` }],
      });
    }
    await client.diagnosticsAfter(mark, uri, (params) => params.version === 5);
    assert.deepEqual(
      client.publicationsAfter(mark, uri).map((params) => params.version),
      [5],
    );
  });

  it('clears diagnostics when a document closes', async () => {
    const { uri } = await openAndDiagnose("['sample-http-logs'] | where");
    const mark = client.mark();
    client.notify('textDocument/didClose', { textDocument: { uri } });
    const cleared = await client.diagnosticsAfter(mark, uri);
    assert.deepEqual(cleared.diagnostics, []);
  });

  it('completes tabular operators after a pipe', async () => {
    const text = "['sample-http-logs']\n| ";
    const uri = await openDocument(text);
    const result = await client.request<CompletionItem[] | CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position: endOf(text),
      context: { triggerKind: 2, triggerCharacter: ' ' },
    });
    const names = labels(result);
    for (const operator of ['where', 'summarize', 'extend', 'project', 'take']) {
      assert.ok(names.includes(operator), `expected ${operator} in ${JSON.stringify(names)}`);
    }
  });

  it('completes column names from the schema', async () => {
    const text = "['sample-http-logs']\n| where ";
    const uri = await openDocument(text);
    const result = await client.request<CompletionItem[] | CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position: endOf(text),
      context: { triggerKind: 2, triggerCharacter: ' ' },
    });
    const items = Array.isArray(result) ? result : (result?.items ?? []);
    const status = items.find((item) => item.label === 'status');
    assert.ok(status, `expected the column status in ${JSON.stringify(labels(result))}`);
    assert.equal(status.kind, CompletionItemKind.Field);
    assert.ok(labels(result).includes('req_duration_ms'));
  });

  it('completes dataset names', async () => {
    const text = '[';
    const uri = await openDocument(text);
    const result = await client.request<CompletionItem[] | CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position: endOf(text),
      context: { triggerKind: 2, triggerCharacter: '[' },
    });
    assert.ok(
      labels(result).some((label) => label.includes('sample-http-logs')),
      `expected sample-http-logs in ${JSON.stringify(labels(result))}`,
    );
  });

  it('shows hover documentation for a function', async () => {
    const text = "['sample-http-logs']\n| summarize avg(req_duration_ms) by method";
    const uri = await openDocument(text);
    const hover = await client.request<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: positionOf(text, 'avg', true),
    });
    assert.ok(hover, 'expected a hover on avg');
    const contents = hover.contents as MarkupContent;
    assert.equal(contents.kind, 'markdown');
    assert.match(contents.value, /avg/);
    assert.deepEqual(hover.range?.start, positionOf(text, 'avg', true));
  });

  it('shows signature help inside count( and avg(', async () => {
    for (const call of ['count(', 'avg(']) {
      const text = `['sample-http-logs']\n| summarize ${call}`;
      const uri = await openDocument(text);
      const help = await client.request<SignatureHelp | null>('textDocument/signatureHelp', {
        textDocument: { uri },
        position: endOf(text),
        context: { triggerKind: 2, triggerCharacter: '(', isRetrigger: false },
      });
      assert.ok(help && help.signatures.length > 0, `expected signature help inside ${call}`);
      const active = help.signatures[help.activeSignature ?? 0];
      assert.match(active.label, new RegExp(`^${call.slice(0, -1)}\\(`));
      if (call === 'avg(') {
        assert.ok((active.parameters ?? []).length >= 1);
        assert.equal(help.activeParameter ?? 0, 0);
      }
    }
  });

  it('moves the active parameter after a comma', async () => {
    const text = "['sample-http-logs']\n| summarize percentile(req_duration_ms, ";
    const uri = await openDocument(text);
    const help = await client.request<SignatureHelp | null>('textDocument/signatureHelp', {
      textDocument: { uri },
      position: endOf(text),
      context: { triggerKind: 2, triggerCharacter: ',', isRetrigger: false },
    });
    assert.ok(help && help.signatures.length > 0, 'expected signature help inside percentile(');
    assert.equal(help.activeParameter, 1);
  });

  it('re-publishes open documents and refreshes semantic tokens on apl/setSchema', async () => {
    const { uri } = await openAndDiagnose("['sample-http-logs'] | take 10");
    const mark = client.mark();
    const requests = client.serverRequests.length;
    client.notify('apl/setSchema', initialSchema);
    const republished = await client.diagnosticsAfter(mark, uri);
    assert.equal(republished.version, 1);
    await client.serverRequestAfter(requests, 'workspace/semanticTokens/refresh');
  });

  it('forgets an unknown-column diagnostic once apl/setSchema adds the column', async () => {
    client.notify('apl/setSchema', initialSchema);
    const text = "['sample-http-logs']\n| where user_agent contains 'Firefox'";
    const userAgent = positionOf(text, 'user_agent', true);
    const { uri, diagnostics } = await openAndDiagnose(text);
    assert.ok(
      diagnostics.some((diagnostic) => covers(diagnostic, userAgent)),
      `expected user_agent to be unknown before the schema change, got ${JSON.stringify(diagnostics)}`,
    );

    const mark = client.mark();
    client.notify('apl/setSchema', schemaWithUserAgent);
    const republished = await client.diagnosticsAfter(mark, uri);
    assert.ok(
      !republished.diagnostics.some((diagnostic) => covers(diagnostic, userAgent)),
      `expected user_agent to be known after the schema change, got ${JSON.stringify(republished.diagnostics)}`,
    );
  });

  it('formats a one-line query into one pipe per line', async () => {
    const text = "['sample-http-logs'] | where status == '500' | summarize count() by method";
    const uri = await openDocument(text);
    const edits = await client.request<TextEdit[] | null>('textDocument/formatting', {
      textDocument: { uri },
      options: { tabSize: 2, insertSpaces: true },
    });
    const formatted = TextDocument.applyEdits(TextDocument.create(uri, 'axiom-apl', 1, text), edits ?? []);
    assert.equal(formatted.trimEnd(), "['sample-http-logs']\n| where status == '500'\n| summarize count() by method");

    const again = await client.request<TextEdit[] | null>('textDocument/formatting', {
      textDocument: { uri: await openDocument(formatted) },
      options: { tabSize: 2, insertSpaces: true },
    });
    assert.equal(TextDocument.applyEdits(TextDocument.create(uri, 'axiom-apl', 1, formatted), again ?? []), formatted);
  });

  it('formats a selection, and the line a | was typed on', async () => {
    const text = "['sample-http-logs']\n|where status=='500'\n\n['sample-http-logs']\n    |take   5";
    const uri = await openDocument(text);
    const document = TextDocument.create(uri, 'axiom-apl', 1, text);
    const options = { tabSize: 2, insertSpaces: true };
    const range = { start: { line: 0, character: 0 }, end: { line: 1, character: 20 } };
    const selected = await client.request<TextEdit[] | null>('textDocument/rangeFormatting', { textDocument: { uri }, range, options });
    assert.equal(TextDocument.applyEdits(document, selected ?? []), "['sample-http-logs']\n| where status == '500'\n\n['sample-http-logs']\n    |take   5");
    const typed = await client.request<TextEdit[] | null>('textDocument/onTypeFormatting', { textDocument: { uri }, position: { line: 4, character: 5 }, ch: '|', options });
    assert.equal(TextDocument.applyEdits(document, typed ?? []), "['sample-http-logs']\n|where status=='500'\n\n['sample-http-logs']\n| take 5");
  });

  it('finds let names across the open documents', async () => {
    const first = await openDocument("let slowThreshold = 1000;\n['sample-http-logs'] | where req_duration_ms > slowThreshold");
    const second = await openDocument("let slowMethods = dynamic(['PUT']);\n['sample-http-logs'] | where method in (slowMethods)");
    const symbols = await client.request<SymbolInformation[] | null>('workspace/symbol', { query: 'slowthr' });
    const found = (symbols ?? []).filter((symbol) => symbol.name === 'slowThreshold');
    assert.equal(found.length, 1, JSON.stringify(symbols));
    assert.equal(found[0]!.location.uri, first);
    assert.deepEqual(found[0]!.location.range.start, { line: 0, character: 4 });
    const both = await client.request<SymbolInformation[] | null>('workspace/symbol', { query: 'slow' });
    const uris = new Set((both ?? []).filter((symbol) => symbol.name.startsWith('slow')).map((symbol) => symbol.location.uri));
    assert.ok(uris.has(first) && uris.has(second), JSON.stringify(both));
  });

  it('lists let statements and operators as document symbols', async () => {
    const text = "let threshold = 500;\n['sample-http-logs']\n| where toint(status) >= threshold\n| summarize count() by method";
    const uri = await openDocument(text);
    const symbols = await client.request<DocumentSymbol[] | null>('textDocument/documentSymbol', { textDocument: { uri } });
    const names = flatten(symbols ?? []).map((symbol) => symbol.name);
    assert.ok(names.includes('threshold'), `expected threshold in ${JSON.stringify(names)}`);
    assert.ok(names.some((name) => name.startsWith('where')), `expected where in ${JSON.stringify(names)}`);
    assert.ok(names.some((name) => name.startsWith('summarize')), `expected summarize in ${JSON.stringify(names)}`);
  });

  it('folds a multi-line query', async () => {
    const text = "['sample-http-logs']\n| where status == '500'\n| extend slow = req_duration_ms > 100\n| summarize count() by method";
    const uri = await openDocument(text);
    const ranges = await client.request<FoldingRange[] | null>('textDocument/foldingRange', { textDocument: { uri } });
    assert.ok(
      (ranges ?? []).some((range) => range.startLine === 0 && range.endLine >= 2),
      `expected a range from line 0, got ${JSON.stringify(ranges)}`,
    );
  });

  it('shows after summarize the columns it produces, as inlay hints', async () => {
    const text = "['sample-http-logs']\n| where status == '500'\n| summarize n = count() by method\n| take 5";
    const uri = await openDocument(text);
    const range = { start: { line: 0, character: 0 }, end: { line: 3, character: 0 } };
    const hints = await client.request<InlayHint[] | null>('textDocument/inlayHint', { textDocument: { uri }, range });
    assert.equal(hints?.length, 1, JSON.stringify(hints));
    assert.deepEqual(hints![0]!.position, { line: 2, character: '| summarize n = count() by method'.length });
    assert.equal(hints![0]!.label, '→ method: string, n: long');
  });

  it('expands a selection from the word under the cursor outwards', async () => {
    const text = "['sample-http-logs']\n| where status == '500'\n| summarize count() by method";
    const uri = await openDocument(text);
    const position = positionOf(text, "'50");
    const ranges = await client.request<SelectionRange[] | null>('textDocument/selectionRange', { textDocument: { uri }, positions: [position] });
    assert.equal(ranges?.length, 1);
    const document = TextDocument.create(uri, 'axiom-apl', 0, text);
    const spans: string[] = [];
    for (let range: SelectionRange | undefined = ranges![0]; range; range = range.parent) spans.push(document.getText(range.range));
    assert.equal(spans[0], "'500'");
    assert.ok(spans.includes("status == '500'"), JSON.stringify(spans));
    assert.equal(spans.at(-1), text);
  });

  it('returns the semantic tokens of the lines asked for', async () => {
    const text = "['sample-http-logs']\n| where status == '500'\n| summarize count() by method\n| take 5";
    const uri = await openDocument(text);
    const range = { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } };
    const tokens = await client.request<SemanticTokens | null>('textDocument/semanticTokens/range', { textDocument: { uri }, range });
    const full = await client.request<SemanticTokens | null>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.ok(tokens && full);
    const lines: number[] = [];
    let line = 0;
    for (let i = 0; i < tokens.data.length; i += 5) lines.push((line += tokens.data[i]!));
    assert.ok(lines.length > 0 && lines.length < full.data.length / 5, `${lines.length} of ${full.data.length / 5} tokens`);
    assert.ok(lines.includes(1) && lines.every((at) => at === 1 || at === 2), JSON.stringify(lines));
  });

  it('returns semantic tokens in the announced legend', async () => {
    const text = "['sample-http-logs']\n| where status == '500'";
    const uri = await openDocument(text);
    const tokens = await client.request<SemanticTokens | null>('textDocument/semanticTokens/full', { textDocument: { uri } });
    assert.ok(tokens);
    assert.equal(tokens.data.length % 5, 0);
    const decoded: { line: number; character: number; length: number; type: string }[] = [];
    let line = 0;
    let character = 0;
    for (let i = 0; i < tokens.data.length; i += 5) {
      const [deltaLine, deltaCharacter, length, type] = tokens.data.slice(i, i + 4);
      line += deltaLine;
      character = deltaLine === 0 ? character + deltaCharacter : deltaCharacter;
      decoded.push({ line, character, length, type: semanticTokenTypes[type] });
    }
    const where = positionOf(text, 'where', true);
    const literal = positionOf(text, "'500'", true);
    assert.ok(
      decoded.some((token) => token.line === where.line && token.character === where.character && token.type === 'keyword'),
      `expected where as a keyword in ${JSON.stringify(decoded)}`,
    );
    assert.ok(
      decoded.some((token) => token.line === literal.line && token.character === literal.character && token.type === 'string'),
      `expected '500' as a string in ${JSON.stringify(decoded)}`,
    );
  });

  it('answers requests about unknown documents and odd positions with empty results', async () => {
    const unknown = { uri: 'file:///workspace/never-opened.apl' };
    const position = { line: 0, character: 0 };
    assert.equal(await client.request('textDocument/hover', { textDocument: unknown, position }), null);
    assert.deepEqual(await client.request('textDocument/completion', { textDocument: unknown, position }), []);
    assert.deepEqual(
      await client.request('textDocument/formatting', { textDocument: unknown, options: { tabSize: 2, insertSpaces: true } }),
      [],
    );
    assert.deepEqual(await client.request('textDocument/semanticTokens/full', { textDocument: unknown }), { data: [] });

    const uri = await openDocument("['sample-http-logs'] | where");
    const farAway = { line: 40, character: 400 };
    await client.request('textDocument/hover', { textDocument: { uri }, position: farAway });
    await client.request('textDocument/completion', { textDocument: { uri }, position: farAway });
    await client.request('textDocument/signatureHelp', { textDocument: { uri }, position: farAway });
  });

  it('ignores a malformed apl/setSchema and keeps serving', async () => {
    const logged = client.logMessages.length;
    client.notify('apl/setSchema', { datasets: 'not a list' });
    const uri = await openDocument("['sample-http-logs']");
    assert.ok(await client.request('textDocument/documentSymbol', { textDocument: { uri } }));
    assert.ok(
      client.logMessages.slice(logged).some((log) => /schema/i.test(log.message)),
      'expected a log message about the rejected schema',
    );
  });

  it('logged no handler failures', () => {
    const failures = client.logMessages.filter((log) => log.type === 1);
    assert.deepEqual(failures.map((log) => log.message), []);
  });

  it('shuts down and exits with code 0', async () => {
    assert.equal(await client.request('shutdown', null), null);
    client.notify('exit', null);
    assert.equal(await client.exited, 0);
  });
});

describe('language server over node IPC', { timeout: 30_000 }, () => {
  it('initializes, publishes diagnostics and exits like under the VS Code client', async () => {
    const client = LspTestClient.overNodeIpc(builtBundle('server.js'));
    try {
      const result = await client.request<InitializeResult>('initialize', {
        processId: process.pid,
        rootUri: null,
        capabilities: {},
        initializationOptions: { schema: undefined },
      });
      assert.equal(result.capabilities.hoverProvider, true);
      client.notify('initialized', {});
      const uri = newUri();
      const mark = client.mark();
      client.open(uri, "['sample-http-logs'] | take 10");
      const published = await client.diagnosticsAfter(mark, uri);
      assert.equal(published.version, 1);
      assert.equal(await client.request('shutdown', null), null);
      client.notify('exit', null);
      assert.equal(await client.exited, 0);
    } finally {
      client.dispose();
    }
  });
});
