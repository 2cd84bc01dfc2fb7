/**
 * Builds ASTs by hand for analyzer tests that do not depend on the parser. Leaves get fresh,
 * increasing offsets; a composite node spans its children.
 */
import type * as ast from '../../../language/syntax/ast.ts';
import type { ParsedDocument } from '../../../language/syntax/parseResult.ts';
import { LineIndex } from '../../../language/text/lineIndex.ts';

let next = 0;

function leaf(): ast.Span {
  const start = next;
  next += 2;
  return { start, end: start + 1 };
}

function around(...parts: (ast.Span | undefined)[]): ast.Span {
  const spans = parts.filter((part): part is ast.Span => part !== undefined);
  if (spans.length === 0) return leaf();
  return { start: Math.min(...spans.map((s) => s.start)), end: Math.max(...spans.map((s) => s.end)) };
}

type Expr = ast.Expression;

export const name = (text: string, quoted = false): ast.NameNode => ({ kind: 'Name', name: text, quoted, ...leaf() });
export const q = (text: string): ast.NameNode => name(text, true);
export const str = (value: string): ast.LiteralNode => ({ kind: 'Literal', type: 'string', text: JSON.stringify(value), value, ...leaf() });
export const num = (value: number): ast.LiteralNode => ({
  kind: 'Literal',
  type: Number.isInteger(value) ? 'long' : 'real',
  text: String(value),
  value,
  ...leaf(),
});
export const bool = (value: boolean): ast.LiteralNode => ({ kind: 'Literal', type: 'bool', text: String(value), value, ...leaf() });
export const span = (text: string): ast.LiteralNode => ({ kind: 'Literal', type: 'timespan', text, value: 0, ...leaf() });
export const nul = (): ast.LiteralNode => ({ kind: 'Literal', type: 'null', text: 'null', value: null, ...leaf() });
export const dyn = (text: string): ast.DynamicLiteralNode => ({ kind: 'DynamicLiteral', text, ...leaf() });
export const typed = (typeName: string, text: string): ast.TypedLiteralNode => ({ kind: 'TypedLiteral', typeName, text, ...leaf() });
export const star = (): ast.StarNode => ({ kind: 'Star', ...leaf() });
export const missing = (): ast.MissingNode => ({ kind: 'Missing', ...leaf() });
export const wild = (pattern: string): ast.WildcardNode => ({ kind: 'Wildcard', pattern, ...leaf() });
export const typeOf = (type: string): ast.TypeOfNode => {
  const typeName = name(type);
  return { kind: 'TypeOf', typeName, ...around(typeName) };
};
export const member = (target: Expr, key: string): ast.MemberNode => {
  const memberName = name(key);
  return { kind: 'Member', target, member: memberName, ...around(target, memberName) };
};
export const index = (target: Expr, key: Expr): ast.IndexNode => ({ kind: 'Index', target, index: key, ...around(target, key) });
export const paren = (expression: Expr): ast.ParenNode => ({ kind: 'Paren', expression, ...around(expression) });
export const not = (operand: Expr): ast.UnaryNode => ({ kind: 'Unary', operator: 'not', operand, ...around(operand) });
export const neg = (operand: Expr): ast.UnaryNode => ({ kind: 'Unary', operator: '-', operand, ...around(operand) });

export function call(callee: string, ...args: ast.Argument[]): ast.CallNode {
  const calleeName = name(callee);
  const node = { kind: 'Call' as const, callee: calleeName, args, openParen: 0, closeParen: 0, ...around(calleeName, ...args) };
  node.openParen = calleeName.end;
  node.closeParen = node.end;
  return node;
}

export const arg = (argName: string, value: Expr): ast.NamedArgumentNode => {
  const n = name(argName);
  return { kind: 'NamedArgument', name: n, value, ...around(n, value) };
};

export function bin(operator: string, left: Expr, right: Expr): ast.BinaryNode {
  return { kind: 'Binary', operator, operatorSpan: leaf(), left, right, ...around(left, right) };
}

export function list(operator: string, left: Expr, ...items: Expr[]): ast.ListOperatorNode {
  return { kind: 'ListOperator', operator, operatorSpan: leaf(), left, items, ...around(left, ...items) };
}

