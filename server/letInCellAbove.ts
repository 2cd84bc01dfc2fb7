import type { LetStatement, ParsedDocument, Range } from '../language/index.ts';
import type { PreludePart } from './notebookCells.ts';

export interface CellLocation {
  uri: string;
  range: Range;
}

/**
 * Where in a cell above the name of a prelude `let` is written, given the name's range in the
 * analysed text. The prelude copies each cell's lets in order (less blank lines, and less the lets a
 * syntax error touches), so the n-th let of a name in a cell's part of the prelude is the n-th let of
 * that name in the cell; should a broken let of that name come first, the cell's last one is taken.
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
  const partLets = letsOf(parsedPart);
  const target = partLets.find((statement) => statement.name.start <= offset && offset < statement.name.end);
  const cell = parsedCell(part.uri);
  if (!target || !cell) return undefined;
  const nth = partLets.filter((statement) => statement.name.name === target.name.name && statement.start < target.start).length;
  const sameName = letsOf(cell).filter((statement) => statement.name.name === target.name.name);
  const found = sameName[Math.min(nth, sameName.length - 1)];
  return found && { uri: part.uri, range: cell.lineIndex.rangeOf(found.name.start, found.name.end) };
}

function letsOf(parsed: ParsedDocument): LetStatement[] {
  return parsed.root.queries.flatMap((query) => query.statements).filter((statement): statement is LetStatement => statement.kind === 'LetStatement');
}
