import { NotebookCellKind, NotebookDocuments, type Connection, type NotebookCell } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CellPrelude } from '../language/index.ts';
import type { LanguageCore } from './languageCore.ts';

interface CachedContribution {
  version: number;
  prelude: CellPrelude;
}

/** What one cell above gives to a cell's prelude: its kept `let` statements, from line `firstLine` of the prelude. */
export interface PreludePart {
  uri: string;
  text: string;
  firstLine: number;
  lineCount: number;
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
  prelude(uri: string, cellPrelude: LanguageCore['cellPrelude']): CellPrelude | undefined {
    const parts = this.preludeParts(uri, cellPrelude);
    if (!parts) return undefined;
    const last = parts[parts.length - 1];
    return { text: parts.map((part) => part.text).join(''), lineCount: last ? last.firstLine + last.lineCount : 0 };
  }

  /** The prelude of a cell as what each cell above gives to it, in order, with the line each part starts on. */
  preludeParts(uri: string, cellPrelude: LanguageCore['cellPrelude']): PreludePart[] | undefined {
    const above = this.cellsAbove(uri);
    if (!above) return undefined;
    let firstLine = 0;
    return above.map((cell) => {
      const { text, lineCount } = this.contribution(cell, cellPrelude);
      const part = { uri: cell.uri, text, firstLine, lineCount };
      firstLine += lineCount;
      return part;
    });
  }

  /**
   * The `let` statements of all the APL cells of a cell's notebook, in order: the prelude of each
   * of its cells is the beginning of this text. Undefined for a document that is not a cell.
   */
  notebookLets(uri: string, cellPrelude: LanguageCore['cellPrelude']): { notebookUri: string; text: string } | undefined {
    const notebook = this.notebooks.findNotebookDocumentForCell(uri);
    if (!notebook) return undefined;
    const parts: string[] = [];
    for (const cell of notebook.cells) {
      const document = this.aplDocument(cell);
      if (document) parts.push(this.contribution(document, cellPrelude).text);
    }
    return { notebookUri: notebook.uri, text: parts.join('') };
  }

  /** The URIs of a notebook's APL cells, in order. */
  cellsOf(notebookUri: string): string[] {
    const notebook = this.notebooks.getNotebookDocument(notebookUri);
    return notebook ? notebook.cells.filter((cell) => cell.kind === NotebookCellKind.Code).map((cell) => cell.document) : [];
  }

  /** The URIs of the APL cells below a cell, in order; none for a document that is not a cell. */
  cellsBelow(uri: string): string[] {
    const notebook = this.notebooks.findNotebookDocumentForCell(uri);
    if (!notebook) return [];
    const all = this.cellsOf(notebook.uri);
    const index = all.indexOf(uri);
    return index < 0 ? [] : all.slice(index + 1);
  }

  private cellsAbove(uri: string): TextDocument[] | undefined {
    const notebook = this.notebooks.findNotebookDocumentForCell(uri);
    if (!notebook) return undefined;
    const above: TextDocument[] = [];
    for (const cell of notebook.cells) {
      if (cell.document === uri) return above;
      const document = this.aplDocument(cell);
      if (document) above.push(document);
    }
    return undefined;
  }

  /** The document of an APL cell; undefined for other cells. */
  private aplDocument(cell: NotebookCell): TextDocument | undefined {
    return cell.kind === NotebookCellKind.Code ? this.get(cell.document) : undefined;
  }

  private contribution(cell: TextDocument, cellPrelude: LanguageCore['cellPrelude']): CellPrelude {
    const cached = this.contributions.get(cell.uri);
    if (cached?.version === cell.version) return cached.prelude;
    const prelude = cellPrelude([cell.getText()]);
    this.contributions.set(cell.uri, { version: cell.version, prelude });
    return prelude;
  }
}