export function between(left: Expr, low: Expr, high: Expr): ast.BetweenNode {
  return { kind: 'Between', negated: false, left, low, high, ...around(left, low, high) };
}

/** `expression` or `name = expression` for extend, project, summarize. */
export function def(first: string | Expr, expression?: Expr): ast.ColumnDefinition {
  if (typeof first === 'string') {
    if (!expression) {
      const n = name(first);
      return { kind: 'ColumnDefinition', expression: n, ...around(n) };
    }
    const n = name(first);
    return { kind: 'ColumnDefinition', name: n, expression, ...around(n, expression) };
  }
  return { kind: 'ColumnDefinition', expression: first, ...around(first) };
}

const defs = (items: (string | Expr | ast.ColumnDefinition)[]): ast.ColumnDefinition[] =>
  items.map((item) => (typeof item === 'object' && item.kind === 'ColumnDefinition' ? item : def(item as string | Expr)));

export function decl(column: string, type?: string): ast.ColumnDeclaration {
  const n = name(column);
  const t = type ? name(type) : undefined;
  return { kind: 'ColumnDeclaration', name: n, type: t, ...around(n, t) };
}

export function option(key: string, value: Expr): ast.OperatorOption {
  const n = name(key);
  return { kind: 'OperatorOption', name: n, value, ...around(n, value) };
}

function op<T extends ast.TabularOperator>(fields: Omit<T, 'start' | 'end' | 'nameSpan'>, ...children: (ast.Span | undefined)[]): T {
  const nameSpan = leaf();
  return { ...fields, nameSpan, ...around(nameSpan, ...children) } as T;
}

export const where = (predicate: Expr) => op<ast.WhereOperator>({ kind: 'where', predicate }, predicate);
export const take = (count: number) => {
  const c = num(count);
  return op<ast.LimitOperator>({ kind: 'take', count: c }, c);
};
export const extend = (...items: (string | Expr | ast.ColumnDefinition)[]) => {
  const columns = defs(items);
  return op<ast.ExtendOperator>({ kind: 'extend', columns }, ...columns);
};
export const project = (...items: (string | Expr | ast.ColumnDefinition)[]) => {
  const columns = defs(items);
  return op<ast.ProjectOperator>({ kind: 'project', columns }, ...columns);
};
export const projectAway = (...columns: Expr[]) => op<ast.ProjectColumnsOperator>({ kind: 'project-away', columns }, ...columns);
export const projectKeep = (...columns: Expr[]) => op<ast.ProjectColumnsOperator>({ kind: 'project-keep', columns }, ...columns);
export const projectRename = (...columns: ast.ColumnDefinition[]) =>
  op<ast.ProjectRenameOperator>({ kind: 'project-rename', columns }, ...columns);
export const projectReorder = (...items: [Expr, ast.ProjectReorderColumn['order']?][]) => {
  const columns = items.map(([expression, order]): ast.ProjectReorderColumn => ({
    kind: 'ProjectReorderColumn',
    expression,
    order,
    ...around(expression),
  }));
  return op<ast.ProjectReorderOperator>({ kind: 'project-reorder', columns }, ...columns);
};
export const summarize = (aggregates: (string | Expr | ast.ColumnDefinition)[], by: (string | Expr | ast.ColumnDefinition)[] = []) => {
  const a = defs(aggregates);
  const b = defs(by);
  return op<ast.SummarizeOperator>({ kind: 'summarize', aggregates: a, by: b, byKeyword: b.length > 0 ? 0 : -1 }, ...a, ...b);
};
export const sort = (...keys: Expr[]) => {
  const sortKeys = keys.map((expression): ast.SortKey => ({ kind: 'SortKey', expression, ...around(expression) }));
  return op<ast.SortOperator>({ kind: 'sort', keys: sortKeys }, ...sortKeys);
};
export const top = (count: number, by: Expr) => {
  const c = num(count);
  const key: ast.SortKey = { kind: 'SortKey', expression: by, ...around(by) };
  return op<ast.TopOperator>({ kind: 'top', count: c, by: key }, c, key);
};
export const count = () => op<ast.CountOperator>({ kind: 'count' });
export const getschema = () => op<ast.GetSchemaOperator>({ kind: 'getschema' });
export const distinct = (...columns: Expr[]) => op<ast.DistinctOperator>({ kind: 'distinct', columns }, ...columns);
export const join = (right: Expr, on: Expr[], options: ast.OperatorOption[] = [], kind: 'join' | 'lookup' = 'join') =>
  op<ast.JoinOperator>({ kind, options, right, on }, right, ...on, ...options);
