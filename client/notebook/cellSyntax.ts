/**
 * What the notebook needs of the language core, in one module that the build loads on a cell's
 * first run (scripts/build.mjs defers it): the prelude of the cells above, and whether a cell only
 * defines names for the cells below.
 */
import { cellPrelude } from '../../language/features/notebookPrelude.ts';
import { parseQuery } from '../../language/syntax/parse.ts';

export { cellPrelude };

export type CellShape = { kind: 'empty' } | { kind: 'definitions'; names: string[] } | { kind: 'query' };

/**
 * An empty cell (blanks and comments) or one of `let` statements alone has nothing to run: the
 * service would answer that there is no tabular expression. A cell with syntax errors is a query,
 * so that the service reports them.
 */
export function cellShape(text: string): CellShape {
  const parsed = parseQuery(text);
  if (parsed.errors.length > 0) return { kind: 'query' };
  const statements = parsed.root.queries.flatMap((query) => query.statements);
  if (statements.length === 0) return { kind: 'empty' };
  if (!statements.every((statement) => statement.kind === 'LetStatement')) return { kind: 'query' };
  return { kind: 'definitions', names: statements.map((statement) => (statement.kind === 'LetStatement' ? statement.name.name : '')) };
}
