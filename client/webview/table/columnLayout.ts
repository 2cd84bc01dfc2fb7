/**
 * Which columns a table shows, in what order and how wide: what the user set by dragging and the
 * column menu, kept per query (by column name, so a re-run with a new column keeps the rest).
 * Pure.
 */
import type { ResultColumn } from '../../resultsModel.ts';

export interface ColumnLayout {
  /** Widths the user set, by column name; the others are fitted to their content. */
  widths: Record<string, number>;
  /** Column names in the order the user put them; columns not named follow in result order. */
  order: string[];
  hidden: string[];
}

export const emptyLayout = (): ColumnLayout => ({ widths: {}, order: [], hidden: [] });

/** Result column indices in display order, hidden ones left out. */
export function displayColumns(columns: readonly ResultColumn[], layout: ColumnLayout): number[] {
  const indexOf = new Map(columns.map((column, index) => [column.name, index]));
  const hidden = new Set(layout.hidden);
  const placed = new Set<number>();
  const order: number[] = [];
  for (const name of layout.order) {
    const index = indexOf.get(name);
    if (index !== undefined && !placed.has(index)) {
      placed.add(index);
      order.push(index);
    }
  }
  columns.forEach((_, index) => {
    if (!placed.has(index)) order.push(index);
  });
  const shown = order.filter((index) => !hidden.has(columns[index].name));
  // Hiding every column would leave nothing to click to bring one back: the first stays.
  return shown.length > 0 ? shown : order.slice(0, 1);
}

/** Moves column `name` to just before `before` (or to the end), over the full order (hidden ones too). */
export function moveColumn(columns: readonly ResultColumn[], layout: ColumnLayout, name: string, before: string | undefined): ColumnLayout {
  const all = displayColumns(columns, { ...layout, hidden: [] }).map((index) => columns[index].name);
  const without = all.filter((each) => each !== name);
  const at = before === undefined ? without.length : without.indexOf(before);
  without.splice(at < 0 ? without.length : at, 0, name);
  return { ...layout, order: without };
}

/** Moves a column one place left (-1) or right (+1) among the shown columns. */
export function stepColumn(columns: readonly ResultColumn[], layout: ColumnLayout, name: string, step: -1 | 1): ColumnLayout {
  const shown = displayColumns(columns, layout).map((index) => columns[index].name);
  const at = shown.indexOf(name);
  const target = at + step;
  if (at < 0 || target < 0 || target >= shown.length) return layout;
  const before = step < 0 ? shown[target] : shown[target + 1];
  return moveColumn(columns, layout, name, before);
}

export function setHidden(layout: ColumnLayout, name: string, hidden: boolean): ColumnLayout {
  const rest = layout.hidden.filter((each) => each !== name);
  return { ...layout, hidden: hidden ? [...rest, name] : rest };
}

/**
 * The width the user set for a column, if any. Column names come from the events, so a column may
 * be called `constructor` or `__proto__`: only the layout's own keys count, and they are defined,
 * never assigned (assigning `__proto__` would set the object's prototype).
 */
export function widthOf(layout: ColumnLayout, name: string): number | undefined {
  return Object.hasOwn(layout.widths, name) ? layout.widths[name] : undefined;
}

function defineWidth(widths: Record<string, number>, name: string, width: number): void {
  Object.defineProperty(widths, name, { value: width, enumerable: true, writable: true, configurable: true });
}

export function setWidth(layout: ColumnLayout, name: string, width: number | undefined): ColumnLayout {
  const widths = { ...layout.widths };
  if (width === undefined) delete widths[name];
  else defineWidth(widths, name, Math.round(width));
  return { ...layout, widths };
}

/** A layout read back from webview state, checked field by field (anything else is dropped). */
export function parseLayout(value: unknown): ColumnLayout | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const raw = value as Record<string, unknown>;
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((each): each is string => typeof each === 'string') : []);
  const widths: Record<string, number> = {};
  if (typeof raw.widths === 'object' && raw.widths !== null) {
    for (const [name, width] of Object.entries(raw.widths)) if (typeof width === 'number' && Number.isFinite(width) && width > 0) defineWidth(widths, name, width);
  }
  return { widths, order: names(raw.order), hidden: names(raw.hidden) };
}

/** Layouts kept for this many queries, the least recently used dropped first. */
export const maxSavedLayouts = 50;

export interface SavedLayouts {
  [key: string]: ColumnLayout & { used: number };
}

export function rememberLayout(saved: SavedLayouts, key: string, layout: ColumnLayout, now: number): SavedLayouts {
  const next: SavedLayouts = { ...saved, [key]: { ...layout, used: now } };
  const keys = Object.keys(next);
  if (keys.length > maxSavedLayouts) {
    keys.sort((a, b) => next[a].used - next[b].used);
    for (const old of keys.slice(0, keys.length - maxSavedLayouts)) delete next[old];
  }
  return next;
}

/** The key a query's layout is kept under: its text with runs of white space made one. */
export function layoutKey(query: string, table: string): string {
  return `${table}\u0000${query.trim().replace(/\s+/g, ' ')}`;
}
