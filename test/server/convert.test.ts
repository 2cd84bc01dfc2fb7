import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionItemKind, DiagnosticSeverity, FoldingRangeKind, SymbolKind } from 'vscode-languageserver-protocol';
import { semanticTokenTypes } from '../../language/index.ts';
import {
  encodeSemanticTokens,
  toLspCompletionItem,
  toLspDiagnostic,
  toLspDocumentSymbol,
  toLspFoldingRange,
  toLspSignatureHelp,
} from '../../server/convert.ts';

const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 7 } };

describe('core → LSP conversion', () => {
  it('keeps a diagnostic’s range, message and code and maps its severity', () => {
    const converted = toLspDiagnostic({ range, start: 10, end: 15, severity: 'warning', message: 'Unknown column', code: 'unknown-column' });
    assert.deepEqual(converted, {
      range,
      severity: DiagnosticSeverity.Warning,
      code: 'unknown-column',
      source: 'apl',
      message: 'Unknown column',
    });
  });

  it('turns a completion with a range into a text edit and documentation into markdown', () => {
    const converted = toLspCompletionItem({
      label: 'geo.city',
      kind: 'column',
      detail: 'string',
      documentation: '**geo.city**',
      insertText: "['geo.city']",
      range,
    });
    assert.equal(converted.kind, CompletionItemKind.Field);
    assert.deepEqual(converted.textEdit, { range, newText: "['geo.city']" });
    assert.equal(converted.insertText, undefined);
    assert.deepEqual(converted.documentation, { kind: 'markdown', value: '**geo.city**' });
  });

  it('inserts the label when a completion has neither range nor insert text', () => {
    const converted = toLspCompletionItem({ label: 'where', kind: 'operator' });
    assert.deepEqual(converted, { label: 'where', kind: CompletionItemKind.Keyword });
  });

  it('keeps signature parameter offsets', () => {
    const converted = toLspSignatureHelp({
      signatures: [{ label: 'avg(expr)', documentation: 'Mean.', parameters: [{ label: [4, 8] }] }],
      activeSignature: 0,
      activeParameter: 0,
    });
    assert.deepEqual(converted.signatures[0], {
      label: 'avg(expr)',
      documentation: { kind: 'markdown', value: 'Mean.' },
      parameters: [{ label: [4, 8] }],
    });
  });

  it('converts nested document symbols', () => {
    const converted = toLspDocumentSymbol({
      name: "['sample-http-logs']",
      kind: 'query',
      range,
      selectionRange: range,
      children: [{ name: 'where', kind: 'operator', range, selectionRange: range, children: [] }],
    });
    assert.equal(converted.kind, SymbolKind.Namespace);
    assert.equal(converted.children?.[0].kind, SymbolKind.Operator);
  });

  it('maps folding kinds', () => {
    assert.deepEqual(toLspFoldingRange({ startLine: 0, endLine: 3, kind: 'comment' }), { startLine: 0, endLine: 3, kind: FoldingRangeKind.Comment });
    assert.deepEqual(toLspFoldingRange({ startLine: 0, endLine: 3 }), { startLine: 0, endLine: 3 });
  });

  it('encodes semantic tokens relative to the previous token, in document order', () => {
    const type = (name: (typeof semanticTokenTypes)[number]) => semanticTokenTypes.indexOf(name);
    const { data } = encodeSemanticTokens([
      { line: 1, character: 8, length: 6, type: 'property' },
      { line: 0, character: 0, length: 20, type: 'class' },
      { line: 1, character: 2, length: 5, type: 'keyword' },
      { line: 1, character: 15, length: 0, type: 'operator' },
    ]);
    assert.deepEqual(data, [0, 0, 20, type('class'), 0, 1, 2, 5, type('keyword'), 0, 0, 6, 6, type('property'), 0]);
  });
});
