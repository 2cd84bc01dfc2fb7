import type { ColumnDefinition, Expression, FunctionNode, FunctionParameter, NameNode, TabularOperator, LetStatement } from '../syntax/ast.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { Diagnostic } from '../types.ts';
import type { Schema } from './schema.ts';
import { runAnalysis, runAnalysisAfter, runLetsAnalysis, type AnalysedLets } from './queries.ts';
import type { AnalysisState, QueryLets } from './state.ts';

/** The scalar types of APL after alias folding (`date` → datetime, `double` → real, ...). */
export type ScalarType = 'bool' | 'int' | 'long' | 'real' | 'string' | 'datetime' | 'timespan' | 'dynamic' | 'unknown';

export interface Column {
  name: string;
  type: ScalarType;
}

/** A table's columns; `open` means more columns may exist than are listed (the schema is unknown). */
export interface TableShape {
  columns: Column[];
  open: boolean;
}

export interface LetBinding {
  name: string;
  statement: LetStatement;
  /** A scalar type, or 'table' for a tabular let. */
  type: ScalarType | 'table';
  table?: TableShape;
  /** A function-like let's value (`let f = (x: long) { … }`): calls to the name are calls to it. */
  function?: FunctionNode;
  /** What a call to the function-like let gives: its body's last expression ('table' for a tabular one). */
  returns?: ScalarType | 'table';
  /** The binding stands for this parameter of `statement`'s function, inside its body. */
  parameter?: FunctionParameter;
}

export type ResolvedSymbol =
  | { kind: 'column'; column: Column }
  | { kind: 'let'; binding: LetBinding }
  | { kind: 'dataset'; name: string; table: TableShape }
  | { kind: 'function'; name: string };

export interface AnalyzedDocument {
  parsed: ParsedDocument;
  schema: Schema | undefined;
  /** Semantic diagnostics; syntax errors are in `parsed.errors`. */
  diagnostics: Diagnostic[];
  /** The table flowing into an operator, if the operator was reached. */
  inputOf(operator: TabularOperator): TableShape | undefined;
  /** The table an operator produces. */
  outputOf(operator: TabularOperator): TableShape | undefined;
  typeOf(expression: Expression): ScalarType;
  symbolOf(name: NameNode): ResolvedSymbol | undefined;
  /** `let` bindings visible at an offset (declared earlier in the same query). */
  letsVisibleAt(offset: number): LetBinding[];
  /** The name an unnamed extend, project or summarize column gets; undefined for a named one. */
  nameGivenTo(definition: ColumnDefinition): string | undefined;
}

/**
 * Analyzes every query of a parsed document against an optional schema: column flow through each
 * operator, expression types, name resolution and semantic diagnostics. One pass; the result
 * answers the features' questions from maps.
 */
export function analyzeDocument(parsed: ParsedDocument, schema?: Schema): AnalyzedDocument {
  return answersOf(runAnalysis(parsed, schema), schema);
}

/** A notebook's `let` statements (one query) analysed once, for `analyzeAfterPrelude`. */
export interface PreludeAnalysis {
  readonly schema: Schema | undefined;
  readonly lets: AnalysedLets;
}

export function analyzePrelude(lets: ParsedDocument, schema?: Schema): PreludeAnalysis {
  return { schema, lets: runLetsAnalysis(lets, schema) };
}

/**
 * A notebook cell after its prelude (`parseAfterPrelude` of the lets `prelude` analysed), answered
 * as `analyzeDocument` answers, the prelude's statements not analysed again: each cell costs its
 * own analysis, not that of every let above it. Diagnostics inside the prelude belong to the cells
 * above and are left out.
 */
export function analyzeAfterPrelude(parsed: ParsedDocument, prelude: PreludeAnalysis, preludeLength: number): AnalyzedDocument {
  return answersOf(runAnalysisAfter(parsed, prelude.lets, preludeLength), prelude.schema);
}

function answersOf(state: AnalysisState, schema: Schema | undefined): AnalyzedDocument {
  const { parsed } = state;
  return {
    parsed,
    schema,
    diagnostics: state.diagnostics,
    inputOf: (operator) => state.inputs.get(operator),
    outputOf: (operator) => state.outputs.get(operator),
    typeOf: (expression) => state.types.get(expression) ?? 'unknown',
    symbolOf: (name) => state.symbols.get(name),
    letsVisibleAt: (offset) => letsVisibleAt(state, offset),
    nameGivenTo: (definition) => state.givenNames.get(definition),
  };
}

function letsVisibleAt(state: AnalysisState, offset: number): LetBinding[] {
  const query = queryAt(state, offset);
  if (!query) return [];
  // A later let of the same name hides an earlier one.
  const visible = new Map<string, LetBinding>();
  for (const { binding, visibleFrom, visibleUntil } of query.lets) {
    if (visibleFrom <= offset && (visibleUntil === undefined || offset <= visibleUntil)) visible.set(binding.name, binding);
  }
  return [...visible.values()];
}

/**
 * The query an offset belongs to: the one containing it, or the one it trails (the cursor after
 * the last token while typing), as long as no blank line, which would start a new query, lies between.
 */
function queryAt(state: AnalysisState, offset: number): QueryLets | undefined {
  let candidate: QueryLets | undefined;
  for (const query of state.queryLets) {
    if (query.span.start > offset) break;
    candidate = query;
  }
  if (!candidate || offset <= candidate.span.end) return candidate;
  const gap = state.parsed.text.slice(candidate.span.end, offset);
  return /\n[ \t]*\r?\n/.test(gap) ? undefined : candidate;
}
