/**
 * A result table as compact text for a model: Markdown or CSV, long cells cut, rows added only
 * while the text stays under a character budget. Pure.
 */
import { cellText } from '../exportResults.ts';
import type { ResultTable } from '../resultsModel.ts';

export type CompactFormat = 'markdown' | 'csv';

const maxCellLength = 200;

export interface CompactTable {
  text: string;
  /** How many of the table's rows the text holds. */
  rowsShown: number;
}

export function compactTable(table: ResultTable, format: CompactFormat, maxChars: number): CompactTable {
  const render = format === 'csv' ? csvLine : markdownLine;
  const lines = [render(table.columns.map((column) => column.name))];
  if (format === 'markdown') lines.push(markdownLine(table.columns.map(() => '---')));
  let length = lines.reduce((total, line) => total + line.length + 1, 0);
  let rowsShown = 0;
  for (const row of table.rows) {
    const line = render(table.columns.map((_, index) => clipCell(cellText(row[index]))));
    if (length + line.length + 1 > maxChars) break;
    lines.push(line);
    length += line.length + 1;
    rowsShown++;
  }
  return { text: lines.join('\n'), rowsShown };
}

function clipCell(text: string): string {
  return text.length > maxCellLength ? `${text.slice(0, maxCellLength - 1)}…` : text;
}

function markdownLine(cells: string[]): string {
  return `| ${cells.map((cell) => cell.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, ' ')).join(' | ')} |`;
}

function csvLine(cells: string[]): string {
  return cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(',');
}
