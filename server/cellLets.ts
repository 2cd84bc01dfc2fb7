import type { LetStatement, ParsedDocument, Position, Range } from '../language/index.ts';
import type { PreludePart } from './notebookCells.ts';

export interface CellLocation {
  uri: string;
  range: Range;
}

/*
 * The prelude copies each cell's lets in order (less blank lines, and less the lets a syntax error
 * touches), so the n-th let of a name in a cell's part of a prelude is the n-th let of that name in
 * the cell. Should a broken let of that name come first, the last one is taken instead.
 */

/**
 * Where in a cell above the name of a prelude `let` is written, given the name's range in the
 * analysed text of the cell whose prelude it is.
 */
export function letInCellAbove(
  parts: readonly PreludePart[],
  name: Range,
  parseQuery: (text: string) => ParsedDocument,
  parsedCell: (uri: string) => ParsedDocument | undefined,
): CellLocation | undefined {
  let part: PreludePart | undefined;
  for (const candidate of parts) if (candidate.firstLine <= name.start.line) part = candidate;
  if (!part) return undefined;
  const parsedPart = parseQuery(part.text);
  const offset = parsedPart.lineIndex.offsetAt({ line: name.start.line - part.firstLine, character: name.start.character });
  const target = letsOf(parsedPart).find((statement) => statement.name.start <= offset && offset < statement.name.end);
  const cell = parsedCell(part.uri);
  const found = target && cell && sameLet(parsedPart, target, cell);
  return found && { uri: part.uri, range: cell.lineIndex.rangeOf(found.name.start, found.name.end) };
}

/**
 * The reverse: where the name of a let of a cell above (`name`, in that cell's own text) sits in
 * the analysed text of a cell below, whose prelude has `part` from the cell above.
 */
export function letInPreludePart(
  part: PreludePart,
  cellAbove: ParsedDocument,
  name: Range,
  parseQuery: (text: string) => ParsedDocument,
): Position | undefined {
  const offset = cellAbove.lineIndex.offsetAt(name.start);
  const target = letsOf(cellAbove).find((statement) => statement.name.start <= offset && offset < statement.name.end);
  const parsedPart = parseQuery(part.text);
  const found = target && sameLet(cellAbove, target, parsedPart);
  if (!found) return undefined;
  const position = parsedPart.lineIndex.positionAt(found.name.start);
  return { line: position.line + part.firstLine, character: position.character };
}

/** The let of `to` that is `target` of `from`: the n-th let of its name in both. */
function sameLet(from: ParsedDocument, target: LetStatement, to: ParsedDocument): LetStatement | undefined {
  const nth = letsOf(from).filter((statement) => statement.name.name === target.name.name && statement.start < target.start).length;
  const sameName = letsOf(to).filter((statement) => statement.name.name === target.name.name);
  return sameName[Math.min(nth, sameName.length - 1)];
}

function letsOf(parsed: ParsedDocument): LetStatement[] {
  return parsed.root.queries.flatMap((query) => query.statements).filter((statement): statement is LetStatement => statement.kind === 'LetStatement');
}
