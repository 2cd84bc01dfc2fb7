import type { CstNode } from 'chevrotain';
import type * as ast from './ast.ts';
import { type Children, node, nodes, nodeSpan, token } from './cst.ts';

/** The AST builder's pieces a function definition is made of. */
export interface FunctionParts {
  name(cst: CstNode | undefined, fallback: number): ast.NameNode;
  expression(cst: CstNode, fallback: number): ast.Expression;
  columnDeclaration(cst: CstNode, fallback: number): ast.ColumnDeclaration;
  /** A body's statements, read like a query's. */
  statements(cst: CstNode, start: number, end: number): ast.Statement[];
}

/** `(x: long, T: (*)) { … }` as a `Function` node; recovery may leave any part missing. */
export function buildFunction(cst: CstNode, fallback: number, parts: FunctionParts): ast.FunctionNode {
  const c = cst.children as Children;
  const span = nodeSpan(cst) ?? { start: fallback, end: fallback };
  const parameters = nodes(c, 'functionParameter').map((parameter) => buildParameter(parameter, span.start, parts));
  const body = node(c, 'body');
  const open = token(c, 'LBrace');
  const bodyStart = open ? open.startOffset + 1 : span.end;
  return { kind: 'Function', parameters, body: body ? parts.statements(body, bodyStart, span.end) : [], ...span };
}

function buildParameter(cst: CstNode, fallback: number, parts: FunctionParts): ast.FunctionParameter {
  const c = cst.children as Children;
  const span = nodeSpan(cst) ?? { start: fallback, end: fallback };
  const parameter: ast.FunctionParameter = { kind: 'FunctionParameter', name: parts.name(node(c, 'name'), span.start), ...span };
  const type = node(c, 'type');
  if (type) parameter.typeName = parts.name(type, span.end);
  if (token(c, 'tabular')) parameter.columns = nodes(c, 'columnDeclaration').map((declaration) => parts.columnDeclaration(declaration, span.end));
  const defaultValue = node(c, 'default');
  if (defaultValue) parameter.default = parts.expression(defaultValue, span.end);
  return parameter;
}
