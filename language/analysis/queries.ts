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
import { countUpTo } from '../text/sorted.ts';

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

/**
 * The analysis of a one-query text whose statements up to `preludeLength` are those of `prelude`
 * (the same nodes, analysed there with nothing before them): only the statements after them are
 * analysed, with the prelude's lets in scope and its records read through. The answers are those
 * of `runAnalysis`, but for diagnostics inside the prelude, which are left out (`set stricttypes`
 * only adds diagnostics). Undefined for a text of several queries.
 */
export function runAnalysisAfter(parsed: ParsedDocument, prelude: AnalysisState, preludeLength: number): AnalysisState | undefined {
  const query = parsed.root.queries[0];
  if (!query || parsed.root.queries.length > 1) return undefined;
  const state = new AnalysisState(parsed, prelude.schema, prelude);
  const own = query.statements.slice(countUpTo(query.statements, (statement) => statement.end, preludeLength));
  state.strictTypes = own.some(isStrictTypesOn);
  const preludeLets = prelude.queryLets[0]?.lets ?? [];
  const lets = preludeLets.slice(0, countUpTo(preludeLets, (entry) => entry.visibleFrom, preludeLength));
  state.queryLets.push({ span: { start: query.start, end: query.end }, lets });
  const byName = letsByName(prelude);
  // The prelude's lets as the scope holds them at its end: the last of each name visible there.
  const visible = (name: string) => {
    const entries = byName.get(name);
    const count = entries ? countUpTo(entries, (entry) => entry.visibleFrom, preludeLength) : 0;
    return count > 0 ? entries![count - 1]!.binding : undefined;
  };
  const scope: QueryScope = { lets: new LayeredMap({ get: visible, has: (name) => visible(name) !== undefined }) };
  analyzeStatements(own, scope, state, lets);
  finishDiagnostics(state);
  return state;
}

const preludeIndexes = new WeakMap<AnalysisState, Map<string, QueryLets['lets']>>();

/** The top-level lets of an analysed prelude by name, each name's in order. */
function letsByName(prelude: AnalysisState): Map<string, QueryLets['lets']> {
  let index = preludeIndexes.get(prelude);
  if (index) return index;
  index = new Map();
  for (const entry of prelude.queryLets[0]?.lets ?? []) {
    if (entry.visibleUntil !== undefined) continue;
    const list = index.get(entry.binding.name);
    if (list) list.push(entry);
    else index.set(entry.binding.name, [entry]);
  }
  preludeIndexes.set(prelude, index);
  return index;
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
