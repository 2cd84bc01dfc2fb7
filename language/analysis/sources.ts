import type { Expression, NameNode, SourceOperator } from '../syntax/ast.ts';
import { analyzeExpression } from './expressions.ts';
import { applyOperator } from './operators.ts';
import { messages, rules } from './rules.ts';
import { expressionContext, type QueryScope, type TableContext } from './scope.ts';
import type { AnalysisState } from './state.ts';
import { emptyFlow, openFlow, type Flow } from './tables.ts';
import { closestName, withSuggestion } from './suggestions.ts';

/** Table expressions: pipelines, dataset and let names, parenthesised subqueries. */
export function analyzeTable(expression: Expression | SourceOperator, query: QueryScope, state: AnalysisState): Flow {
  const context: TableContext = {
    state,
    query,
    analyzeTable: (inner, scope) => analyzeTable(inner, scope, state),
  };
  switch (expression.kind) {
    case 'Pipeline': {
      let flow = analyzeTable(expression.source, query, state);
      for (const operator of expression.operators) {
        state.inputs.set(operator, flow.shape);
        flow = applyOperator(operator, flow, context);
        state.outputs.set(operator, flow.shape);
      }
      return flow;
    }
    case 'Paren':
      return analyzeTable(expression.expression, query, state);
    case 'Name':
      return tableNamed(expression, query, state);
    case 'union':
    case 'search':
    case 'print':
    case 'datatable':
    case 'externaldata': {
      state.inputs.set(expression, emptyFlow.shape);
      const flow = applyOperator(expression, undefined, context);
      state.outputs.set(expression, flow.shape);
      return flow;
    }
    default:
      analyzeExpression(expression, expressionContext(context, undefined));
      return openFlow();
  }
}

/** A tabular let, else a dataset; unknown datasets are reported only when a schema was given. */
function tableNamed(name: NameNode, query: QueryScope, state: AnalysisState): Flow {
  const binding = query.lets.get(name.name);
  if (binding) {
    state.symbols.set(name, { kind: 'let', binding });
    return state.letFlows.get(binding) ?? openFlow();
  }
  const dataset = state.schema?.get(name.name);
  if (dataset) {
    state.symbols.set(name, { kind: 'dataset', name: name.name, table: dataset.shape });
    return dataset;
  }
  if (state.schema) {
    const suggestion = closestName(name.name, state.schema.keys());
    state.report(rules.unknownDataset, name, withSuggestion(messages.unknownDataset(name.name), suggestion), suggestion === undefined ? undefined : [suggestion]);
  }
  const flow = openFlow();
  state.symbols.set(name, { kind: 'dataset', name: name.name, table: flow.shape });
  return flow;
}
