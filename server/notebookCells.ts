import { NotebookCellKind, NotebookDocuments, type Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { LanguageCore } from './languageCore.ts';

interface CachedContribution {
  version: number;
  text: string;
}

/**
 * The APL cells of open notebooks (LSP notebook document sync) and, for each cell, the prelude its
 * text is analysed with: the `let` statements of the APL cells above it.
 *
 * `cellPrelude` reads each cell on its own and joins what it keeps, so the prelude of a cell is the
 * join of one cached contribution per cell above: a cell is re-read only when it changes.
 */
export class NotebookCells {
  readonly notebooks = new NotebookDocuments(TextDocument);
  private readonly contributions = new Map<string, CachedContribution>();

  constructor() {
    this.notebooks.cellTextDocuments.onDidClose(({ document }) => this.contributions.delete(document.uri));
  }

  listen(connection: Connection): void {
    this.notebooks.listen(connection);
  }

  get(uri: string): TextDocument | undefined {
    return this.notebooks.cellTextDocuments.get(uri);
  }

  all(): TextDocument[] {
    return this.notebooks.cellTextDocuments.all();
  }

  isCell(uri: string): boolean {
    return this.notebooks.getNotebookCell(uri) !== undefined;
  }

  /** The prelude of a cell; undefined for a document that is not a cell of an open notebook. */
  prelude(uri: string, cellPrelude: LanguageCore['cellPrelude']): string | undefined {
    const above = this.cellsAbove(uri);
    if (!above) return undefined;
    return above.map((cell) => this.contribution(cell, cellPrelude)).join('');
  }

  /** The URIs of a notebook's APL cells, in order. */
  cellsOf(notebookUri: string): string[] {
    const notebook = this.notebooks.getNotebookDocument(notebookUri);
    return notebook ? notebook.cells.filter((cell) => cell.kind === NotebookCellKind.Code).map((cell) => cell.document) : [];
  }

  private cellsAbove(uri: string): TextDocument[] | undefined {
    const notebook = this.notebooks.findNotebookDocumentForCell(uri);
    if (!notebook) return undefined;
    const above: TextDocument[] = [];
    for (const cell of notebook.cells) {
      if (cell.document === uri) return above;
      const document = this.get(cell.document);
      if (cell.kind === NotebookCellKind.Code && document) above.push(document);
    }
    return undefined;
  }

  private contribution(cell: TextDocument, cellPrelude: LanguageCore['cellPrelude']): string {
    const cached = this.contributions.get(cell.uri);
    if (cached?.version === cell.version) return cached.text;
    const { text } = cellPrelude([cell.getText()]);
    this.contributions.set(cell.uri, { version: cell.version, text });
    return text;
  }
}
