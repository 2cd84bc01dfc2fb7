/**
 * In an APL notebook each cell is one query, and the `let` statements of the cells above a cell are
 * in scope in it. This builds the text of those statements, to be put before the cell's own text
 * when it is analysed or run. Pure and syntax-level: the statements are copied as written.
 */
import { parseQuery } from '../syntax/parse.ts';

export interface CellPrelude {
  /** The statements, each ended by `;` on its own line(s); empty when there are none. */
  text: string;
  /** Lines the prelude adds before the cell (the number of line breaks in `text`). */
  lineCount: number;
}

/**
 * The `let` statements of `cellsAbove`, in order (a later `let` of a name hides an earlier one, as in
 * one query). A statement touched by a syntax error is left out, so that a broken cell above does
 * not break the cells below it. Blank lines inside a statement are dropped: in a document a blank
 * line ends the query.
 */
export function cellPrelude(cellsAbove: readonly string[]): CellPrelude {
  const statements: string[] = [];
  for (const cell of cellsAbove) {
    const parsed = parseQuery(cell);
    const all = parsed.root.queries.flatMap((query) => query.statements);
    const errors = parsed.errors.map((error) => error.end).sort((a, b) => a - b);
    let nextError = 0;
    all.forEach((statement, index) => {
      if (statement.kind !== 'LetStatement') return;
      // An error up to the next statement belongs to this one (a missing operand is reported at the `;`).
      const until = all[index + 1]?.start ?? cell.length;
      while (nextError < errors.length && errors[nextError] < statement.start) nextError++;
      const broken = nextError < errors.length && errors[nextError] <= until;
      if (broken) return;
      statements.push(withoutBlankLines(cell.slice(statement.start, statement.end)) + ';\n');
    });
  }
  const text = statements.join('');
  return { text, lineCount: countLineBreaks(text) };
}

function withoutBlankLines(text: string): string {
  return text.replace(/\r\n?/g, '\n').split('\n').filter((line) => line.trim() !== '').join('\n');
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) count++;
  return count;
}
