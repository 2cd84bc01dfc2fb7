import type { NotebookCells } from './notebookCells.ts';
import type { Session } from './server.ts';

type WhenReady = (name: string, work: (current: Session) => void) => void;

/**
 * Diagnostics of notebook cells. They follow the notebook's events rather than the cells' own: a
 * cell is opened before the server knows its notebook, and an edit in one cell changes the prelude
 * of every cell below it.
 */
export function diagnoseNotebooks(cells: NotebookCells, whenReady: WhenReady): void {
  cells.notebooks.onDidOpen((notebook) =>
    whenReady('diagnostics', ({ diagnostics }) => {
      for (const uri of cells.cellsOf(notebook.uri)) diagnostics.publishNow(uri);
    }),
  );
  // Any change (an edit, cells added, removed or moved) may change the preludes below it; a cell
  // whose text and prelude are unchanged is skipped by `schedule`.
  cells.notebooks.onDidChange(({ notebookDocument }) =>
    whenReady('diagnostics', ({ diagnostics }) => {
      for (const uri of cells.cellsOf(notebookDocument.uri)) diagnostics.schedule(uri);
    }),
  );
  cells.notebooks.cellTextDocuments.onDidClose(({ document }) => whenReady('diagnostics', ({ diagnostics }) => diagnostics.clear(document.uri)));
}
