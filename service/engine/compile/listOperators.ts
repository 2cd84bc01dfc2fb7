/**
 * The list operators: `in`, `!in`, `in~`, `!in~` over values, dynamic arrays or a subquery's first column, and
 * `has_any`/`has_all` (and their `_cs` forms) over terms.
 */
import type { ListOperatorNode } from '../../../language/index.ts';
import { asString, coerceTo, jsonElementText } from './coercions.ts';
import { compileExpression, jsonScalar, stringTest } from './expressions.ts';
import type { Compiled, ExpressionScope } from './scope.ts';
import { ident } from './sql.ts';


export function listOperator(node: ListOperatorNode, scope: ExpressionScope): Compiled {
  const left = compileExpression(node.left, scope);
  const op = node.operator;
  const caseless = op.endsWith('~') || op === 'has_any' || op === 'has_all';
  const negated = op.startsWith('!');
  // A null is in no set (Kusto): `in` answers false for it and `!in` true.
  const answer = (test: string): Compiled => ({ sql: negated ? `coalesce(NOT ${test}, TRUE)` : `coalesce(${test}, FALSE)`, type: 'bool' });
  if (node.items.length === 1 && node.items[0]!.kind === 'Pipeline') {
    const sub = scope.subquery(node.items[0]!);
    const first = sub.columns[0];
    if (!first) throw scope.errors.at(node.items[0]!.start, 'the subquery has no columns');
    const value = caseless ? `lower(${asString(left)})` : coerceTo(left, first.type).sql;
    const column = caseless ? `lower(${asString({ sql: ident(first.name), type: first.type })})` : ident(first.name);
    return answer(`(${value} IN (SELECT ${column} FROM (${sub.sql})))`);
  }
  const items: Compiled[] = [];
  for (const item of node.items) {
    if (item.kind === 'DynamicLiteral' && Array.isArray(item.value)) {
      for (const value of (item.value as unknown[]).flat(Infinity)) items.push(jsonScalar(value));
    } else items.push(compileExpression(item, scope));
  }
  if (op === 'has_any' || op === 'has_all' || op === 'has_any_cs' || op === 'has_all_cs') {
    if (items.length === 0) return { sql: 'FALSE', type: 'bool' };
    const tests = items.map((item) => stringTest(op.endsWith('_cs') ? 'has_cs' : 'has', `coalesce(${asString(left)}, '')`, asString(item))!);
    return { sql: `(${tests.join(op.startsWith('has_any') ? ' OR ' : ' AND ')})`, type: 'bool' };
  }
  if (items.length === 0) return { sql: negated ? 'TRUE' : 'FALSE', type: 'bool' };
  const fold = (text: string) => (caseless ? `lower(${text})` : text);
  const scalars = items.filter((item) => item.type !== 'dynamic');
  // A dynamic left side is compared as the listed values' type (DuckDB would read the values as JSON text).
  const target = left.type === 'dynamic' ? (scalars.find((item) => item.type !== 'unknown')?.type ?? 'string') : left.type;
  const value = caseless ? fold(asString(left)) : coerceTo(left, target).sql;
  const tests = scalars.length > 0 ? [`(${value} IN (${scalars.map((item) => (caseless ? fold(asString(item)) : coerceTo(item, target).sql)).join(', ')}))`] : [];
  // A dynamic value (a let-bound array, an array column) counts with its elements, as a dynamic literal does.
  for (const item of items.filter((item) => item.type === 'dynamic')) {
    const elements = `list_transform(CAST(${item.sql} AS JSON[]), apl_e -> ${fold(jsonElementText('apl_e'))})`;
    const leftText = fold(asString(left));
    tests.push(`(CASE WHEN json_type(${item.sql}) = 'ARRAY' THEN list_contains(${elements}, ${leftText}) ELSE ${fold(asString(item))} = ${leftText} END)`);
  }
  return answer(`(${tests.join(' OR ')})`);
}
