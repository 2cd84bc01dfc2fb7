import type { Expression, LetStatement, QueryNode, SetStatement, Statement } from '../syntax/ast.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import type { LetBinding, ScalarType } from './analyzer.ts';
import { withoutCascades } from './cascades.ts';
import { analyzeExpression } from './expressions.ts';
import { analyzeFunctionLet } from './functions.ts';
import type { Schema } from './schema.ts';
import { schemaTables } from './schemaTables.ts';
import { expressionContext, type QueryScope, type TableContext } from './scope.ts';
import { analyzeTable } from './sources.ts';
import { messages, rules } from './rules.ts';
import { AnalysisState, type QueryLets } from './state.ts';
import { LayeredMap } from './layeredMap.ts';
import { partitionPoint } from '../text/sorted.ts';

/** Walks every query once: lets in order, then the tabular expression. */
export function runAnalysis(parsed: ParsedDocument, schema: Schema | undefined): AnalysisState {
  const state = new AnalysisState(parsed, schema ? schemaTables(schema) : undefined);
  for (const query of parsed.root.queries) analyzeQuery(query, state);
  finishDiagnostics(state);
  return state;
}

function finishDiagnostics(state: AnalysisState): void {
  const kept = withoutCascades(state, state.diagnostics);
  if (kept !== state.diagnostics) state.diagnostics.splice(0, state.diagnostics.length, ...kept);
  state.diagnostics.sort((a, b) => a.start - b.start || a.end - b.end);
}

function analyzeQuery(query: QueryNode, state: AnalysisState): void {
  const lets: { binding: LetBinding; visibleFrom: number }[] = [];
  state.queryLets.push({ span: { start: query.start, end: query.end }, lets });
  state.strictTypes = query.statements.some(isStrictTypesOn);
  analyzeStatements(query.statements, { lets: new Map() }, state, lets);
}

/** `let` statements (one query) analysed once, for `runAnalysisAfter`: the state, and its top-level lets by name, in order. */
export interface AnalysedLets {
  state: AnalysisState;
  byName: ReadonlyMap<string, QueryLets['lets']>;
}

export function runLetsAnalysis(lets: ParsedDocument, schema: Schema | undefined): AnalysedLets {
  const state = runAnalysis(lets, schema);
  const byName = new Map<string, QueryLets['lets']>();
  for (const entry of state.queryLets[0]?.lets ?? []) {
    if (entry.visibleUntil !== undefined) continue;
    const list = byName.get(entry.binding.name);
    if (list) list.push(entry);
    else byName.set(entry.binding.name, [entry]);
  }
  return { state, byName };
}

/**
 * The analysis of a one-query text whose statements up to `preludeLength` are the first ones of
 * `prelude` (the same nodes, analysed there with nothing before them): only the statements after
 * them are analysed, with the prelude's lets in scope and its records read through. The answers
 * are those of `runAnalysis`, but for diagnostics inside the prelude, which are left out (`set
 * stricttypes` only adds diagnostics).
 */
export function runAnalysisAfter(parsed: ParsedDocument, prelude: AnalysedLets, preludeLength: number): AnalysisState {
  const state = new AnalysisState(parsed, prelude.state.schema, prelude.state);
  // One query at most: the prelude's statements and the cell's, parsed as one (parseAfterPrelude).
  const query = parsed.root.queries[0];
  if (query) {
    const own = query.statements.slice(partitionPoint(query.statements, (statement) => statement.end <= preludeLength));
    state.strictTypes = own.some(isStrictTypesOn);
    const preludeLets = prelude.state.queryLets[0]?.lets ?? [];
    const lets = preludeLets.slice(0, partitionPoint(preludeLets, (entry) => entry.visibleFrom <= preludeLength));
    state.queryLets.push({ span: { start: query.start, end: query.end }, lets });
    // The prelude's lets as the scope holds them at its end: the last of each name visible there.
    const visible = (name: string) => {
      const entries = prelude.byName.get(name);
      const count = entries ? partitionPoint(entries, (entry) => entry.visibleFrom <= preludeLength) : 0;
      return count > 0 ? entries![count - 1]!.binding : undefined;
    };
    const scope: QueryScope = { lets: new LayeredMap({ get: visible, has: (name) => visible(name) !== undefined }) };
    analyzeStatements(own, scope, state, lets);
  }
  finishDiagnostics(state);
  return state;
}

