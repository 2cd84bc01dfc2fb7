import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { Diagnostic } from '../types.ts';

export function getDiagnostics(analyzed: AnalyzedDocument): Diagnostic[] {
  const { lineIndex, errors } = analyzed.parsed;
  const syntax: Diagnostic[] = errors.map((error) => ({
    range: lineIndex.rangeOf(error.start, error.end),
    start: error.start,
    end: error.end,
    severity: 'error',
    message: error.message,
    code: 'syntax',
  }));
  return [...syntax, ...analyzed.diagnostics].sort((a, b) => a.start - b.start);
}
