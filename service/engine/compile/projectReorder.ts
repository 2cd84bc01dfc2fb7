/** project-reorder over the engine's columns, by the language core's rule (language/analysis/reorder.ts). */
import type { ProjectReorderColumn } from '../../../language/index.ts';
import { columnNameOf } from '../../../language/analysis/naming.ts';
import { isReorderPattern, reorderNames } from '../../../language/analysis/reorder.ts';
import { findColumn } from './expressions.ts';
import type { Column } from './types.ts';

export function reorderColumns(entries: readonly ProjectReorderColumn[], columns: readonly Column[], unknown: (entry: ProjectReorderColumn, name: string) => Error): Column[] {
  for (const entry of entries) {
    if (isReorderPattern(entry)) continue;
    const name = columnNameOf(entry.expression) ?? '';
    if (!findColumn(columns, name)) throw unknown(entry, name);
  }
  const byName = new Map(columns.map((column) => [column.name, column]));
  return reorderNames(entries, columns.map((column) => column.name)).map((name) => byName.get(name)!);
}
