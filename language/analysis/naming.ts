import type { CallNode, Expression } from '../syntax/ast.ts';
import { binaryChain } from '../syntax/visit.ts';
import { dottedPath } from './names.ts';

/** The column an expression names by itself: `x`, `['geo.city']`, `geo.city`, `$left.x`, `(x)`. */
export function columnNameOf(expression: Expression): string | undefined {
  switch (expression.kind) {
    case 'Name':
      return expression.name.startsWith('$') ? undefined : expression.name;
    case 'Member': {
      const path = dottedPath(expression);
      if (path) return path.map((part) => part.name).join('.');
      const target = expression.target;
      return target.kind === 'Name' && (target.name === '$left' || target.name === '$right') ? expression.member.name : undefined;
    }
    case 'Paren':
      return columnNameOf(expression.expression);
    default:
      return undefined;
  }
}

/**
 * The name of a `by` key or a projected expression, as the engine gives it: a column keeps its
 * name; `bin(x, size)` and `bin_auto(_time)` keep x's name (documented for _time); other calls take
 * their first column argument's name (undocumented, the engine's rule); anything else `fallback`.
 */
export function keyName(expression: Expression, fallback: string): string {
  const direct = columnNameOf(expression);
  if (direct) return direct;
  if (expression.kind === 'Call') {
    const first = expression.args[0];
    const inner = first && first.kind !== 'NamedArgument' ? columnNameOf(first) : undefined;
    if (inner) return inner;
  }
  return fallback;
}

/**
 * The name of an unnamed aggregate: `count()` → `count_`, `avg(x)` → `avg_x`, `make_set(['service.name'])`
 * → `make_set_service.name`. Other shapes get `fn_` (undocumented, the engine's rule).
 */
export function aggregateName(call: CallNode): string {
  const fn = call.callee.name;
  if (fn === 'count' && call.args.length === 0) return 'count_';
  const first = call.args[0];
  const field = first && first.kind !== 'NamedArgument' ? columnNameOf(first) : undefined;
  return field ? `${fn}_${field}` : `${fn}_`;
}

/** The outermost aggregation call of an expression such as `round(avg(x), 2)`. */
export function findAggregationCall(expression: Expression, isAggregation: (name: string) => boolean): CallNode | undefined {
  switch (expression.kind) {
    case 'Call': {
      if (isAggregation(expression.callee.name)) return expression;
      for (const argument of expression.args) {
        const found = findAggregationCall(argument.kind === 'NamedArgument' ? argument.value : argument, isAggregation);
        if (found) return found;
      }
      return undefined;
    }
    case 'Paren':
      return findAggregationCall(expression.expression, isAggregation);
    case 'Binary': {
      const { first, links } = binaryChain(expression);
      let found = findAggregationCall(first, isAggregation);
      for (let i = 0; !found && i < links.length; i++) found = findAggregationCall(links[i].right, isAggregation);
      return found;
    }
    case 'Unary':
      return findAggregationCall(expression.operand, isAggregation);
    default:
      return undefined;
  }
}
