/**
 * The abstract syntax tree of APL.
 *
 * Every node carries `start`/`end`: UTF-16 offsets into the whole document text (end exclusive).
 * The parser recovers from errors, so any child may be a `Missing` node, and lists may be shorter
 * than the text intended. Consumers never need to guard against `undefined` children: optional
 * clauses are typed as optional, required parts are always present (possibly `Missing`).
 */

export interface Span {
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------------------------
// Documents and statements

/** A document is a list of queries separated by blank lines. */
export interface DocumentNode extends Span {
  kind: 'Document';
  queries: QueryNode[];
}

/** One query: `let`/`set` statements followed by (usually) one tabular expression. */
export interface QueryNode extends Span {
  kind: 'Query';
  statements: Statement[];
}

export type Statement = LetStatement | SetStatement | ExpressionStatement;

export interface LetStatement extends Span {
  kind: 'LetStatement';
  name: NameNode;
  value: Expression;
}

export interface SetStatement extends Span {
  kind: 'SetStatement';
  name: NameNode;
  value?: Expression;
}

export interface ExpressionStatement extends Span {
  kind: 'ExpressionStatement';
  expression: Expression;
}

// ---------------------------------------------------------------------------------------------
// Expressions (scalar and tabular share one grammar; the analyzer tells them apart)

export type Expression =
  | NameNode
  | LiteralNode
  | DynamicLiteralNode
  | TypedLiteralNode
  | MemberNode
  | IndexNode
  | SliceNode
  | CallNode
  | BinaryNode
  | UnaryNode
  | ListOperatorNode
  | BetweenNode
  | ParenNode
  | StarNode
  | WildcardNode
  | TypeOfNode
  | PipelineNode
  | FunctionNode
  | MissingNode;

/**
 * A function-like let's value (Kusto's user-defined function): `(x: long, T: (*)) { let y = x * 2; y }`.
 * The parser makes one only as a let's whole value.
 */
export interface FunctionNode extends Span {
  kind: 'Function';
  parameters: FunctionParameter[];
  /** The body's statements: lets, then the expression the function returns. */
  body: Statement[];
}

/** `x: long [= default]`, or a tabular `T: (*)` / `T: (a: long, ...)`. */
export interface FunctionParameter extends Span {
  kind: 'FunctionParameter';
  name: NameNode;
  /** A scalar parameter's type as written; absent for a tabular one. */
  typeName?: NameNode;
  /** A tabular parameter's declared columns; empty for `(*)`. */
  columns?: ColumnDeclaration[];
  default?: Expression;
}

/** An identifier: bare (`status`, `$left`) or quoted (`['geo.city']`, `["x"]`). */
export interface NameNode extends Span {
  kind: 'Name';
  name: string;
  quoted: boolean;
}

export type LiteralType = 'string' | 'long' | 'real' | 'bool' | 'timespan' | 'null';

/** A plain literal: `"x"`, `@'raw'`, `42`, `1.5e3`, `true`, `15m`, `null`. */
export interface LiteralNode extends Span {
  kind: 'Literal';
  type: LiteralType;
  /** The literal's source text. */
  text: string;
  /** The decoded value: the string's content, the number, the boolean, the timespan in nanoseconds, or null. */
  value: string | number | boolean | null;
}

/** `dynamic(...)` holding JSON-like text; `value` is undefined when the text is not valid JSON. */
export interface DynamicLiteralNode extends Span {
  kind: 'DynamicLiteral';
  text: string;
  value?: unknown;
  /** Where an element is no constant (a name, a call, ...), nested dynamic literals included; a literal may not hold one. */
  nonConstants?: Span[];
}

/**
 * A type-named literal: `datetime(2024-01-01)`, `int(null)`, `timespan(15s)`, `bool(true)`, `real(1.5)`.
 * `typeName` is written as in the source (`int`, `long`, `date`, `time`, ...); `text` is what
 * stands between the parentheses.
 */
export interface TypedLiteralNode extends Span {
  kind: 'TypedLiteral';
  typeName: string;
  text: string;
}

/** `target.member`, as in `geo.city` or `$left.id`. */
export interface MemberNode extends Span {
  kind: 'Member';
  target: Expression;
  member: NameNode;
}

/** `target[index]`, as in `['attributes.custom']['http.protocol']` or `arr[0]`. */
export interface IndexNode extends Span {
  kind: 'Index';
  target: Expression;
  index: Expression;
}

/** `target[from:to]`, either bound may be absent. */
export interface SliceNode extends Span {
  kind: 'Slice';
  target: Expression;
  from?: Expression;
  to?: Expression;
}

export interface CallNode extends Span {
  kind: 'Call';
  callee: NameNode;
  args: Argument[];
  /** Offsets of `(` and of `)` (the latter is -1 when the parenthesis is missing). */
  openParen: number;
  closeParen: number;
}

export type Argument = Expression | NamedArgumentNode;

/** `name = value` inside a call's argument list. */
export interface NamedArgumentNode extends Span {
  kind: 'NamedArgument';
  name: NameNode;
  value: Expression;
}

/**
 * Every binary operator, in its source spelling but normalised to lower case and single spaces:
 * `+ - * / % == != <> < <= > >= =~ !~ and or`, the string operators and their negations
 * (`contains`, `!contains_cs`, `has`, `hasprefix`, `matches regex`, ...), and `:` (search's
 * `field:"term"`).
 */
export interface BinaryNode extends Span {
  kind: 'Binary';
  operator: string;
  operatorSpan: Span;
  left: Expression;
  right: Expression;
}

export interface UnaryNode extends Span {
  kind: 'Unary';
  operator: '-' | '+' | 'not';
  operand: Expression;
}

/**
 * An operator with a parenthesised list on its right: `in`, `!in`, `in~`, `!in~`, `has_any`,
 * `has_any_cs`, `has_all`, `has_all_cs`. A subquery is a single `Pipeline` element.
 */
export interface ListOperatorNode extends Span {
  kind: 'ListOperator';
  operator: string;
  operatorSpan: Span;
  left: Expression;
  items: Expression[];
}

/** `expr between (low .. high)` and `!between`. */
export interface BetweenNode extends Span {
  kind: 'Between';
  negated: boolean;
  left: Expression;
  low: Expression;
  high: Expression;
}

export interface ParenNode extends Span {
  kind: 'Paren';
  expression: Expression;
}

/** `*`: every column (`where * has "x"`, `arg_max(x, *)`, `search *`). */
export interface StarNode extends Span {
  kind: 'Star';
}

/** A column pattern with `*` in it: `status*`, `['geo.']*`, `*_ms`. */
export interface WildcardNode extends Span {
  kind: 'Wildcard';
  pattern: string;
}

/** `typeof(string)`. */
export interface TypeOfNode extends Span {
  kind: 'TypeOf';
  typeName: NameNode;
}

/** A tabular source followed by `| operator` stages. */
export interface PipelineNode extends Span {
  kind: 'Pipeline';
  source: Expression | SourceOperator;
  operators: TabularOperator[];
}

/** Where the parser expected an expression and found none. */
export interface MissingNode extends Span {
  kind: 'Missing';
}

// ---------------------------------------------------------------------------------------------
// Pieces shared by several operators

/** `[name =] expression`, as in extend, project, summarize and its `by` list. */
export interface ColumnDefinition extends Span {
  kind: 'ColumnDefinition';
  name?: NameNode;
  expression: Expression;
}

/** `expression [asc|desc] [nulls first|last]`. */
export interface SortKey extends Span {
  kind: 'SortKey';
  expression: Expression;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** `name [: type]` in datatable, externaldata, parse patterns and parse-kv keys. */
export interface ColumnDeclaration extends Span {
  kind: 'ColumnDeclaration';
  name: NameNode;
  type?: NameNode;
}

/** `name = value`: operator options such as `kind=inner`, `withsource=src`, `replaceToken="*"`. */
export interface OperatorOption extends Span {
  kind: 'OperatorOption';
  name: NameNode;
  value: Expression;
}

// ---------------------------------------------------------------------------------------------
// Tabular operators. `name` is the operator's keyword as written; `nameSpan` covers it.

interface OperatorBase extends Span {
  nameSpan: Span;
}

export type TabularOperator =
  | CountOperator
  | DistinctOperator
  | ExtendOperator
  | ExternalDataOperator
  | GetSchemaOperator
  | JoinOperator
  | LimitOperator
  | MakeSeriesOperator
  | MvExpandOperator
  | SortOperator
  | ParseOperator
  | ParseKvOperator
  | ProjectOperator
  | ProjectColumnsOperator
  | ProjectRenameOperator
  | ProjectReorderOperator
  | RedactOperator
  | SampleOperator
  | SearchOperator
  | SummarizeOperator
  | TopOperator
  | UnionOperator
  | WhereOperator
  | PrintOperator
  | DataTableOperator
  | UnknownOperator;

/** Operators that may begin a query instead of a dataset. */
export type SourceOperator = UnionOperator | SearchOperator | PrintOperator | DataTableOperator | ExternalDataOperator;

export interface CountOperator extends OperatorBase {
  kind: 'count';
}

export interface DistinctOperator extends OperatorBase {
  kind: 'distinct';
  columns: Expression[];
}

/** `extend` and `extend-valid`. */
export interface ExtendOperator extends OperatorBase {
  kind: 'extend' | 'extend-valid';
  columns: ColumnDefinition[];
}

export interface ExternalDataOperator extends OperatorBase {
  kind: 'externaldata';
  columns: ColumnDeclaration[];
  urls: Expression[];
  options: OperatorOption[];
}

export interface GetSchemaOperator extends OperatorBase {
  kind: 'getschema';
}

/** `join` and `lookup`; `options` holds `kind=…`. */
export interface JoinOperator extends OperatorBase {
  kind: 'join' | 'lookup';
  options: OperatorOption[];
  right: Expression;
  on: Expression[];
}

/** `take` and `limit`. */
export interface LimitOperator extends OperatorBase {
  kind: 'take' | 'limit';
  count: Expression;
}

export interface MakeSeriesOperator extends OperatorBase {
  kind: 'make-series';
  aggregates: MakeSeriesAggregate[];
  on: Expression;
  from?: Expression;
  to?: Expression;
  /** `in range(start, end, step)`-style range, when written instead of from/to. */
  range?: Expression;
  step: Expression;
  by: ColumnDefinition[];
}

export interface MakeSeriesAggregate extends Span {
  kind: 'MakeSeriesAggregate';
  column: ColumnDefinition;
  default?: Expression;
}

export interface MvExpandOperator extends OperatorBase {
  kind: 'mv-expand';
  options: OperatorOption[];
  columns: MvExpandColumn[];
  limit?: Expression;
}

export interface MvExpandColumn extends Span {
  kind: 'MvExpandColumn';
  column: ColumnDefinition;
  /** The type name of `to typeof(type)`. */
  toType?: NameNode;
}

/** `sort by` and `order by`. */
export interface SortOperator extends OperatorBase {
  kind: 'sort' | 'order';
  keys: SortKey[];
}

/** `parse` and `parse-where`; `options` holds `kind=…` and `flags=…`. */
export interface ParseOperator extends OperatorBase {
  kind: 'parse' | 'parse-where';
  options: OperatorOption[];
  source: Expression;
  pattern: ParsePatternPart[];
}

/** A piece of a parse pattern: a string literal, `*`, or a column to extract. */
export type ParsePatternPart = LiteralNode | StarNode | ColumnDeclaration | MissingNode;

export interface ParseKvOperator extends OperatorBase {
  kind: 'parse-kv';
  source: Expression;
  keys: ColumnDeclaration[];
  options: OperatorOption[];
}

export interface ProjectOperator extends OperatorBase {
  kind: 'project';
  columns: ColumnDefinition[];
}

/** `project-away` and `project-keep`: names and wildcard patterns. */
export interface ProjectColumnsOperator extends OperatorBase {
  kind: 'project-away' | 'project-keep';
  columns: Expression[];
}

export interface ProjectRenameOperator extends OperatorBase {
  kind: 'project-rename';
  columns: ColumnDefinition[];
}

export interface ProjectReorderOperator extends OperatorBase {
  kind: 'project-reorder';
  columns: ProjectReorderColumn[];
}

export interface ProjectReorderColumn extends Span {
  kind: 'ProjectReorderColumn';
  expression: Expression;
  order?: 'asc' | 'desc' | 'granny-asc' | 'granny-desc';
}

export interface RedactOperator extends OperatorBase {
  kind: 'redact';
  options: OperatorOption[];
  patterns: Expression[];
  on: Expression[];
}

export interface SampleOperator extends OperatorBase {
  kind: 'sample';
  fraction: Expression;
}

export interface SearchOperator extends OperatorBase {
  kind: 'search';
  options: OperatorOption[];
  /** The dataset patterns of `in (...)`. */
  datasets: Expression[];
  predicate: Expression;
}

export interface SummarizeOperator extends OperatorBase {
  kind: 'summarize';
  aggregates: ColumnDefinition[];
  by: ColumnDefinition[];
  /** Offset of the `by` keyword, or -1. */
  byKeyword: number;
}

export interface TopOperator extends OperatorBase {
  kind: 'top';
  count: Expression;
  by: SortKey;
}

export interface UnionOperator extends OperatorBase {
  kind: 'union';
  options: OperatorOption[];
  tables: Expression[];
}

export interface WhereOperator extends OperatorBase {
  kind: 'where';
  predicate: Expression;
}

export interface PrintOperator extends OperatorBase {
  kind: 'print';
  columns: ColumnDefinition[];
}

export interface DataTableOperator extends OperatorBase {
  kind: 'datatable';
  columns: ColumnDeclaration[];
  values: Expression[];
}

/** A stage whose operator is not known; the text up to the next `|` is skipped. */
export interface UnknownOperator extends OperatorBase {
  kind: 'unknown';
  name: string;
}

export type Node =
  | DocumentNode
  | QueryNode
  | Statement
  | Expression
  | NamedArgumentNode
  | FunctionParameter
  | ColumnDefinition
  | SortKey
  | ColumnDeclaration
  | OperatorOption
  | MakeSeriesAggregate
  | MvExpandColumn
  | ProjectReorderColumn
  | TabularOperator;
