import type { Position, Range, TextEdit } from '../language/index.ts';
import type { Session } from './server.ts';

export type RenameOutcome = { changes: Record<string, TextEdit[]> } | { error: string };

export const notFoundAbove = 'This name is defined in a notebook cell above, which was not found: rename it there.';

/**
 * Rename. In a notebook, a `let` of a cell is renamed in that cell (wherever the rename starts) and
 * in every cell below whose uses resolve to it: a cell in between that defines the name again hides
 * it, as in one query. Anything else, and any other document, is renamed within the document.
 */
export function renameSymbol({ language, store }: Session, uri: string, position: Position, newName: string): RenameOutcome | undefined {
  const view = store.analyzed(uri);
  if (!view) return undefined;
  const definition = language.getDefinition(view.analyzed, view.toAnalyzed(position));
  let origin: { uri: string; position: Position; definition: Range | undefined } = { uri, position, definition: definition && view.fromAnalyzed(definition) };
  if (definition && !origin.definition) {
    const above = store.locateInCellAbove(uri, definition);
    if (!above) return { error: notFoundAbove };
    origin = { uri: above.uri, position: above.range.start, definition: above.range };
  }
  const originView = origin.uri === uri ? view : store.analyzed(origin.uri);
  if (!originView) return undefined;
  const renamed = language.renameSymbol(originView.analyzed, originView.toAnalyzed(origin.position), newName);
  if ('error' in renamed) return renamed;
  const changes: Record<string, TextEdit[]> = { [origin.uri]: originView.listFromAnalyzed(renamed.edits) };
  if (!origin.definition) return { changes };
  for (const below of store.cellsBelow(origin.uri)) {
    const belowView = store.analyzed(below);
    // Nothing for a name that is not a let (a column), or a let the prelude left out (a syntax error).
    const inPrelude = belowView && store.letInPrelude(below, origin.uri, origin.definition);
    if (!belowView || !inPrelude) continue;
    const renamedBelow = language.renameSymbol(belowView.analyzed, inPrelude, newName);
    if ('error' in renamedBelow) return renamedBelow;
    const edits = belowView.listFromAnalyzed(renamedBelow.edits);
    if (edits.length > 0) changes[below] = edits;
  }
  return { changes };
}
