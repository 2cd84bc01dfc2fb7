import type { FunctionNode, LetStatement, Statement } from '../syntax/ast.ts';
import type { LetBinding, ScalarType } from './analyzer.ts';
import { analyzeExpression, checkTypeName } from './expressions.ts';
import { expressionContext, type QueryScope, type TableContext } from './scope.ts';
import { LayeredMap } from './layeredMap.ts';

/**
 * Function-like lets (Kusto's user-defined functions): `let f = (x: long, T: (*)) { … }`. The
 * parameters are bound inside the body like lets, the body's statements are analyzed like a
 * query's, and the let's name stands for the function. A call has the type of the body's last
 * expression, as the parameters' declared types make it.
 */
export function analyzeFunctionLet(
  statement: LetStatement,
  definition: FunctionNode,
  context: TableContext,
  /** Analyses the body; returns the type of its last expression. */
  analyzeBody: (statements: Statement[], scope: QueryScope, parameters: LetBinding[]) => ScalarType | 'table' | undefined,
): LetBinding {
  // The body sees the query's lets, then the parameters, which hide lets of the same name.
  const body: QueryScope = { lets: new LayeredMap(context.query.lets) };
  const constants = expressionContext(context, undefined);
  const parameters: LetBinding[] = [];
  for (const parameter of definition.parameters) {
    if (parameter.default) analyzeExpression(parameter.default, constants);
    const type = parameter.typeName ? checkTypeName(parameter.typeName, context.state) : 'table';
    const binding: LetBinding = { name: parameter.name.name, statement, type, parameter };
    context.state.symbols.set(parameter.name, { kind: 'let', binding });
    body.lets.set(binding.name, binding);
    parameters.push(binding);
  }
  const returns = analyzeBody(definition.body, body, parameters);
  return { name: statement.name.name, statement, type: 'unknown', function: definition, ...(returns === undefined ? {} : { returns }) };
}
