import type { Expression, CallNode, BinaryNode, LiteralNode, TypedLiteralNode } from '../../../language/index.ts';
import { dottedPath } from '../../../language/analysis/names.ts';
import { binaryChain } from '../../../language/syntax/visit.ts';
import { isLogical, logicalChainSql, maxChainedOperators } from './chains.ts';
import { asBool, asJson, asNumber, asRegex, asString, coerceTo, requireExactTypes } from './coercions.ts';
import { compileCall } from './functions.ts';
import { listOperator } from './listOperators.ts';
import { compileDynamicLiteral } from './dynamicLiterals.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { datetimeLiteral, ident, longLiteral, numberLiteral, regexEscape, stringLiteral, timespanConstant } from './sql.ts';
import { isInteger, isNumeric, sqlTypeOf, typeFromName, type Column, type ScalarType } from './types.ts';
import { parseDatetimeNanos, parseTimespanText } from './timeText.ts';
import { stringifyExact } from '../../../wire/exactJson.ts';

export function compileExpression(expression: Expression, scope: ExpressionScope): Compiled {
  // Only and/or operands and comparisons keep the filter context (see ExpressionScope).
  if (scope.filterContext && expression.kind !== 'Binary' && expression.kind !== 'Paren') scope = { ...scope, filterContext: false };
  switch (expression.kind) {
    case 'Literal':
      return literal(expression);
    case 'TypedLiteral':
      return typedLiteral(expression, scope);
    case 'DynamicLiteral':
      return compileDynamicLiteral(expression, scope);
    case 'Paren':
      return compileExpression(expression.expression, scope);
    case 'Name':
    case 'Member':
    case 'Index':
      return access(expression, scope);
    case 'Call':
      return compileCall(expression, scope, compileExpression);
    case 'Binary':
      return binary(expression, scope);
    case 'Unary': {
      const operand = compileExpression(expression.operand, scope);
      if (expression.operator === 'not') return { sql: `(NOT ${asBool(operand)})`, type: 'bool' };
      if (expression.operator === '+') return operand;
      if (operand.type === 'timespan') return { sql: `(-${operand.sql})`, type: 'timespan' };
      return { sql: `(-${asNumber(operand)})`, type: operand.type === 'dynamic' ? 'real' : operand.type };
    }
    case 'ListOperator':
      return listOperator(expression, scope);
    case 'Between': {
      const value = compileExpression(expression.left, scope);
      const low = coerceTo(compileExpression(expression.low, scope), value.type);
      const upper = compileExpression(expression.high, scope);
      // A timespan after a datetime is the range's length (Kusto's between page: `between (datetime(2007-07-27) .. 3d)`).
      const high = value.type === 'datetime' && upper.type === 'timespan' ? { sql: `(${low.sql} + ${upper.sql})`, type: value.type } : coerceTo(upper, value.type);
      const test = `(${value.sql} BETWEEN ${low.sql} AND ${high.sql})`;
      return { sql: expression.negated ? `(NOT ${test})` : test, type: 'bool' };
    }
    case 'Slice':
      return slice(expression, scope);
    case 'Star':
    case 'Wildcard':
    case 'TypeOf':
    case 'Pipeline':
    case 'Function':
    case 'Missing':
      throw scope.errors.at(expression.start, `${describe(expression.kind)} is not supported here by this engine`);
  }
  throw scope.errors.at((expression as Expression).start, 'unsupported expression');
}

/** `a[from:to]` on an array (from inclusive, to exclusive, negatives from the end) or a string. */
function slice(node: Extract<Expression, { kind: 'Slice' }>, scope: ExpressionScope): Compiled {
  const target = compileExpression(node.target, scope);
  const bound = (expression: Expression | undefined, length: string, fallback: string) => {
    if (!expression) return fallback;
    const value = asNumber(compileExpression(expression, scope));
    return `(CASE WHEN ${value} < 0 THEN ${length} + ${value} ELSE ${value} END)`;
  };
  if (target.type === 'string') {
    const length = `length(${target.sql})`;
    return { sql: `${target.sql}[${bound(node.from, length, '0')} + 1 : ${bound(node.to, length, length)}]`, type: 'string' };
  }
  const list = `CAST(${asJson(target)} AS JSON[])`;
  const length = `len(${list})`;
  return { sql: `to_json(${list}[${bound(node.from, length, '0')} + 1 : ${bound(node.to, length, length)}])`, type: 'dynamic', array: true };
}

