import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { Position, SignatureHelp } from '../types.ts';

export function getSignatureHelp(_analyzed: AnalyzedDocument, _position: Position): SignatureHelp | undefined {
  return undefined;
}
