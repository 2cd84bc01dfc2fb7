/**
 * `join` and `lookup`: the rows of two tables matched on equal keys (join-operator.mdx,
 * lookup-operator.mdx). Each key is computed as a column of its side (`apl_key0`, ...) and the sides
 * are joined on those columns with SQL `=`, so a null key matches nothing: `==` of two nulls is
 * null (Kusto's null-values page), and neither APL nor Kusto says joins treat nulls otherwise.
 */
import type { Expression, JoinOperator } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { walk } from '../../../language/syntax/visit.ts';
import { compileExpression, findColumn } from './expressions.ts';
import { coerceTo } from './coercions.ts';
import { optionValue, type OperatorTools } from './moreOperators.ts';
import type { Compiled } from './scope.ts';
import { ident } from './sql.ts';
import { orderSql, type Stage } from './stage.ts';
import { isNumeric, type Column } from './types.ts';

type JoinKind = 'inner' | 'innerunique' | 'leftouter' | 'rightouter' | 'fullouter' | 'leftanti' | 'rightanti' | 'leftsemi' | 'rightsemi';
type Side = 'left' | 'right';

/**
 * The kinds join-operator.mdx lists, with Kusto's other spellings of the anti joins. Axiom's
 * preview runs only inner, innerunique and leftouter; the others follow the page's (and Kusto's)
 * description of their rows and columns.
 */
const joinKinds: Record<string, JoinKind> = {
  inner: 'inner',
  innerunique: 'innerunique',
  leftouter: 'leftouter',
  rightouter: 'rightouter',
  fullouter: 'fullouter',
  leftanti: 'leftanti',
  anti: 'leftanti',
  leftantisemi: 'leftanti',
  rightanti: 'rightanti',
  rightantisemi: 'rightanti',
  leftsemi: 'leftsemi',
  rightsemi: 'rightsemi',
};

/** One `on` condition: the key's value on each side, and the right column it names, if any. */
interface KeyPair {
  left: Compiled;
  right: Compiled;
  rightColumn?: string;
}

export function compileJoin(operator: JoinOperator, left: Stage, right: Stage, tools: OperatorTools): Stage {
  const kind = joinKind(operator, tools);
  if (operator.on.length === 0) throw tools.errors.at(operator.start, `${operator.kind} needs an on clause`, 'semantic');
  const leftAlias = tools.alias();
  const rightAlias = tools.alias();
  const pairs = operator.on.map((condition) => keyPair(condition, { left: { alias: leftAlias, columns: left.columns }, right: { alias: rightAlias, columns: right.columns } }, tools));

  const keyed = (stage: Stage, alias: string, side: Side) =>
    `SELECT *, ${pairs.map((pair, i) => `${pair[side].sql} AS apl_key${i}`).join(', ')} FROM (${stage.sql}) AS ${alias}`;
  let rightSql = keyed(right, rightAlias, 'right');
  if (kind === 'innerunique') {
    // APL: "For each row in the left dataset, only the first matching row from the right dataset is
    // returned" (Kusto instead deduplicates the left side). The first row is the first in the right
    // side's own order.
    const order = orderSql(right.order).trim();
    const first = `SELECT *, row_number() OVER (${order}) AS apl_position FROM (${rightSql}) AS ${tools.alias()}`;
    rightSql = `SELECT * EXCLUDE (apl_position) FROM (${first}) AS ${tools.alias()} QUALIFY row_number() OVER (PARTITION BY ${pairs.map((_, i) => `apl_key${i}`).join(', ')} ORDER BY apl_position) = 1`;
  }
  const leftSql = keyed(left, leftAlias, 'left');
  const l = tools.alias();
  const r = tools.alias();
  const on = pairs.map((_, i) => `${l}.apl_key${i} = ${r}.apl_key${i}`).join(' AND ');
  const select = (alias: string, columns: readonly Column[]) => columns.map((column) => `${alias}.${ident(column.name)}`);
  const datasets = new Set([...left.datasets, ...right.datasets]);
  const result = (sql: string, columns: Column[]): Stage => ({ sql, columns, limited: false, datasets, matchedSql: left.matchedSql, matchedRowsOf: left.matchedRowsOf });

  switch (kind) {
    case 'leftsemi':
    case 'leftanti':
      return result(`SELECT ${selectList(select(l, left.columns))} FROM (${leftSql}) AS ${l} WHERE ${kind === 'leftanti' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM (${rightSql}) AS ${r} WHERE ${on})`, [...left.columns]);
    case 'rightsemi':
    case 'rightanti':
      return result(`SELECT ${selectList(select(r, right.columns))} FROM (${rightSql}) AS ${r} WHERE ${kind === 'rightanti' ? 'NOT ' : ''}EXISTS (SELECT 1 FROM (${leftSql}) AS ${l} WHERE ${on})`, [...right.columns]);
  }

  // Every left column, then the right ones; a right name already taken gets the first free numeric
  // suffix (Key -> Key1). lookup leaves out the right columns its keys name (lookup-operator.mdx).
  const dropped = new Set(operator.kind === 'lookup' ? pairs.flatMap((pair) => (pair.rightColumn ? [pair.rightColumn] : [])) : []);
  const columns: Column[] = [...left.columns];
  const list = select(l, left.columns);
  for (const column of right.columns) {
    if (dropped.has(column.name)) continue;
    let name = column.name;
    for (let suffix = 1; findColumn(columns, name); suffix++) name = `${column.name}${suffix}`;
    columns.push({ ...column, name });
    list.push(`${r}.${ident(column.name)} AS ${ident(name)}`);
  }
  const join = { inner: 'JOIN', innerunique: 'JOIN', leftouter: 'LEFT JOIN', rightouter: 'RIGHT JOIN', fullouter: 'FULL JOIN' }[kind];
  return result(`SELECT ${selectList(list)} FROM (${leftSql}) AS ${l} ${join} (${rightSql}) AS ${r} ON ${on}`, columns);
}

