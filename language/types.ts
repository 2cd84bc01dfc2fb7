/**
 * The language service's public types. They are shaped like their LSP counterparts (so the
 * server passes most of them through) but the core depends on no protocol package.
 */

export interface Position {
  /** Zero-based line. */
  line: number;
  /** Zero-based UTF-16 offset within the line. */
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = 'error' | 'warning' | 'information' | 'hint';

export interface Diagnostic {
  range: Range;
  /** Offsets into the document text, end exclusive. */
  start: number;
  end: number;
  severity: Severity;
  message: string;
  /** A stable identifier of the rule, e.g. `syntax`, `unknown-column`. */
  code: string;
  /** Names that could stand where the diagnostic points ("did you mean"), best first. */
  replacements?: string[];
}

/** A quick fix (edits that resolve a diagnostic) or a refactoring offered where the cursor is. */
export interface CodeAction {
  title: string;
  kind: 'quickfix' | 'refactor';
  /** The diagnostic a quick fix resolves. */
  diagnostic?: Diagnostic;
  edits: TextEdit[];
  isPreferred?: boolean;
}

export type CompletionKind =
  | 'operator'
  | 'function'
  | 'aggregation'
  | 'column'
  | 'dataset'
  | 'variable'
  | 'keyword'
  | 'type';

export interface CompletionItem {
  label: string;
  kind: CompletionKind;
  /** One line shown beside the label: a signature or a type. */
  detail?: string;
  /** Markdown. */
  documentation?: string;
  /** Text to insert instead of the label (plain text, no snippet syntax). */
  insertText?: string;
  sortText?: string;
  /** The text the item replaces; defaults to the word before the cursor. */
  range?: Range;
}

/** A note the editor shows inline after a position: here, the columns an operator produces. */
export interface InlayHint {
  position: Position;
  label: string;
  /** Markdown shown on hover: every column and its type. */
  tooltip?: string;
}

/** A span around a position, inside its parent's (as LSP's selection ranges nest). */
export interface SelectionRange {
  range: Range;
  parent?: SelectionRange;
}

export interface Hover {
  /** Markdown. */
  contents: string;
  range: Range;
}

export interface ParameterInformation {
  /** [start, end) offsets into the signature label. */
  label: [number, number];
  documentation?: string;
}

export interface SignatureInformation {
  label: string;
  documentation?: string;
  parameters: ParameterInformation[];
}

export interface SignatureHelp {
  signatures: SignatureInformation[];
  activeSignature: number;
  activeParameter: number;
}

export interface TextEdit {
  range: Range;
  newText: string;
}

export interface FormattingOptions {
  /** Spaces before a continuation line's `|`. Default 0: pipes start the line. */
  pipeIndent?: number;
}

export type SymbolKind = 'query' | 'let' | 'operator';

export interface DocumentSymbol {
  name: string;
  detail?: string;
  kind: SymbolKind;
  range: Range;
  selectionRange: Range;
  children: DocumentSymbol[];
}

/** A symbol found for Go to Symbol in Workspace. */
export interface FoundSymbol {
  symbol: DocumentSymbol;
  /** The query a `let` belongs to. */
  containerName?: string;
}

export interface FoldingRange {
  startLine: number;
  endLine: number;
  kind?: 'comment' | 'region';
}

export const semanticTokenTypes = [
  'keyword',
  'operator',
  'function',
  'variable',
  'property',
  'string',
  'number',
  'comment',
  'type',
  'class',
] as const;

export type SemanticTokenType = (typeof semanticTokenTypes)[number];

export interface SemanticToken {
  line: number;
  character: number;
  length: number;
  type: SemanticTokenType;
}

/** A place where a symbol's name stands: `write` where it is defined, `read` where it is used. */
export interface DocumentHighlight {
  range: Range;
  kind: 'read' | 'write';
}

/** What rename would change (the name's range and its text), or why it cannot. */
export type PrepareRenameResult = { range: Range; placeholder: string } | { error: string };

/** The edits of a rename, all in the one document, or why it cannot be done. */
export type RenameResult = { edits: TextEdit[] } | { error: string };
