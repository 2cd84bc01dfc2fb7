import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { Hover, Position } from '../types.ts';

export function getHover(_analyzed: AnalyzedDocument, _position: Position): Hover | undefined {
  return undefined;
}
