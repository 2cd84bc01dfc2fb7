import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { DocumentSymbol } from '../types.ts';

export function getDocumentSymbols(_parsed: ParsedDocument): DocumentSymbol[] {
  return [];
}
