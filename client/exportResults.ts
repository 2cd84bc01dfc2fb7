/** Results as CSV, JSON (an array of objects) or NDJSON (one object a line). Pure. */
import { stringifyExact } from '../wire/exactJson.ts';
import type { ResultTable } from './resultsModel.ts';

export const exportFormats = ['csv', 'json', 'ndjson'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export function exportTable(table: ResultTable, format: ExportFormat): string {
  switch (format) {
    case 'csv':
      return toCsv(table);
    case 'json':
      return stringifyExact(toObjects(table), 2) + '\n';
    case 'ndjson':
      return toObjects(table).map((row) => stringifyExact(row) + '\n').join('');
  }
}

function toObjects(table: ResultTable): Record<string, unknown>[] {
  return table.rows.map((row) => Object.fromEntries(table.columns.map((column, index) => [column.name, row[index] ?? null])));
}

function toCsv(table: ResultTable): string {
  const lines = [table.columns.map((column) => csvField(column.name))];
  for (const row of table.rows) lines.push(table.columns.map((_, index) => csvField(cellText(row[index]))));
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

/** The text of a value as the table shows and copies it: objects as JSON, null as empty, big integers as written. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return stringifyExact(value);
  return String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
