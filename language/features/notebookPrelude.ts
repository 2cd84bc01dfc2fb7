/**
 * In an APL notebook each cell is one query, and the `let` statements of the cells above a cell are
 * in scope in it. `cellPrelude` builds the text of those statements, copied as written, to be put
 * before the cell's own text when it is run; `NotebookLets` reads a cell with them in scope, having
 * parsed and analysed the notebook's lets once.
 */
import { analyzeAfterPrelude, analyzePrelude, type AnalyzedDocument, type PreludeAnalysis } from '../analysis/analyzer.ts';
import type { Schema } from '../analysis/schema.ts';
import type { QueryNode, Statement } from '../syntax/ast.ts';
import { parseQuery, parseQueryFrom } from '../syntax/parse.ts';
import type { ParsedDocument } from '../syntax/parseResult.ts';
import { LineIndex } from '../text/lineIndex.ts';
import { partitionPoint } from '../text/sorted.ts';

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

/**
 * A cell parsed after its prelude, as `parseQuery(prelude + cell)` parses it, without parsing the
 * prelude again: `lets` is the parse of a text the prelude begins with (the `let` statements of all
 * the notebook's cells, parsed once), and the prelude's statements and tokens are its first ones.
 * Each cell then costs its own length to parse, not that of every `let` above it.
 */
export function parseAfterPrelude(lets: ParsedDocument, preludeLength: number, cell: string): ParsedDocument {
  const text = lets.text.slice(0, preludeLength) + cell;
  const own = parseQueryFrom(text, preludeLength);
  // The prelude parses without errors: each statement in it parsed without errors in its cell.
  const allLets = lets.root.queries[0]?.statements ?? [];
  const before = allLets.slice(0, partitionPoint(allLets, (statement) => statement.end <= preludeLength));
  const cellQuery = own.root.queries[0];
  const queries: QueryNode[] = [];
  if (before.length > 0) {
    const statements: Statement[] = cellQuery ? before.concat(cellQuery.statements) : before;
    const end = cellQuery?.end ?? lets.tokens[partitionPoint(lets.tokens, (token) => token.end <= preludeLength) - 1]!.end;
    queries.push({ kind: 'Query', statements, start: before[0]!.start, end });
  } else if (cellQuery) {
    queries.push(cellQuery);
  }
  let tokens: ParsedDocument['tokens'] | undefined;
  return {
    text,
    lineIndex: LineIndex.after(lets.lineIndex, preludeLength, text),
    root: { ...own.root, queries },
    get tokens() {
      tokens ??= lets.tokens.slice(0, partitionPoint(lets.tokens, (token) => token.end <= preludeLength)).concat(own.tokens);
      return tokens;
    },
    errors: own.errors,
  };
}

/**
 * The `let` statements of all of a notebook's cells (`cellPrelude` of them all, in order), parsed
 * and analysed once. Each cell's prelude is their beginning, so a cell is read at the cost of its
 * own text rather than that of every `let` above it.
 */
export class NotebookLets {
  private readonly parsed: ParsedDocument;
  private readonly analysis: PreludeAnalysis;

  constructor(
    readonly text: string,
    schema?: Schema,
  ) {
    this.parsed = parseQuery(text);
    this.analysis = analyzePrelude(this.parsed, schema);
  }

  /**
   * A cell whose prelude is the first `preludeLength` characters of `text` (the lets of the cells
   * above it), answered as `analyzeDocument(parseQuery(prelude + cell))` answers but for the
   * diagnostics inside the prelude, which are the cells above's own.
   */
  analyzeCell(preludeLength: number, cell: string): AnalyzedDocument {
    return analyzeAfterPrelude(parseAfterPrelude(this.parsed, preludeLength, cell), this.analysis, preludeLength);
  }
}
