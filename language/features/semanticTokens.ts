import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { SemanticToken } from '../types.ts';

export function getSemanticTokens(_analyzed: AnalyzedDocument): SemanticToken[] {
  return [];
}
