/**
 * What the user set on a table besides its columns: the sort and the filter. The same query's
 * next results (an auto-refresh, a re-run) come back sorted and filtered as they were. The sort is
 * kept by column name, so it follows its column to a new place or is dropped with it. Pure.
 */
import type { ResultColumn } from '../../resultsModel.ts';
import type { SortKey } from './rowOrder.ts';

export interface TableView {
  sort?: { name: string; descending: boolean };
  filter: string;
}

export function viewOf(columns: readonly ResultColumn[], sort: SortKey | undefined, filter: string): TableView {
  return sort ? { sort: { name: columns[sort.column].name, descending: sort.descending }, filter } : { filter };
}

/** The sort of a kept view over these columns; none when its column is not among them. */
export function sortOf(columns: readonly ResultColumn[], view: TableView | undefined): SortKey | undefined {
  if (!view?.sort) return undefined;
  const column = columns.findIndex((each) => each.name === view.sort!.name);
  return column < 0 ? undefined : { column, descending: view.sort.descending };
}

/** A view read back from webview state, checked field by field (anything else is dropped). */
export function parseView(value: unknown): TableView | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const filter = typeof raw.filter === 'string' ? raw.filter : '';
  const sort = raw.sort as Record<string, unknown> | undefined;
  if (typeof sort === 'object' && sort !== null && typeof sort.name === 'string') return { sort: { name: sort.name, descending: sort.descending === true }, filter };
  return { filter };
}