/** A query's statements, or a function body's, whose lets are visible `until` the body's end. */
/** Returns the type of the last expression statement (a function body's result), if any. */
function analyzeStatements(
  statements: Statement[],
  scope: QueryScope,
  state: AnalysisState,
  lets: QueryLets['lets'],
  until?: number,
): ScalarType | 'table' | undefined {
  let result: ScalarType | 'table' | undefined;
  for (const statement of statements) {
    switch (statement.kind) {
      case 'LetStatement': {
        const binding = analyzeLet(statement, scope, state, lets);
        state.symbols.set(statement.name, { kind: 'let', binding });
        // Visible after its own statement, not inside its value.
        scope.lets.set(binding.name, binding);
        lets.push(until === undefined ? { binding, visibleFrom: statement.end } : { binding, visibleFrom: statement.end, visibleUntil: until });
        break;
      }
      case 'SetStatement':
        if (!isKnownQueryOption(statement)) state.report(rules.unknownQueryOption, statement.name, messages.unknownQueryOption(statement.name.name));
        if (statement.value) analyzeExpression(statement.value, expressionContext(tableContext(scope, state), undefined));
        break;
      case 'ExpressionStatement':
        if (isTabular(statement.expression, scope)) {
          analyzeTable(statement.expression, scope, state);
          result = 'table';
        } else {
          result = analyzeExpression(statement.expression, expressionContext(tableContext(scope, state), undefined));
        }
        break;
    }
  }
  return result;
}

// The set-statement page documents one option, stricttypes (`set stricttypes;`, or `= false` to turn it off).
const isKnownQueryOption = (statement: SetStatement) => statement.name.name.toLowerCase() === 'stricttypes';

function isStrictTypesOn(statement: Statement): boolean {
  if (statement.kind !== 'SetStatement' || !isKnownQueryOption(statement)) return false;
  return !(statement.value?.kind === 'Literal' && statement.value.value === false);
}

function analyzeLet(statement: LetStatement, scope: QueryScope, state: AnalysisState, lets: QueryLets['lets']): LetBinding {
  const name = statement.name.name;
  const value = statement.value;
  if (value.kind === 'Function') {
    // A body still being typed, not closed yet, runs on to the query's end.
    const until = state.parsed.text[value.end - 1] === '}' ? value.end : undefined;
    return analyzeFunctionLet(statement, value, tableContext(scope, state), (body, inner, parameters) => {
      for (const binding of parameters) {
        const visibleFrom = binding.parameter!.end;
        lets.push(until === undefined ? { binding, visibleFrom } : { binding, visibleFrom, visibleUntil: until });
      }
      return analyzeStatements(body, inner, state, lets, until);
    });
  }
  if (isTabular(statement.value, scope)) {
    const flow = analyzeTable(statement.value, scope, state);
    const binding: LetBinding = { name, statement, type: 'table', table: flow.shape };
    state.letFlows.set(binding, flow);
    return binding;
  }
  const type = analyzeExpression(statement.value, expressionContext(tableContext(scope, state), undefined));
  return { name, statement, type };
}

/**
 * Whether an expression denotes a table. A bare name does unless it is a scalar let: at the
 * top of a query or as a let's whole value, an unknown name can only be a dataset.
 */
function isTabular(expression: Expression, scope: QueryScope): boolean {
  switch (expression.kind) {
    case 'Pipeline':
      return true;
    case 'Paren':
      return isTabular(expression.expression, scope);
    case 'Name': {
      const binding = scope.lets.get(expression.name);
      return binding ? binding.type === 'table' : true;
    }
    default:
      return false;
  }
}

function tableContext(scope: QueryScope, state: AnalysisState): TableContext {
  return { state, query: scope, analyzeTable: (expression, query) => analyzeTable(expression, query, state) };
}
