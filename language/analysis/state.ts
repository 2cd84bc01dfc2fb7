import type { ColumnDefinition, Expression, NameNode, Span, TabularOperator } from '../syntax/ast.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { Diagnostic } from '../types.ts';
import type { LetBinding, ResolvedSymbol, ScalarType, TableShape } from './analyzer.ts';
import type { Rule } from './rules.ts';
import type { Flow } from './tables.ts';
import type { SchemaTables } from './schemaTables.ts';

/**
 * One query's span and its lets, each visible from the end of its statement; a function's
 * parameters and the lets of its body only up to the body's end.
 */
export interface QueryLets {
  span: Span;
  lets: { binding: LetBinding; visibleFrom: number; visibleUntil?: number }[];
}

/** Everything one analysis run records, keyed by AST node. */
export class AnalysisState {
  readonly diagnostics: Diagnostic[] = [];
  readonly types = new Map<Expression, ScalarType>();
  readonly symbols = new Map<NameNode, ResolvedSymbol>();
  readonly inputs = new Map<TabularOperator, TableShape>();
  readonly outputs = new Map<TabularOperator, TableShape>();
  /** The name an unnamed extend, project or summarize column gets (`avg_x`, `Column1`). */
  readonly givenNames = new Map<ColumnDefinition, string>();
  /** The flows of tabular lets, so a pipeline that starts from one keeps its history. */
  readonly letFlows = new Map<LetBinding, Flow>();
  readonly queryLets: QueryLets[] = [];
  /** The query being analysed has `set stricttypes;`: comparisons of two types are errors. */
  strictTypes = false;

  constructor(
    readonly parsed: ParsedDocument,
    /** Undefined when no schema was given. */
    readonly schema: SchemaTables | undefined,
  ) {}

  report(rule: Rule, span: Span, message: string, replacements?: string[]): void {
    this.diagnostics.push({
      range: this.parsed.lineIndex.rangeOf(span.start, span.end),
      start: span.start,
      end: span.end,
      severity: rule.severity,
      message,
      code: rule.code,
      ...(replacements?.length ? { replacements } : {}),
    });
  }
}
