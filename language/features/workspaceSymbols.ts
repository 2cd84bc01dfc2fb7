/**
 * Go to Symbol in Workspace: a document's queries and `let` names (not their stages, which would
 * bury them) whose names hold the typed characters in order, ignoring case, as the editor's own
 * filter matches them.
 */
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { FoundSymbol } from '../types.ts';
import { getDocumentSymbols } from './documentSymbols.ts';

export function findSymbols(parsed: ParsedDocument, query: string): FoundSymbol[] {
  const found: FoundSymbol[] = [];
  for (const symbol of getDocumentSymbols(parsed)) {
    if (matches(symbol.name, query)) found.push({ symbol });
    for (const child of symbol.children) {
      if (child.kind === 'let' && matches(child.name, query)) found.push({ symbol: child, containerName: symbol.name });
    }
  }
  return found;
}

/** Whether the name holds the query's characters in order (ignoring case). */
function matches(name: string, query: string): boolean {
  const lowerName = name.toLowerCase();
  let at = 0;
  for (const char of query.toLowerCase()) {
    at = lowerName.indexOf(char, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}
