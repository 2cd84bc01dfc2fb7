/** Maps the language core's results to LSP types. The core's shapes are LSP-like, so most of this is renaming. */
import {
  CodeActionKind,
  CompletionItemKind,
  DiagnosticSeverity,
  DocumentHighlightKind,
  FoldingRangeKind,
  InlayHintKind,
  MarkupKind,
  SymbolKind,
  type CodeAction as LspCodeAction,
  type CompletionItem as LspCompletionItem,
  type Diagnostic as LspDiagnostic,
  type DocumentHighlight as LspDocumentHighlight,
  type DocumentSymbol as LspDocumentSymbol,
  type FoldingRange as LspFoldingRange,
  type Hover as LspHover,
  type InlayHint as LspInlayHint,
  type MarkupContent,
  type SemanticTokens,
  type SignatureHelp as LspSignatureHelp,
  type SymbolInformation,
} from 'vscode-languageserver-protocol';
// From the core's types module, not its index: the capabilities (which use the legend) are answered before the core loads.
import {
  semanticTokenTypes,
  type CodeAction,
  type CompletionItem,
  type CompletionKind,
  type Diagnostic,
  type DocumentHighlight,
  type DocumentSymbol,
  type FoldingRange,
  type FoundSymbol,
  type Hover,
  type InlayHint,
  type SemanticToken,
  type Severity,
  type SignatureHelp,
  type SymbolKind as CoreSymbolKind,
} from '../language/types.ts';

export const diagnosticSource = 'apl';

const severities: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toLspDiagnostic(diagnostic: Diagnostic): LspDiagnostic {
  return {
    range: diagnostic.range,
    severity: severities[diagnostic.severity],
    code: diagnostic.code,
    source: diagnosticSource,
    message: diagnostic.message,
  };
}

const completionKinds: Record<CompletionKind, CompletionItemKind> = {
  operator: CompletionItemKind.Keyword,
  keyword: CompletionItemKind.Keyword,
  function: CompletionItemKind.Function,
  aggregation: CompletionItemKind.Function,
  column: CompletionItemKind.Field,
  dataset: CompletionItemKind.Class,
  variable: CompletionItemKind.Variable,
  type: CompletionItemKind.TypeParameter,
};

export function toLspCompletionItem(item: CompletionItem): LspCompletionItem {
  const insertText = item.insertText ?? item.label;
  const result: LspCompletionItem = { label: item.label, kind: completionKinds[item.kind] };
  if (item.detail !== undefined) result.detail = item.detail;
  if (item.documentation !== undefined) result.documentation = markdown(item.documentation);
  if (item.sortText !== undefined) result.sortText = item.sortText;
  if (item.range) result.textEdit = { range: item.range, newText: insertText };
  else if (item.insertText !== undefined) result.insertText = insertText;
  return result;
}

export function toLspHover(hover: Hover): LspHover {
  return { contents: markdown(hover.contents), range: hover.range };
}

export function toLspSignatureHelp(help: SignatureHelp): LspSignatureHelp {
  return {
    activeSignature: help.activeSignature,
    activeParameter: help.activeParameter,
    signatures: help.signatures.map((signature) => ({
      label: signature.label,
      ...(signature.documentation !== undefined && { documentation: markdown(signature.documentation) }),
      parameters: signature.parameters.map((parameter) => ({
        label: parameter.label,
        ...(parameter.documentation !== undefined && { documentation: markdown(parameter.documentation) }),
      })),
    })),
  };
}

export function toLspDocumentHighlight(highlight: DocumentHighlight): LspDocumentHighlight {
  return { range: highlight.range, kind: highlight.kind === 'write' ? DocumentHighlightKind.Write : DocumentHighlightKind.Read };
}

const symbolKinds: Record<CoreSymbolKind, SymbolKind> = {
  query: SymbolKind.Namespace,
  let: SymbolKind.Variable,
  operator: SymbolKind.Operator,
};

export function toLspDocumentSymbol(symbol: DocumentSymbol): LspDocumentSymbol {
  return {
    name: symbol.name,
    ...(symbol.detail !== undefined && { detail: symbol.detail }),
    kind: symbolKinds[symbol.kind],
    range: symbol.range,
    selectionRange: symbol.selectionRange,
    children: symbol.children.map(toLspDocumentSymbol),
  };
}

export function toLspWorkspaceSymbol(uri: string, { symbol, containerName }: FoundSymbol): SymbolInformation {
  return { name: symbol.name, kind: symbolKinds[symbol.kind], location: { uri, range: symbol.selectionRange }, ...(containerName !== undefined && { containerName }) };
}

export function toLspInlayHint(hint: InlayHint): LspInlayHint {
  return { position: hint.position, label: hint.label, kind: InlayHintKind.Type, paddingLeft: true, ...(hint.tooltip !== undefined && { tooltip: markdown(hint.tooltip) }) };
}

export function toLspCodeAction(uri: string, action: CodeAction): LspCodeAction {
  return {
    title: action.title,
    kind: action.kind === 'quickfix' ? CodeActionKind.QuickFix : CodeActionKind.Refactor,
    ...(action.diagnostic && { diagnostics: [toLspDiagnostic(action.diagnostic)] }),
    edit: { changes: { [uri]: action.edits } },
    ...(action.isPreferred && { isPreferred: true }),
  };
}

export function toLspFoldingRange(range: FoldingRange): LspFoldingRange {
  const result: LspFoldingRange = { startLine: range.startLine, endLine: range.endLine };
  if (range.kind === 'comment') result.kind = FoldingRangeKind.Comment;
  else if (range.kind === 'region') result.kind = FoldingRangeKind.Region;
  return result;
}

export const semanticTokensLegend = { tokenTypes: [...semanticTokenTypes], tokenModifiers: [] as string[] };

/** LSP's relative encoding: five integers per token, each position relative to the previous token. */
export function encodeSemanticTokens(tokens: readonly SemanticToken[]): SemanticTokens {
  const sorted = [...tokens].sort((a, b) => a.line - b.line || a.character - b.character);
  const data: number[] = [];
  let previousLine = 0;
  let previousCharacter = 0;
  for (const token of sorted) {
    if (token.length <= 0) continue;
    const deltaLine = token.line - previousLine;
    const deltaCharacter = deltaLine === 0 ? token.character - previousCharacter : token.character;
    data.push(deltaLine, deltaCharacter, token.length, semanticTokenTypes.indexOf(token.type), 0);
    previousLine = token.line;
    previousCharacter = token.character;
  }
  return { data };
}

function markdown(value: string): MarkupContent {
  return { kind: MarkupKind.Markdown, value };
}
