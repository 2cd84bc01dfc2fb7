/**
 * A result table as aligned plain text for a terminal. Every value is shown as text: control
 * characters are escaped (a value cannot move the cursor or break a row), long values are cut.
 */
import { cellText } from '../client/exportResults.ts';
import type { ResultTable } from '../client/resultsModel.ts';

/** Longer cells end in `…` (the csv and json formats keep whole values). */
const maxCellWidth = 60;

export function textTable(table: ResultTable): string[] {
  const header = table.columns.map((column) => visible(column.name));
  const rows = table.rows.map((row) => table.columns.map((_, index) => visible(cellText(row[index]))));
  const numeric = table.columns.map((_, index) => table.rows.some((row) => isNumber(row[index])) && table.rows.every((row) => row[index] == null || isNumber(row[index])));
  const widths = header.map((name, index) => Math.max(name.length, ...rows.map((row) => row[index]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (numeric[index] ? cell.padStart(widths[index]!) : cell.padEnd(widths[index]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)];
}

/** A number, or an integer beyond 2^53 the client kept exactly. */
function isNumber(value: unknown): boolean {
  return typeof value === 'number' || typeof value === 'bigint';
}

const named: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function visible(text: string): string {
  const escaped = text.replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (char) => named[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return escaped.length > maxCellWidth ? `${escaped.slice(0, maxCellWidth - 1)}…` : escaped;
}
