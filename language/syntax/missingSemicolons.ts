/** Statements of one query must be separated by `;`: the errors where they are not. */
import type { IToken } from 'chevrotain';
import type * as ast from './ast.ts';
import type { SyntaxError } from './parseResult.ts';

/**
 * One error per run of statements with no `;` between them, over the text after the first:
 * Kusto's `range x from 1 to 5 step 1` is one mistake, not seven (kustoHints.ts names it).
 * Linear: both lists are in text order.
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
      errors.push({ start: first.end, end: previous.end, message: "Expected ';' between statements." });
      runStart = -1;
    }
  }
  return errors;
}
