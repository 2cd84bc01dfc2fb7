import type { CallNode, Expression } from '../syntax/ast.ts';
import { binaryChain } from '../syntax/visit.ts';
import { dottedPath } from './names.ts';

/**
 * Names of computed columns, as the engine gives them. `certain` is false where APL's reference does
 * not document the rule; the analysis still takes the engine's name, so the output stays known.
 */
export interface DerivedName {
  name: string;
  certain: boolean;
}

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
 * The name of a `by` key or a projected expression: a column keeps its name; `bin(x, size)` and
 * `bin_auto(_time)` keep x's name (documented for _time); other calls take their first column
 * argument's name, which is a guess.
 */
export function keyName(expression: Expression, fallback: string): DerivedName {
  const direct = columnNameOf(expression);
  if (direct) return { name: direct, certain: true };
  if (expression.kind === 'Call') {
    const first = expression.args[0];
    const inner = first && first.kind !== 'NamedArgument' ? columnNameOf(first) : undefined;
    if (inner) {
      const binning = expression.callee.name === 'bin' || expression.callee.name === 'bin_auto';
      return { name: inner, certain: binning };
    }
  }
  return { name: fallback, certain: false };
}

/**
 * The name of an unnamed aggregate: `count()` → `count_`, `avg(x)` → `avg_x`, `make_set(['service.name'])`
 * → `make_set_service.name`. Other shapes get `fn_` and count as guesses.
 */
export function aggregateName(call: CallNode): DerivedName {
  const fn = call.callee.name;
  if (fn === 'count' && call.args.length === 0) return { name: 'count_', certain: true };
  const first = call.args[0];
  const field = first && first.kind !== 'NamedArgument' ? columnNameOf(first) : undefined;
  if (field) return { name: `${fn}_${field}`, certain: true };
  return { name: `${fn}_`, certain: false };
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
