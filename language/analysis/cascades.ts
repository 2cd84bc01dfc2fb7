import type { Span } from '../syntax/ast.ts';
import type { Diagnostic } from '../types.ts';
import type { AnalysisState } from './state.ts';

/**
 * Drops semantic diagnostics that a syntax error probably caused: those whose innermost
 * operator (or statement, outside any operator) also contains the start of a syntax error.
 * The parser recovers at `|`, so the other stages of the query keep their diagnostics.
 */
export function withoutCascades(state: AnalysisState, diagnostics: Diagnostic[]): Diagnostic[] {
  const errors = state.parsed.errors;
  if (errors.length === 0 || diagnostics.length === 0) return diagnostics;
  const stages: Span[] = [...state.inputs.keys()];
  for (const query of state.parsed.root.queries) stages.push(...query.statements);
  const broken = new Set(stages.filter((stage) => errors.some((error) => stage.start <= error.start && error.start <= stage.end)));
  if (broken.size === 0) return diagnostics;
  return diagnostics.filter((diagnostic) => {
    const stage = innermost(stages, diagnostic);
    return !stage || !broken.has(stage);
  });
}

function innermost(stages: Span[], span: Span): Span | undefined {
  let best: Span | undefined;
  for (const stage of stages) {
    if (stage.start > span.start || stage.end < span.end) continue;
    if (!best || stage.end - stage.start < best.end - best.start) best = stage;
  }
  return best;
}
