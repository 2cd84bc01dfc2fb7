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

/** Walks every query once: lets in order, then the tabular expression. */
export function runAnalysis(parsed: ParsedDocument, schema: Schema | undefined): AnalysisState {
  const state = new AnalysisState(parsed, schema ? schemaTables(schema) : undefined);
  for (const query of parsed.root.queries) analyzeQuery(query, state);
  const kept = withoutCascades(state, state.diagnostics);
  if (kept !== state.diagnostics) state.diagnostics.splice(0, state.diagnostics.length, ...kept);
  state.diagnostics.sort((a, b) => a.start - b.start || a.end - b.end);
  return state;
}

function analyzeQuery(query: QueryNode, state: AnalysisState): void {
  const lets: { binding: LetBinding; visibleFrom: number }[] = [];
  state.queryLets.push({ span: { start: query.start, end: query.end }, lets });
  state.strictTypes = query.statements.some(isStrictTypesOn);
  analyzeStatements(query.statements, { lets: new Map() }, state, lets);
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
