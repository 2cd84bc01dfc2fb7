import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { CompletionItem, Position } from '../types.ts';

export function getCompletions(_analyzed: AnalyzedDocument, _position: Position): CompletionItem[] {
  return [];
}
