import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { FoldingRange } from '../types.ts';

export function getFoldingRanges(_parsed: ParsedDocument): FoldingRange[] {
  return [];
}
