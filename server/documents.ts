import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzedDocument, NotebookLets, ParsedDocument, Position, Range, Schema } from '../language/index.ts';
import { AnalysisView } from './analysisView.ts';
import type { LanguageCore } from './languageCore.ts';
import { letInCellAbove, letInPreludePart, type CellLocation } from './cellLets.ts';
import type { NotebookCells } from './notebookCells.ts';

interface CachedParse {
  version: number;
  asCell: boolean;
  parsed: ParsedDocument;
}

interface CachedAnalysis {
  version: number;
  schemaGeneration: number;
  prelude: string | undefined;
  view: AnalysisView;
}

/**
 * The open documents (files, and the APL cells of open notebooks) and what the language core made
 * of them. A document is parsed once per version and analysed once per version, schema and prelude;
 * every feature reads from here.
 *
 * A notebook cell is one query (blank lines do not split it). `parsed` is the cell's own text, for
 * the features that need no names (formatting, folding, symbols); `analyzed` is the cell with its
 * prelude before it, seen through an `AnalysisView` that maps positions between the two.
 */
export class DocumentStore {
  private schema: Schema | undefined;
  private schemaGeneration = 0;
  private readonly parses = new Map<string, CachedParse>();
  private readonly analyses = new Map<string, CachedAnalysis>();
  /** Per notebook, the `let`s of all its cells, which every cell's prelude begins, parsed and analysed against the schema. */
  private readonly notebookLets = new Map<string, NotebookLets>();

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly cells: NotebookCells,
    private readonly language: LanguageCore,
  ) {
    this.documents.onDidClose(({ document }) => this.forget(document.uri));
    this.cells.notebooks.cellTextDocuments.onDidClose(({ document }) => this.forget(document.uri));
    this.cells.notebooks.onDidClose((notebook) => this.notebookLets.delete(notebook.uri));
  }

  get(uri: string): TextDocument | undefined {
    return this.documents.get(uri) ?? this.cells.get(uri);
  }

  all(): TextDocument[] {
    return [...this.documents.all(), ...this.cells.all()];
  }

  isCell(uri: string): boolean {
    return this.cells.isCell(uri);
  }

  setSchema(schema: Schema | undefined): void {
    this.schema = schema;
    this.schemaGeneration++;
    this.analyses.clear();
    this.notebookLets.clear();
  }

  parsed(uri: string): ParsedDocument | undefined {
    const document = this.get(uri);
    if (!document) return undefined;
    const asCell = this.cells.isCell(uri);
    const cached = this.parses.get(uri);
    if (cached?.version === document.version && cached.asCell === asCell) return cached.parsed;
    const text = document.getText();
    const parsed = asCell ? this.language.parseQuery(text) : this.language.parseDocument(text);
    this.parses.set(uri, { version: document.version, asCell, parsed });
    return parsed;
  }

  analyzed(uri: string): AnalysisView | undefined {
    const document = this.get(uri);
    if (!document) return undefined;
    const prelude = this.cells.prelude(uri, this.language.cellPrelude);
    const version = document.version;
    const cached = this.analyses.get(uri);
    if (cached?.version === version && cached.schemaGeneration === this.schemaGeneration && cached.prelude === prelude?.text) return cached.view;
    const view =
      prelude === undefined
        ? new AnalysisView(this.language.analyzeDocument(this.parsed(uri)!, this.schema), 0)
        : new AnalysisView(this.analyzedAfterPrelude(uri, prelude.text.length, document.getText()), prelude.lineCount);
    this.analyses.set(uri, { version, schemaGeneration: this.schemaGeneration, prelude: prelude?.text, view });
    return view;
  }

  /** A cell after its prelude, read with its notebook's lets, made again when they or the schema change. */
  private analyzedAfterPrelude(uri: string, preludeLength: number, cell: string): AnalyzedDocument {
    const { notebookUri, text } = this.cells.notebookLets(uri, this.language.cellPrelude)!;
    let lets = this.notebookLets.get(notebookUri);
    if (lets?.text !== text) this.notebookLets.set(notebookUri, (lets = new this.language.NotebookLets(text, this.schema)));
    return lets.analyzeCell(preludeLength, cell);
  }

  /** Where a name defined in a cell's prelude is written in the cell above; undefined for other documents. */
  locateInCellAbove(uri: string, name: Range): CellLocation | undefined {
    const parts = this.cells.preludeParts(uri, this.language.cellPrelude);
    return parts && letInCellAbove(parts, name, this.language.parseQuery, (cell) => this.parsed(cell));
  }

  /** Where the name of a let of cell `above` (`name`, in that cell's text) sits in the analysed text of cell `uri` below it. */
  letInPrelude(uri: string, above: string, name: Range): Position | undefined {
    const part = this.cells.preludeParts(uri, this.language.cellPrelude)?.find((candidate) => candidate.uri === above);
    const parsedAbove = this.parsed(above);
    return part && parsedAbove && letInPreludePart(part, parsedAbove, name, this.language.parseQuery);
  }

  /** The APL cells below a notebook cell, in order; none for other documents. */
  cellsBelow(uri: string): string[] {
    return this.cells.cellsBelow(uri);
  }

  /**
   * What a document's diagnostics depend on besides the schema: its version and, for a cell, its
   * prelude (an edit in a cell above changes the cells below without changing their versions).
   */
  revision(uri: string): string | undefined {
    const document = this.get(uri);
    if (!document) return undefined;
    return `${document.version}\n${this.cells.prelude(uri, this.language.cellPrelude)?.text ?? ''}`;
  }

  private forget(uri: string): void {
    this.parses.delete(uri);
    this.analyses.delete(uri);
  }
}
