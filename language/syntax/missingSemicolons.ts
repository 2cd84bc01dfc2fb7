/** Statements of one query must be separated by `;`: the errors where they are not. */
import type { IToken } from 'chevrotain';
import type * as ast from './ast.ts';
import type { SyntaxError } from './parseResult.ts';

/**
 * One error per run of statements with no `;` between them, over the text after the first:
 * `range x from 1 to 5 step 1` is one mistake, not seven. Linear: both lists are in text order.
 */
export function missingSemicolons(statements: readonly ast.Statement[], semicolons: readonly IToken[]): SyntaxError[] {
  const errors: SyntaxError[] = [];
  let semicolon = 0;
  let runStart = -1;
  for (let i = 1; i <= statements.length; i++) {
    const previous = statements[i - 1]!;
    const next = statements[i];
    while (semicolon < semicolons.length && semicolons[semicolon]!.startOffset < previous.end) semicolon++;
    const separated = next === undefined || (semicolon < semicolons.length && semicolons[semicolon]!.startOffset < next.start);
    if (!separated && runStart < 0) runStart = i - 1;
    if (separated && runStart >= 0) {
      const first = statements[runStart]!;
      errors.push({ start: first.end, end: previous.end, message: messageAfter(first) });
      runStart = -1;
    }
  }
  return errors;
}

/** Kusto's `range x from … to … step …` reads as such a run: name what APL writes instead. */
function messageAfter(first: ast.Statement): string {
  const expression = first.kind === 'ExpressionStatement' ? first.expression : undefined;
  if (expression?.kind === 'Name' && !expression.quoted && expression.name === 'range') {
    return "Expected ';' between statements. APL has no range operator: for Kusto's `range x from 1 to 5 step 1`, write `print x = range(1, 5, 1) | mv-expand x`.";
  }
  return "Expected ';' between statements.";
}
