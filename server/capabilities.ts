import { TextDocumentSyncKind, type ServerCapabilities } from 'vscode-languageserver';
import { semanticTokensLegend } from './convert.ts';

export const serverCapabilities: ServerCapabilities = {
  textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
  completionProvider: {
    // A space matters: after `| `, `where `, `by ` the next word is what people look for.
    triggerCharacters: ['|', '.', '[', "'", '"', '(', ',', ' '],
    resolveProvider: false,
  },
  hoverProvider: true,
  signatureHelpProvider: { triggerCharacters: ['(', ','] },
  documentFormattingProvider: true,
  documentRangeFormattingProvider: true,
  documentOnTypeFormattingProvider: { firstTriggerCharacter: '|' },
  documentSymbolProvider: true,
  workspaceSymbolProvider: true,
  foldingRangeProvider: true,
  selectionRangeProvider: true,
  inlayHintProvider: true,
  codeActionProvider: { codeActionKinds: ['quickfix', 'refactor'] },
  definitionProvider: true,
  declarationProvider: true,
  referencesProvider: true,
  documentHighlightProvider: true,
  renameProvider: { prepareProvider: true },
  semanticTokensProvider: { legend: semanticTokensLegend, full: true, range: true },
  // The APL cells of APL notebooks come as notebook documents, so the server knows each cell's notebook and order.
  notebookDocumentSync: { notebookSelector: [{ notebook: { notebookType: 'apl-notebook' }, cells: [{ language: 'axiom-apl' }] }] },
};
