import type { ColumnDefinition, Expression, NameNode, Span, TabularOperator } from '../syntax/ast.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { Diagnostic } from '../types.ts';
import type { LetBinding, ResolvedSymbol, ScalarType, TableShape } from './analyzer.ts';
import type { Rule } from './rules.ts';
import type { Flow } from './tables.ts';
import type { SchemaTables } from './schemaTables.ts';
import { LayeredMap } from './layeredMap.ts';

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
  readonly types: Map<Expression, ScalarType>;
  readonly symbols: Map<NameNode, ResolvedSymbol>;
  readonly inputs: Map<TabularOperator, TableShape>;
  readonly outputs: Map<TabularOperator, TableShape>;
  /** The name an unnamed extend, project or summarize column gets (`avg_x`, `Column1`). */
  readonly givenNames: Map<ColumnDefinition, string>;
  /** The flows of tabular lets, so a pipeline that starts from one keeps its history. */
  readonly letFlows: Map<LetBinding, Flow>;
  readonly queryLets: QueryLets[] = [];
  /** The query being analysed has `set stricttypes;`: comparisons of two types are errors. */
  strictTypes = false;

  constructor(
    readonly parsed: ParsedDocument,
    /** Undefined when no schema was given. */
    readonly schema: SchemaTables | undefined,
    /** The analysis of statements this one's text begins with, whose nodes it shares (a cell's prelude). */
    below?: AnalysisState,
  ) {
    this.types = new LayeredMap(below?.types);
    this.symbols = new LayeredMap(below?.symbols);
    this.inputs = new LayeredMap(below?.inputs);
    this.outputs = new LayeredMap(below?.outputs);
    this.givenNames = new LayeredMap(below?.givenNames);
    this.letFlows = new LayeredMap(below?.letFlows);
  }

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
