/**
 * project-reorder's rule, over column names (the analyzer and the engine both follow it): the listed
 * columns first, in the order listed, then the rest as they were. A name claims its column before
 * any pattern does (`trace_id, *, span_id` puts span_id last, as the reference's example says); a
 * pattern (`a*`, `*`) claims the columns no name and no earlier pattern claimed, in their order, or
 * sorted by name with asc/desc, or by name with digit runs compared as numbers with
 * granny-asc/granny-desc (`b9` before `b50`, as Kusto's "secondarily sorting by the next numeric
 * value" means; the reference's sentence says the opposite of its own rule).
 */
import type { ProjectReorderColumn } from '../syntax/ast.ts';
import { columnNameOf } from './naming.ts';
import { wildcardMatcher } from './tables.ts';

/** The names in their new order; a listed name not among `names` is left out (the caller reports it). */
export function reorderNames(entries: readonly ProjectReorderColumn[], names: readonly string[]): string[] {
  const present = new Set(names);
  const listed = (entry: ProjectReorderColumn) => (isPattern(entry) ? undefined : columnNameOf(entry.expression));
  const named = new Set(entries.map(listed).filter((name): name is string => name !== undefined && present.has(name)));
  const placed = new Set<string>();
  const first: string[] = [];
  for (const entry of entries) {
    if (!isPattern(entry)) {
      const name = listed(entry);
      if (name === undefined || !present.has(name) || placed.has(name)) continue;
      first.push(name);
      placed.add(name);
      continue;
    }
    const matches = entry.expression.kind === 'Wildcard' ? wildcardMatcher(entry.expression.pattern) : () => true;
    const claimed = names.filter((name) => !named.has(name) && !placed.has(name) && matches(name));
    for (const name of sortNames(claimed, entry.order)) {
      first.push(name);
      placed.add(name);
    }
  }
  return [...first, ...names.filter((name) => !placed.has(name))];
}

export function isReorderPattern(entry: ProjectReorderColumn): boolean {
  return isPattern(entry);
}

function isPattern(entry: ProjectReorderColumn): boolean {
  return entry.expression.kind === 'Star' || entry.expression.kind === 'Wildcard';
}

function sortNames(names: string[], order: ProjectReorderColumn['order']): string[] {
  if (!order) return names;
  const compare = order.startsWith('granny') ? grannyCompare : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sign = order.endsWith('desc') ? -1 : 1;
  return [...names].sort((a, b) => sign * compare(a, b));
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
