/**
 * project-reorder: the listed columns first, in the order listed, then the rest as they were.
 * A name claims its column before any pattern does (`trace_id, *, span_id` puts span_id last, as the
 * reference's example says); a pattern (`a*`, `*`) claims the columns no name and no earlier pattern
 * claimed, in their order, or sorted by name with asc/desc, or by name with digit runs compared as
 * numbers with granny-asc/granny-desc (`b9` before `b50`, as Kusto's "secondarily sorting by the next
 * numeric value" means; the reference's sentence says the opposite of its own rule).
 */
import type { ProjectReorderColumn } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { findColumn } from './expressions.ts';
import { regexEscape } from './sql.ts';
import type { Column } from './types.ts';

export function reorderColumns(entries: readonly ProjectReorderColumn[], columns: readonly Column[], unknown: (entry: ProjectReorderColumn, name: string) => Error): Column[] {
  const named = new Set<Column>();
  for (const entry of entries) {
    if (isPattern(entry)) continue;
    const name = columnNameOf(entry.expression) ?? '';
    const column = findColumn(columns, name);
    if (!column) throw unknown(entry, name);
    named.add(column);
  }
  const placed = new Set<Column>();
  const first: Column[] = [];
  for (const entry of entries) {
    if (!isPattern(entry)) {
      const column = findColumn(columns, columnNameOf(entry.expression)!)!;
      if (!placed.has(column)) first.push(column);
      placed.add(column);
      continue;
    }
    const matches = matcher(entry);
    const claimed = columns.filter((column) => !named.has(column) && !placed.has(column) && matches(column.name));
    for (const column of sortColumns(claimed, entry.order)) {
      first.push(column);
      placed.add(column);
    }
  }
  return [...first, ...columns.filter((column) => !placed.has(column))];
}

function isPattern(entry: ProjectReorderColumn): boolean {
  return entry.expression.kind === 'Star' || entry.expression.kind === 'Wildcard';
}

function matcher(entry: ProjectReorderColumn): (name: string) => boolean {
  if (entry.expression.kind !== 'Wildcard') return () => true;
  const pattern = new RegExp(`^${entry.expression.pattern.split('*').map(regexEscape).join('.*')}$`);
  return (name) => pattern.test(name);
}

function sortColumns(columns: Column[], order: ProjectReorderColumn['order']): Column[] {
  if (!order) return columns;
  const compare = order.startsWith('granny') ? grannyCompare : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sign = order.endsWith('desc') ? -1 : 1;
  return [...columns].sort((a, b) => sign * compare(a.name, b.name));
}

/** Names compared piece by piece, runs of digits by their value (`b9` < `b50`). */
function grannyCompare(a: string, b: string): number {
  const pieces = (name: string) => name.match(/\d+|\D+/g) ?? [];
  const left = pieces(a);
  const right = pieces(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [x, y] = [left[i]!, right[i]!];
    const numeric = /^\d/.test(x) && /^\d/.test(y);
    const difference = numeric ? compareDigits(x, y) : x < y ? -1 : x > y ? 1 : 0;
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/** Digit runs by value, however long (no number conversion), then by their text (`07` after `7`). */
function compareDigits(x: string, y: string): number {
  const [a, b] = [x.replace(/^0+(?=\d)/, ''), y.replace(/^0+(?=\d)/, '')];
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0;
}
