import type { Span } from '../syntax/ast.ts';
import type { Diagnostic } from '../types.ts';
import type { AnalysisState } from './state.ts';
import { partitionPoint } from '../text/sorted.ts';

interface Stage {
  span: Span;
  /** Position in the list of stages: among stages of equal length, the first one listed is the innermost. */
  order: number;
}

/**
 * Drops semantic diagnostics that a syntax error probably caused: those whose innermost
 * operator (or statement, outside any operator) also contains the start of a syntax error, or
 * starts inside one.
 * The parser recovers at `|`, so the other stages of the query keep their diagnostics.
 * One sweep over stages and diagnostics in order of start: garbage text has as many syntax
 * errors and stages as tokens, so testing every pair was quadratic.
 */
export function withoutCascades(state: AnalysisState, diagnostics: Diagnostic[]): Diagnostic[] {
  const errors = state.parsed.errors;
  if (errors.length === 0 || diagnostics.length === 0) return diagnostics;
  const spans: Span[] = [...state.inputs.keys()];
  for (const query of state.parsed.root.queries) for (const statement of query.statements) spans.push(statement);
  const byStart = [...errors].sort((a, b) => a.start - b.start);
  const errorStarts = byStart.map((error) => error.start);
  // The furthest end of the errors up to each one: a statement that starts inside an error's span
  // (the stray text of a run of statements with no `;` between them) is broken too.
  let furthest = -1;
  const reach = byStart.map((error) => (furthest = Math.max(furthest, error.end)));
  const insideError = (span: Span) => {
    const last = partitionPoint(errorStarts, (offset) => offset <= span.start) - 1;
    return last >= 0 && reach[last]! > span.start;
  };
  const broken = new Set(spans.filter((span) => containsAny(errorStarts, span) || insideError(span)));
  if (broken.size === 0) return diagnostics;
  const stages = spans.map((span, order): Stage => ({ span, order }));
  const innermostStages = innermostOf(stages, diagnostics);
  return diagnostics.filter((_, index) => {
    const stage = innermostStages[index];
    return !stage || !broken.has(stage.span);
  });
}

/** Whether a sorted list of offsets has one inside the span (ends included). */
function containsAny(sortedOffsets: readonly number[], span: Span): boolean {
  const first = partitionPoint(sortedOffsets, (offset) => offset < span.start);
  return first < sortedOffsets.length && sortedOffsets[first]! <= span.end;
}

/**
 * For each diagnostic, the shortest stage that contains it. Stages nest, so sweeping both lists by
 * start with a stack of the stages still open visits each stage once; only the open ones are compared.
 */
function innermostOf(stages: Stage[], diagnostics: readonly Diagnostic[]): (Stage | undefined)[] {
  const byStart = stages.slice().sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end);
  const diagnosticOrder = diagnostics.map((_, index) => index).sort((a, b) => diagnostics[a]!.start - diagnostics[b]!.start);
  const result: (Stage | undefined)[] = new Array(diagnostics.length);
  const open: Stage[] = [];
  let next = 0;
  for (const index of diagnosticOrder) {
    const span = diagnostics[index]!;
    while (next < byStart.length && byStart[next]!.span.start <= span.start) {
      const stage = byStart[next++]!;
      while (open.length > 0 && open[open.length - 1]!.span.end < stage.span.start) open.pop();
      open.push(stage);
    }
    while (open.length > 0 && open[open.length - 1]!.span.end < span.start) open.pop();
    let best: Stage | undefined;
    for (const stage of open) {
      if (stage.span.end < span.end || stage.span.start > span.start) continue;
      const length = stage.span.end - stage.span.start;
      const bestLength = best ? best.span.end - best.span.start : Infinity;
      if (length < bestLength || (length === bestLength && stage.order < best!.order)) best = stage;
    }
    result[index] = best;
  }
  return result;
}
