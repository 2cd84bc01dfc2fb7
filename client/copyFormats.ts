/**
 * The results as text to paste elsewhere: a Markdown table, CSV, TSV or an APL `datatable(...)`
 * expression that rebuilds them in a query. Pure; the webview formats the rows it shows (after
 * its filter, in its column order) and the host copies the text.
 */
import { stringifyExact } from '../wire/exactJson.ts';
import { cellText, exportTable } from './exportResults.ts';
import type { ResultColumn, ResultTable } from './resultsModel.ts';

export const copyFormats = ['markdown', 'csv', 'tsv', 'datatable'] as const;
export type CopyFormat = (typeof copyFormats)[number];

export const copyFormatLabels: Record<CopyFormat, string> = { markdown: 'Markdown', csv: 'CSV', tsv: 'TSV', datatable: 'APL datatable' };

export function formatTable(table: ResultTable, format: CopyFormat): string {
  switch (format) {
    case 'markdown':
      return toMarkdown(table);
    case 'csv':
      return exportTable(table, 'csv');
    case 'tsv':
      return toTsv(table);
    case 'datatable':
      return toDatatable(table);
  }
}

function toMarkdown(table: ResultTable): string {
  const field = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\r?\n|\r/g, '<br>');
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const lines = [
    line(table.columns.map((column) => field(column.name))),
    line(table.columns.map((column) => (isNumericColumn(column) ? '---:' : '---'))),
    ...table.rows.map((row) => line(table.columns.map((_, index) => field(cellText(row[index]))))),
  ];
  return lines.join('\n') + '\n';
}

/** Tab-separated, as spreadsheets paste it: a tab or line break inside a value becomes a space. */
function toTsv(table: ResultTable): string {
  const field = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  const lines = [table.columns.map((column) => field(column.name)), ...table.rows.map((row) => table.columns.map((_, index) => field(cellText(row[index]))))];
  return lines.map((cells) => cells.join('\t')).join('\n') + '\n';
}

export function isNumericColumn(column: ResultColumn): boolean {
  return /\b(integer|float|long|real|double|int|decimal|number)\b/i.test(column.type);
}

/** The datatable type of a result column. Timespans travel as Go duration texts, so they stay strings. */
function datatableType(column: ResultColumn): string {
  const type = column.type.toLowerCase();
  if (/\b(integer|long|int)\b/.test(type)) return 'long';
  if (/\b(float|real|double|decimal)\b/.test(type)) return 'real';
  if (/\bbool(ean)?\b/.test(type)) return 'bool';
  if (/\bdatetime\b/.test(type)) return 'datetime';
  if (/\b(array|object|dynamic)\b/.test(type)) return 'dynamic';
  return 'string';
}

function toDatatable(table: ResultTable): string {
  const types = table.columns.map(datatableType);
  const header = table.columns.map((column, index) => `${columnName(column.name)}: ${types[index]}`).join(', ');
  const rows = table.rows.map((row) => '  ' + types.map((type, index) => datatableValue(row[index], type)).join(', '));
  return `datatable(${header})\n[\n${rows.join(',\n')}${rows.length > 0 ? '\n' : ''}]\n`;
}

function columnName(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : `[${stringLiteral(name)}]`;
}

function datatableValue(value: unknown, type: string): string {
  const missing = value === null || value === undefined;
  switch (type) {
    case 'long':
    case 'real': {
      if (typeof value === 'bigint') return String(value);
      const number = typeof value === 'number' ? value : Number(value);
      if (missing || !Number.isFinite(number)) return `${type}(null)`;
      const text = String(number);
      // A whole number in a real column keeps its type in the literal.
      return type === 'real' && /^-?\d+$/.test(text) ? `${text}.0` : text;
    }
    case 'bool':
      return missing ? 'bool(null)' : String(value === true || value === 'true');
    case 'datetime':
      return missing ? 'datetime(null)' : `datetime(${cellText(value)})`;
    case 'dynamic':
      return missing ? 'dynamic(null)' : `dynamic(${stringifyExact(value)})`;
    default:
      // Kusto strings are never null: a null string is the empty string.
      return stringLiteral(missing ? '' : cellText(value));
  }
}

/** A double-quoted APL string with the escapes the lexer knows (language/syntax/literals.ts). */
function stringLiteral(text: string): string {
  const escapes: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\0': '\\0' };
  return `"${text.replace(/[\\"\n\r\t\0]/g, (char) => escapes[char])}"`;
}