function describe(kind: string): string {
  return ({ Star: '`*`', Wildcard: 'a column pattern', TypeOf: '`typeof(...)`', Pipeline: 'a tabular expression', Function: 'a user-defined function (`let f = (…) { … }`)', Missing: 'an incomplete expression' } as Record<string, string>)[kind] ?? kind;
}

function literal(node: LiteralNode): Compiled {
  switch (node.type) {
    case 'string':
      return { sql: stringLiteral(String(node.value)), type: 'string', notNull: true, text: String(node.value) };
    case 'long':
      return { sql: longLiteral(node.text, Number(node.value)), type: 'long', notNull: true };
    case 'real':
      return { sql: numberLiteral(Number(node.value), false), type: 'real', notNull: true };
    case 'bool':
      return { sql: node.value ? 'TRUE' : 'FALSE', type: 'bool', notNull: true };
    case 'timespan':
      return { ...timespanConstant(Number(node.value)), notNull: true };
    default:
      return { sql: 'NULL', type: 'unknown' };
  }
}

function typedLiteral(node: TypedLiteralNode, scope: ExpressionScope): Compiled {
  const value = typedLiteralValue(node, scope);
  return value.sql.startsWith('CAST(NULL') ? value : { ...value, notNull: true };
}

function typedLiteralValue(node: TypedLiteralNode, scope: ExpressionScope): Compiled {
  const type = typeFromName(node.typeName);
  const text = node.text.trim();
  if (!type) throw scope.errors.at(node.start, `unknown type "${node.typeName}"`);
  if (text === 'null') return { sql: `CAST(NULL AS ${sqlTypeOf(type)})`, type };
  const bad = () => scope.errors.at(node.start, `invalid ${type} literal "${text}"`, 'semantic');
  switch (type) {
    case 'datetime': {
      const nanos = parseDatetimeNanos(text);
      if (nanos === undefined) throw bad();
      return { sql: datetimeLiteral(nanos), type };
    }
    case 'timespan': {
      const nanos = parseTimespanText(text);
      if (nanos === undefined) throw bad();
      return timespanConstant(nanos);
    }
    case 'bool':
      if (!/^(true|false)$/i.test(text)) throw bad();
      return { sql: text.toLowerCase() === 'true' ? 'TRUE' : 'FALSE', type };
    case 'long':
    case 'int':
    case 'real': {
      const value = Number(text);
      if (text === '' || Number.isNaN(value)) throw bad();
      return { sql: numberLiteral(value, type !== 'real'), type };
    }
    case 'string':
      return { sql: stringLiteral(text.replace(/^(['"])(.*)\1$/s, '$2')), type };
    default:
      return { sql: `CAST(${stringLiteral(text)} AS JSON)`, type: 'dynamic' };
  }
}

// ---------------------------------------------------------------------------------------------
// Column and member access

type PathPart = string | number;

/** `a`, `a.b`, `['a.b']['c']`, `a[0]` as a list of parts, when every index is a literal. */
function pathOf(expression: Expression): PathPart[] | undefined {
  switch (expression.kind) {
    case 'Name':
      return [expression.name];
    case 'Member': {
      const dotted = dottedPath(expression);
      if (dotted) return dotted.map((part) => part.name);
      const target = pathOf(expression.target);
      return target && [...target, expression.member.name];
    }
    case 'Index': {
      const target = pathOf(expression.target);
      const index = expression.index;
      if (!target || index.kind !== 'Literal') return undefined;
      if (index.type === 'string') return [...target, String(index.value)];
      if (index.type === 'long') return [...target, Number(index.value)];
      return undefined;
    }
    case 'Paren':
      return pathOf(expression.expression);
    default:
      return undefined;
  }
}

function access(expression: Expression, scope: ExpressionScope): Compiled {
  if (expression.kind === 'Name') {
    const binding = scope.lets.get(expression.name);
    if (binding?.kind === 'scalar' && !findColumn(scope.columns, expression.name)) return binding.value;
  }
  if (expression.kind === 'Member' && expression.target.kind === 'Name' && scope.sides) {
    const side = expression.target.name === '$left' ? scope.sides.left : expression.target.name === '$right' ? scope.sides.right : undefined;
    if (side) {
      const column = findColumn(side.columns, expression.member.name);
      if (!column) throw scope.errors.at(expression.member.start, `unknown column "${expression.member.name}"`, 'semantic');
      return { sql: `${side.alias}.${ident(column.name)}`, type: column.type, array: column.array };
    }
  }
  const path = pathOf(expression);
  if (path) {
    for (let length = path.length; length >= 1; length--) {
      const prefix = path.slice(0, length);
      if (prefix.some((part) => typeof part === 'number')) continue;
      const column = findColumn(scope.columns, prefix.join('.'));
      if (!column) continue;
      const base: Compiled = { sql: ident(column.name), type: column.type, array: column.array };
      return length === path.length ? base : jsonPath(base, path.slice(length), scope, expression.start);
    }
    throw scope.errors.at(expression.start, `unknown column "${path.join('.')}"`, 'semantic');
  }
  if (expression.kind === 'Index') {
    const target = compileExpression(expression.target, scope);
    const index = compileExpression(expression.index, scope);
    const key = isNumeric(index.type) ? `'$[' || CAST(${index.sql} AS VARCHAR) || ']'` : `'$."' || ${index.sql} || '"'`;
    return { sql: `json_extract(${asJson(target)}, ${key})`, type: 'dynamic' };
  }
  if (expression.kind === 'Member') {
    return jsonPath(compileExpression(expression.target, scope), [expression.member.name], scope, expression.start);
  }
  throw scope.errors.at(expression.start, 'unsupported expression');
}

function jsonPath(base: Compiled, parts: PathPart[], scope: ExpressionScope, offset: number): Compiled {
  let path = '$';
  for (const part of parts) {
    if (typeof part === 'number') path += `[${part < 0 ? `#${part}` : part}]`;
    else if (part.includes('"')) throw scope.errors.at(offset, `a map key may not contain '"'`);
    else path += `."${part}"`;
  }
  return { sql: `json_extract(${asJson(base)}, ${stringLiteral(path)})`, type: 'dynamic' };
}

export function findColumn(columns: readonly Column[], name: string): Column | undefined {
  return columns.find((column) => column.name === name);
}

// ---------------------------------------------------------------------------------------------
// Operators


/** The SQL of a string operator (without its negation); both sides already text. */
export function stringTest(operator: string, left: string, right: string): string | undefined {
  const ci = (sql: string) => `lower(${sql})`;
  switch (operator) {
    case 'contains':
      return `contains(${ci(left)}, ${ci(right)})`;
    case 'contains_cs':
      return `contains(${left}, ${right})`;
    case 'startswith':
      return `starts_with(${ci(left)}, ${ci(right)})`;
    case 'startswith_cs':
      return `starts_with(${left}, ${right})`;
    case 'endswith':
      return `ends_with(${ci(left)}, ${ci(right)})`;
    case 'endswith_cs':
      return `ends_with(${left}, ${right})`;
    case '=~':
      return `(${ci(left)} = ${ci(right)})`;
    case 'has':
    case 'has_cs':
    case 'hasprefix':
    case 'hasprefix_cs':
    case 'hassuffix':
    case 'hassuffix_cs': {
      const flags = operator.endsWith('_cs') ? '' : '(?i)';
      const base = operator.replace('_cs', '');
      const before = base === 'hassuffix' ? '' : `(^|[^\\p{L}\\p{N}])`;
      const after = base === 'hasprefix' ? '' : `($|[^\\p{L}\\p{N}])`;
      // A plain substring test first: the regular expression only runs on the rows that can match.
      const substring = operator.endsWith('_cs') ? `contains(${left}, ${right})` : `contains(lower(${left}), lower(${right}))`;
      return `(${substring} AND regexp_matches(${left}, ${stringLiteral(flags + before)} || regexp_escape(${right}) || ${stringLiteral(after)}))`;
    }
    case 'matches regex':
      return `regexp_matches(${left}, ${right})`;
    default:
      return undefined;
  }
}

function binary(node: BinaryNode, scope: ExpressionScope): Compiled {
  if (isLogical(node.operator)) return { sql: logicalChainSql(node, (operand) => asBool(compileExpression(operand, scope))), type: 'bool' };
  const filter = scope.filterContext === true;
  if (filter) scope = { ...scope, filterContext: false };
  // The chain's left spine in a loop: `a + b + …` may be as long as the query.
  const { first, links } = binaryChain(node, (link) => !isLogical(link.operator));
  if (links.length > maxChainedOperators) {
    throw scope.errors.at(links[maxChainedOperators]!.operatorSpan.start, `more than ${maxChainedOperators} operators in one chain are more than this engine can run`);
  }
  let left = first.kind === 'Star' ? undefined : compileExpression(first, scope);
  for (const link of links) left = binaryLink(link, left, scope, link === node && filter);
  return left!;
}

/** One link of a chain; `left` is undefined for `* has "x"` (any column). */
function binaryLink(node: BinaryNode, left: Compiled | undefined, scope: ExpressionScope, filter: boolean): Compiled {
  const op = node.operator;
  if (left === undefined) return anyColumn(node, scope);
  const right = compileExpression(node.right, scope);
  const negated = op.startsWith('!') && op !== '!=';
  const positive = op === '!~' ? '=~' : negated ? op.slice(1) : op;
  const pattern = positive === 'matches regex' ? asRegex(right) : asString(right);
  const text = stringTest(positive, `coalesce(${asString(left)}, '')`, `coalesce(${pattern}, '')`);
  if (text) return { sql: negated ? `(NOT ${text})` : text, type: 'bool' };
  switch (op) {
    case '==':
    case '!=':
    case '<>':
    case '<':
    case '<=':
    case '>':
    case '>=':
      if (scope.strictTypes) requireExactTypes(left, right, scope, node.operatorSpan.start);
      return comparison(op, left, right, filter);
    case '+':
    case '-':
    case '*':
    case '/':
    case '%':
      return arithmetic(op, left, right, scope, node);
    default:
      throw scope.errors.at(node.operatorSpan.start, `the operator "${op}" is not supported by this engine`);
  }
}

/** `* has "x"` and friends: the test holds for at least one column (for none, when negated). */
function anyColumn(node: BinaryNode, scope: ExpressionScope): Compiled {
  const op = node.operator;
  const negated = op.startsWith('!') && op !== '!=';
  const positive = op === '!~' ? '=~' : negated ? op.slice(1) : op;
  const right = `coalesce(${asString(compileExpression(node.right, scope))}, '')`;
  const tests = scope.columns.map((column) => stringTest(positive, `coalesce(${asString({ sql: ident(column.name), type: column.type })}, '')`, right));
  if (tests.some((test) => test === undefined)) throw scope.errors.at(node.operatorSpan.start, `\`*\` works with the string operators (has, contains, ...), not "${op}"`, 'semantic');
  const any = tests.length ? `(${tests.join(' OR ')})` : 'FALSE';
  return { sql: negated ? `(NOT ${any})` : any, type: 'bool' };
}

/**
 * Null rules (null-values page): `==` gives null for two nulls and false for one; `!=` gives null
 * for two nulls and true for one. Ordering comparisons with a null are null.
 */
function comparison(op: string, left: Compiled, right: Compiled, filter: boolean): Compiled {
  let l = left;
  let r = right;
  if (l.type !== r.type) {
    if (l.type === 'dynamic' || (l.type === 'string' && r.type !== 'dynamic')) l = coerceTo(l, r.type);
    else r = coerceTo(r, l.type);
  }
  if (l.type === 'dynamic' && r.type === 'dynamic') {
    l = { sql: `CAST(${l.sql} AS VARCHAR)`, type: 'string' };
    r = { sql: `CAST(${r.sql} AS VARCHAR)`, type: 'string' };
  }
  const oneMayBeNull = left.notNull || right.notNull;
  const bothNull = (sql: string) => (oneMayBeNull ? sql : `(CASE WHEN ${l.sql} IS NULL AND ${r.sql} IS NULL THEN NULL ELSE ${sql} END)`);
  if (op === '==') return { sql: filter ? `(${l.sql} = ${r.sql})` : bothNull(`(${l.sql} IS NOT DISTINCT FROM ${r.sql})`), type: 'bool' };
  if (op === '!=' || op === '<>') return { sql: filter ? `(${l.sql} IS DISTINCT FROM ${r.sql})` : bothNull(`(${l.sql} IS DISTINCT FROM ${r.sql})`), type: 'bool' };
  return { sql: `(${l.sql} ${op} ${r.sql})`, type: 'bool' };
}

/** Microseconds of an INTERVAL as DOUBLE. */
export function intervalMicros(sql: string): string {
  return `(epoch(${sql}) * 1000000)`;
}

export function microsToInterval(sql: string): string {
  return `to_microseconds(CAST(round(${sql}) AS BIGINT))`;
}

function arithmetic(op: string, left: Compiled, right: Compiled, scope: ExpressionScope, node: BinaryNode): Compiled {
  const lt = left.type;
  const rt = right.type;
  const unsupported = () =>
    scope.errors.at(node.operatorSpan.start, `the operator "${op}" cannot combine ${lt} and ${rt}`, 'semantic');
  if (lt === 'datetime' || rt === 'datetime' || lt === 'timespan' || rt === 'timespan') {
    if (op === '-' && lt === 'datetime' && rt === 'datetime') return { sql: `(${left.sql} - ${right.sql})`, type: 'timespan' };
    if ((op === '+' || op === '-') && lt === 'datetime' && rt === 'timespan') return { sql: `(${left.sql} ${op} ${right.sql})`, type: 'datetime' };
    if (op === '+' && lt === 'timespan' && rt === 'datetime') return { sql: `(${right.sql} + ${left.sql})`, type: 'datetime' };
    if ((op === '+' || op === '-') && lt === 'timespan' && rt === 'timespan') return { sql: `(${left.sql} ${op} ${right.sql})`, type: 'timespan' };
    if (op === '/' && lt === 'timespan' && rt === 'timespan') return { sql: `(epoch(${left.sql}) / nullif(epoch(${right.sql}), 0))`, type: 'real' };
    if ((op === '*' || op === '/') && lt === 'timespan' && (isNumeric(rt) || rt === 'unknown'))
      return { sql: microsToInterval(`${intervalMicros(left.sql)} ${op} ${op === '/' ? `nullif(${right.sql}, 0)` : right.sql}`), type: 'timespan' };
    if (op === '*' && rt === 'timespan' && isNumeric(lt)) return { sql: microsToInterval(`${intervalMicros(right.sql)} * ${left.sql}`), type: 'timespan' };
    if (op === '%' && lt === 'timespan' && rt === 'timespan') return { sql: microsToInterval(`apl_mod(${intervalMicros(left.sql)}, ${intervalMicros(right.sql)})`), type: 'timespan' };
    throw unsupported();
  }
  if (lt === 'string' || rt === 'string' || lt === 'bool' || rt === 'bool') throw unsupported();
  const a = asNumber(left);
  const b = asNumber(right);
  const integer = (isInteger(lt) || lt === 'unknown') && (isInteger(rt) || rt === 'unknown') && !(lt === 'unknown' && rt === 'unknown');
  const type: ScalarType = integer ? 'long' : 'real';
  if (op === '/') return integer ? { sql: `CAST(trunc(${a} / nullif(${b}, 0)) AS BIGINT)`, type } : { sql: `(CAST(${a} AS DOUBLE) / ${b})`, type };
  if (op === '%') return { sql: integer ? `apl_mod(${a}, nullif(${b}, 0))` : `apl_mod(CAST(${a} AS DOUBLE), ${b})`, type };
  return { sql: `(${a} ${op} ${b})`, type };
}

export function jsonScalar(value: unknown): Compiled {
  if (typeof value === 'string') return { sql: stringLiteral(value), type: 'string' };
  if (typeof value === 'number') return { sql: numberLiteral(value, Number.isInteger(value)), type: Number.isInteger(value) ? 'long' : 'real' };
  if (typeof value === 'bigint') return { sql: String(value), type: 'long' };
  if (typeof value === 'boolean') return { sql: value ? 'TRUE' : 'FALSE', type: 'bool' };
  if (value === null) return { sql: 'NULL', type: 'unknown' };
  return { sql: `CAST(${stringLiteral(stringifyExact(value))} AS JSON)`, type: 'dynamic' };
}

export function callArguments(call: CallNode, scope: ExpressionScope): Expression[] {
  return call.args.map((argument) => {
    if (argument.kind === 'NamedArgument') throw scope.errors.at(argument.start, `named arguments are not supported in ${call.callee.name}()`);
    return argument;
  });
}

export { regexEscape };
