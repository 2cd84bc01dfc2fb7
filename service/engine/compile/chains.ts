import type { BinaryNode, Expression } from '../../../language/index.ts';
import { binaryChain } from '../../../language/syntax/visit.ts';

/**
 * Operator chains as SQL. `a or b or …` is a left-deep tree as deep as the chain is long: it is
 * compiled in a loop, and written flat, `(a OR b OR …)`, which DuckDB reads without nesting.
 */
export function isLogical(operator: string): boolean {
  return operator === 'and' || operator === 'or';
}

/** An and/or chain; `operand` compiles what is neither (a comparison, a call, a parenthesis). */
export function logicalChainSql(node: BinaryNode, operand: (expression: Expression) => string): string {
  const { first, links } = binaryChain(node, (link) => isLogical(link.operator));
  let operator = links[0]!.operator;
  let terms = [operand(first)];
  for (const link of links) {
    // `and` binds tighter, so an `and` run sits below the `or` run that continues it.
    if (link.operator !== operator) {
      terms = [joined(terms, operator)];
      operator = link.operator;
    }
    terms.push(operand(link.right));
  }
  return joined(terms, operator);
}

function joined(terms: string[], operator: string): string {
  return `(${terms.join(` ${operator.toUpperCase()} `)})`;
}

/**
 * DuckDB nests every other operator (`a + b + c` is `(a + b) + c`) and refuses SQL more than 1000
 * expressions deep (`max_expression_depth`). Half of that leaves room for the operands' own
 * depth; a longer chain gets this engine's error, at its place, instead of DuckDB's.
 */
export const maxChainedOperators = 500;
