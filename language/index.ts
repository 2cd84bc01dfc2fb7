/**
 * The APL language service: pure functions of (text, position, schema).
 * No editor or protocol dependencies live below this folder.
 */
export * from './types.ts';
export type * from './syntax/ast.ts';
export type { ParsedDocument, SyntaxToken, SyntaxError } from './syntax/parseResult.ts';
export type { Schema, DatasetSchema, FieldSchema } from './analysis/schema.ts';
export { readSchema } from './analysis/readSchema.ts';
export { LineIndex } from './text/lineIndex.ts';
export { parseDocument, parseQuery } from './syntax/parse.ts';
export { parseTimespan } from './syntax/literals.ts';
export { TimeConstant } from './syntax/constantValue.ts';
export { analyzeDocument, type AnalyzedDocument } from './analysis/analyzer.ts';
export { getDiagnostics } from './features/diagnostics.ts';
export { getCompletions } from './features/completion.ts';
export { getHover } from './features/hover.ts';
export { getSignatureHelp } from './features/signatureHelp.ts';
export { formatDocument, formatText } from './features/formatting.ts';
export { formatOnType, formatRange } from './features/partialFormatting.ts';
export { getDocumentSymbols } from './features/documentSymbols.ts';
export { getFoldingRanges } from './features/folding.ts';
export { getSelectionRanges } from './features/selectionRange.ts';
export { getInlayHints } from './features/inlayHints.ts';
export { getCodeActions } from './features/codeActions.ts';
export { findSymbols } from './features/workspaceSymbols.ts';
export { getSemanticTokens } from './features/semanticTokens.ts';
export { getDefinition, getReferences, getDocumentHighlights, prepareRename, renameSymbol } from './features/navigation.ts';
export { getResultShape, getCatalogReferences, type CatalogReference } from './features/queryFacts.ts';
export { closestName } from './analysis/suggestions.ts';
export { cellPrelude, NotebookLets, type CellPrelude } from './features/notebookPrelude.ts';