export const union = (tables: Expr[], options: ast.OperatorOption[] = []) =>
  op<ast.UnionOperator>({ kind: 'union', options, tables }, ...tables, ...options);
export const parse = (source: Expr, pattern: ast.ParsePatternPart[], kind: 'parse' | 'parse-where' = 'parse') =>
  op<ast.ParseOperator>({ kind, options: [], source, pattern }, source, ...pattern);
export const parseKv = (source: Expr, keys: ast.ColumnDeclaration[]) =>
  op<ast.ParseKvOperator>({ kind: 'parse-kv', source, keys, options: [] }, source, ...keys);
export const mvExpand = (columns: [string | Expr | ast.ColumnDefinition, string?][], options: ast.OperatorOption[] = []) => {
  const entries = columns.map(([item, toType]): ast.MvExpandColumn => {
    const column = defs([item])[0];
    const typeName = toType ? name(toType) : undefined;
    return { kind: 'MvExpandColumn', column, toType: typeName, ...around(column, typeName) };
  });
  return op<ast.MvExpandOperator>({ kind: 'mv-expand', options, columns: entries }, ...entries, ...options);
};
export const makeSeries = (aggregates: (Expr | ast.ColumnDefinition)[], on: Expr, step: Expr, by: (string | Expr | ast.ColumnDefinition)[] = []) => {
  const entries = defs(aggregates).map((column): ast.MakeSeriesAggregate => ({ kind: 'MakeSeriesAggregate', column, ...around(column) }));
  const b = defs(by);
  return op<ast.MakeSeriesOperator>({ kind: 'make-series', aggregates: entries, on, step, by: b }, ...entries, on, step, ...b);
};
export const print = (...items: (Expr | ast.ColumnDefinition)[]) => {
  const columns = defs(items);
  return op<ast.PrintOperator>({ kind: 'print', columns }, ...columns);
};
export const datatable = (columns: ast.ColumnDeclaration[], values: Expr[]) =>
  op<ast.DataTableOperator>({ kind: 'datatable', columns, values }, ...columns, ...values);
export const externaldata = (columns: ast.ColumnDeclaration[], urls: Expr[]) =>
  op<ast.ExternalDataOperator>({ kind: 'externaldata', columns, urls, options: [] }, ...columns, ...urls);
export const search = (predicate: Expr, datasets: Expr[] = []) =>
  op<ast.SearchOperator>({ kind: 'search', options: [], datasets, predicate }, ...datasets, predicate);
export const redact = (patterns: Expr[], on: Expr[] = []) =>
  op<ast.RedactOperator>({ kind: 'redact', options: [], patterns, on }, ...patterns, ...on);
export const unknownOp = (operatorName: string) => op<ast.UnknownOperator>({ kind: 'unknown', name: operatorName });

export function pipe(source: Expr | ast.SourceOperator, ...operators: ast.TabularOperator[]): ast.PipelineNode {
  return { kind: 'Pipeline', source, operators, ...around(source, ...operators) };
}

export function letStatement(bound: string, value: Expr): ast.LetStatement {
  const n = name(bound);
  return { kind: 'LetStatement', name: n, value, ...around(n, value) };
}

export function statement(expression: Expr): ast.ExpressionStatement {
  return { kind: 'ExpressionStatement', expression, ...around(expression) };
}

export function query(...statements: (ast.Statement | Expr)[]): ast.QueryNode {
  const wrapped = statements.map((item) =>
    item.kind === 'LetStatement' || item.kind === 'SetStatement' || item.kind === 'ExpressionStatement' ? item : statement(item),
  );
  return { kind: 'Query', statements: wrapped, ...around(...wrapped) };
}

/** A parsed document holding these queries; its text is blank, long enough for every offset. */
export function documentOf(...queries: ast.QueryNode[]): ParsedDocument {
  const text = ' '.repeat(next + 1);
  return {
    text,
    lineIndex: new LineIndex(text),
    root: { kind: 'Document', queries, start: 0, end: text.length },
    tokens: [],
    errors: [],
  };
}
