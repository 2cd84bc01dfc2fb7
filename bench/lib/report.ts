import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Summary } from './stats.ts';

export type Verdict = 'PASS' | 'MISS' | 'N/A';

export interface ResultRow {
  id: string;
  label: string;
  unit: 'µs' | 'ms';
  ours?: Summary;
  official?: Summary;
  /** official p50 / ours p50: how many times faster we are. */
  ratio?: number;
  target: string;
  verdict: Verdict;
  note?: string;
}

function formatValue(value: number | undefined, unit: string): string {
  if (value === undefined || Number.isNaN(value)) return '—';
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2;
  return `${value.toFixed(digits)} ${unit}`;
}

function formatRatio(ratio: number | undefined): string {
  if (ratio === undefined || !Number.isFinite(ratio)) return '—';
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio.toFixed(1)}×`;
}

export function formatTable(rows: readonly ResultRow[]): string {
  const header = ['measurement', 'ours p50', 'ours p95', 'official p50', 'official p95', 'official/ours', 'target', 'result'];
  const cells = rows.map((row) => [
    row.label,
    formatValue(row.ours?.p50, row.unit),
    formatValue(row.ours?.p95, row.unit),
    formatValue(row.official?.p50, row.unit),
    formatValue(row.official?.p95, row.unit),
    formatRatio(row.ratio),
    row.target,
    row.verdict,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const render = (line: string[]) => line.map((cell, column) => (column === 0 || column >= 6 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  const notes = rows.filter((row) => row.note).map((row) => `  ${row.label}: ${row.note}`);
  return [render(header), rule, ...cells.map(render), ...(notes.length > 0 ? ['', 'notes:', ...notes] : [])].join('\n');
}

export function writeJson(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, JSON.stringify(value, null, 2) + '\n');
}