/** `kind=`: join defaults to inner (APL; Kusto's default is innerunique), lookup to leftouter and allows only inner besides. */
function joinKind(operator: JoinOperator, tools: OperatorTools): JoinKind {
  const option = optionValue(operator.options, 'kind');
  if (!option) return operator.kind === 'lookup' ? 'leftouter' : 'inner';
  const text = (columnNameOf(option) ?? '').toLowerCase();
  const kind = joinKinds[text];
  if (operator.kind === 'lookup' && kind !== 'leftouter' && kind !== 'inner') {
    throw tools.errors.at(option.start, `lookup kind "${text}" is not supported: lookup is leftouter or inner`, 'semantic');
  }
  if (!kind) throw tools.errors.at(option.start, `join kind "${text}" is not one of ${Object.keys(joinKinds).join(', ')}`, 'semantic');
  return kind;
}

type Sides = { left: { alias: string; columns: readonly Column[] }; right: { alias: string; columns: readonly Column[] } };

/**
 * `on key` (the same column on both sides), or `a == b` where each operand reads one side: the one
 * its `$left.`/`$right.` names say, else the left operand the left side and the right one the right.
 */
function keyPair(condition: Expression, sides: Sides, tools: OperatorTools): KeyPair {
  const name = columnNameOf(condition);
  if (name && sidesNamed(condition).size === 0) {
    for (const side of ['left', 'right'] as const) {
      if (!findColumn(sides[side].columns, name)) throw tools.errors.at(condition.start, `join key "${name}" is not a column of the ${side} side`, 'semantic');
    }
    return matched(operand(condition, 'left', sides, tools), operand(condition, 'right', sides, tools), name, condition, tools);
  }
  if (condition.kind === 'Binary' && condition.operator === '==') {
    const leftNamed = sidesNamed(condition.left);
    const rightNamed = sidesNamed(condition.right);
    const sideOf = (named: Set<Side>, position: Side): Side => (named.size === 1 ? [...named][0]! : position);
    const first = sideOf(leftNamed, 'left');
    const second = sideOf(rightNamed, 'right');
    if (leftNamed.size > 1 || rightNamed.size > 1 || first === second) {
      throw tools.errors.at(condition.start, 'each side of a join condition reads one table: $left.a == $right.b', 'semantic');
    }
    const [leftOperand, rightOperand] = first === 'left' ? [condition.left, condition.right] : [condition.right, condition.left];
    return matched(operand(leftOperand, 'left', sides, tools), operand(rightOperand, 'right', sides, tools), rightColumnOf(rightOperand), condition, tools);
  }
  if (condition.kind === 'Binary' && condition.operator.toLowerCase() === 'and') {
    throw tools.errors.at(condition.start, 'separate join conditions with commas, not "and"', 'semantic');
  }
  throw tools.errors.at(condition.start, 'join conditions are column names or equalities such as $left.a == $right.b', 'semantic');
}

/** An operand compiled over its side's columns (a plain name or `$side.name` reads that side). */
function operand(expression: Expression, side: Side, sides: Sides, tools: OperatorTools): Compiled {
  const name = expression.kind === 'Name' ? expression.name : undefined;
  if (name && !findColumn(sides[side].columns, name)) throw tools.errors.at(expression.start, `join key "${name}" is not a column of the ${side} side`, 'semantic');
  return compileExpression(expression, tools.scope(sides[side].columns, { sides }));
}

/** The two keys of a condition, of one type: "The two sides of the equality expression must have the same data type." */
function matched(left: Compiled, right: Compiled, rightColumn: string | undefined, condition: Expression, tools: OperatorTools): KeyPair {
  if (left.type === right.type || left.type === 'unknown' || right.type === 'unknown' || (isNumeric(left.type) && isNumeric(right.type))) return { left, right, rightColumn };
  if (left.type === 'dynamic') return { left: coerceTo(left, right.type), right, rightColumn };
  if (right.type === 'dynamic') return { left, right: coerceTo(right, left.type), rightColumn };
  throw tools.errors.at(condition.start, `the keys of a join condition must have the same type, not ${left.type} and ${right.type}`, 'semantic');
}

/** `$left` and `$right` as the expression names them. */
function sidesNamed(expression: Expression): Set<Side> {
  const named = new Set<Side>();
  walk(expression, (node) => {
    if (node.kind === 'Member' && node.target.kind === 'Name' && (node.target.name === '$left' || node.target.name === '$right')) named.add(node.target.name === '$left' ? 'left' : 'right');
  });
  return named;
}

/** The right column a key names (`$right.b`, or `b` in `a == b`), which lookup does not repeat. */
function rightColumnOf(expression: Expression): string | undefined {
  if (expression.kind === 'Name') return expression.name;
  if (expression.kind === 'Member' && expression.target.kind === 'Name' && expression.target.name === '$right') return expression.member.name;
  return undefined;
}

function selectList(items: readonly string[]): string {
  return items.length ? items.join(', ') : '1 AS "_"';
}
