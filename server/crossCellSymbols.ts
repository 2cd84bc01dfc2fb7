import type { Position, Range, TextEdit } from '../language/index.ts';
import type { AnalysisView } from './analysisView.ts';
import type { Session } from './server.ts';

export type RenameOutcome = { changes: Record<string, TextEdit[]> } | { error: string };

export interface CellRange {
  uri: string;
  range: Range;
}

export const notFoundAbove = 'This name is defined in a notebook cell above, which was not found: rename it there.';

/** A document to ask the core about a symbol, and where the symbol is in its analysed text. */
interface SymbolSite {
  uri: string;
  view: AnalysisView;
  at: Position;
}

/**
 * Where to look for the symbol at a position. In a notebook, a `let` of a cell is looked for in that
 * cell (wherever the request starts) and in every cell below, at the let's copy in their prelude:
 * the core then finds the uses that resolve to it, so a cell in between that defines the name again
 * hides it, as in one query. Anything else, and any other document, is looked for in the document.
 */
function symbolSites({ language, store }: Session, uri: string, position: Position): SymbolSite[] | { error: string } {
  const view = store.analyzed(uri);
  if (!view) return [];
  const at = view.toAnalyzed(position);
  const definition = language.getDefinition(view.analyzed, at);
  const inDocument = definition && view.fromAnalyzed(definition);
  let origin: SymbolSite & { definition: Range | undefined } = { uri, view, at, definition: inDocument };
  if (definition && !inDocument) {
    const above = store.locateInCellAbove(uri, definition);
    const aboveView = above && store.analyzed(above.uri);
    if (!above || !aboveView) return { error: notFoundAbove };
    origin = { uri: above.uri, view: aboveView, at: aboveView.toAnalyzed(above.range.start), definition: above.range };
  }
  const sites: SymbolSite[] = [origin];
  if (!origin.definition) return sites;
  for (const below of store.cellsBelow(origin.uri)) {
    const belowView = store.analyzed(below);
    // Nothing for a name that is not a let (a column), or a let the prelude left out (a syntax error).
    const inPrelude = belowView && store.letInPrelude(below, origin.uri, origin.definition);
    if (belowView && inPrelude) sites.push({ uri: below, view: belowView, at: inPrelude });
  }
  return sites;
}

/** Rename, across the cells of a notebook for a let (see `symbolSites`). */
export function renameSymbol(session: Session, uri: string, position: Position, newName: string): RenameOutcome | undefined {
  const sites = symbolSites(session, uri, position);
  if ('error' in sites) return sites;
  if (sites.length === 0) return undefined;
  const changes: Record<string, TextEdit[]> = {};
  for (const [index, site] of sites.entries()) {
    const renamed = session.language.renameSymbol(site.view.analyzed, site.at, newName);
    if ('error' in renamed) return renamed;
    const edits = site.view.listFromAnalyzed(renamed.edits);
    if (index === 0 || edits.length > 0) changes[site.uri] = edits;
  }
  return { changes };
}

/** References, across the cells of a notebook for a let (see `symbolSites`). */
export function findReferences(session: Session, uri: string, position: Position, includeDeclaration: boolean): CellRange[] {
  const sites = symbolSites(session, uri, position);
  if ('error' in sites) return [];
  return sites.flatMap((site) =>
    site.view.listFromAnalyzed(session.language.getReferences(site.view.analyzed, site.at, includeDeclaration)).map((range) => ({ uri: site.uri, range })),
  );
}
