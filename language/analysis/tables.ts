import type { Column, TableShape } from './analyzer.ts';

/**
 * A table as it flows through a pipeline: its public shape plus what the analyzer needs to
 * explain a missing column (which operator dropped it, or closed an open table).
 */
export interface Flow {
  shape: TableShape;
  /** Column name → the operator that removed it. */
  dropped: ReadonlyMap<string, string>;
  /** The operator that turned an open table into a closed one: any other name is gone after it. */
  closedBy?: string;
}

const noDrops: ReadonlyMap<string, string> = new Map();
const columnIndexes = new WeakMap<readonly Column[], Map<string, Column>>();

export function flowOf(columns: Column[], open: boolean): Flow {
  return { shape: { columns, open }, dropped: noDrops };
}

export const emptyFlow: Flow = flowOf([], false);

export function openFlow(columns: Column[] = []): Flow {
  return flowOf(columns, true);
}

export function findColumn(shape: TableShape, name: string): Column | undefined {
  return columnIndex(shape.columns).get(name);
}

/** The columns by name (the first of a name wins), built once per column list. */
function columnIndex(columns: readonly Column[]): Map<string, Column> {
  let index = columnIndexes.get(columns);
  if (!index) {
    index = new Map();
    for (const column of columns) if (!index.has(column.name)) index.set(column.name, column);
    columnIndexes.set(columns, index);
  }
  return index;
}

/**
 * The flow after an operator that replaces the column list. Names that were present before and
 * are not any more are remembered as dropped by `operator`; when an open input becomes a closed
 * output, every other name is gone too.
 */
export function reshape(input: Flow, columns: Column[], open: boolean, operator: string, alsoDropped: readonly string[] = []): Flow {
  // The output's index is what later operators look names up in, so building it here is no extra work.
  const outputNames = columnIndex(columns);
  let dropped: Map<string, string> | undefined;
  for (const column of input.shape.columns) {
    if (!outputNames.has(column.name)) (dropped ??= new Map(input.dropped)).set(column.name, operator);
  }
  // Names an operator removed explicitly from an open table, where they were not listed.
  for (const name of alsoDropped) {
    if (!outputNames.has(name)) (dropped ??= new Map(input.dropped)).set(name, operator);
  }
  for (const name of outputNames.keys()) {
    if (input.dropped.has(name)) (dropped ??= new Map(input.dropped)).delete(name);
  }
  const flow: Flow = { shape: { columns, open }, dropped: dropped ?? input.dropped };
  if (!open) {
    const closedBy = input.shape.open ? operator : input.closedBy;
    if (closedBy) flow.closedBy = closedBy;
  }
  return flow;
}

/** Adds or replaces columns the way `extend` does: a replaced column moves to the end. */
export function extendColumns(columns: readonly Column[], added: readonly Column[]): Column[] {
  if (added.length === 0) return columns.slice();
  const addedNames = new Set(added.map((column) => column.name));
  const result = columns.filter((column) => !addedNames.has(column.name));
  // When one operator defines a name twice, the last definition wins, at its own position.
  const lastIndex = new Map<string, number>();
  added.forEach((column, i) => lastIndex.set(column.name, i));
  added.forEach((column, i) => {
    if (lastIndex.get(column.name) === i) result.push(column);
  });
  return result;
}

/** Adds columns to a flow the way `extend` does; re-added names stop counting as dropped. */
export function extendFlow(input: Flow, added: readonly Column[]): Flow {
  if (added.length === 0) return input;
  let dropped = input.dropped;
  for (const column of added) {
    if (dropped.has(column.name)) {
      if (dropped === input.dropped) dropped = new Map(dropped);
      (dropped as Map<string, string>).delete(column.name);
    }
  }
  const flow: Flow = { shape: { columns: extendColumns(input.shape.columns, added), open: input.shape.open }, dropped };
  if (input.closedBy) flow.closedBy = input.closedBy;
  return flow;
}

/** The same flow with a different openness. */
export function withOpenness(input: Flow, open: boolean): Flow {
  if (input.shape.open === open) return input;
  const flow: Flow = { shape: { columns: input.shape.columns, open }, dropped: input.dropped };
  if (input.closedBy && !open) flow.closedBy = input.closedBy;
  return flow;
}

/**
 * Union's merge: columns by name in order of first appearance; a name whose types differ
 * becomes unknown. Open if any part is open (or there are no parts to go on).
 */
export function mergeFlows(flows: readonly Flow[]): Flow {
  const columns: Column[] = [];
  const positions = new Map<string, number>();
  let open = flows.length === 0;
  for (const flow of flows) {
    open ||= flow.shape.open;
    for (const column of flow.shape.columns) {
      const at = positions.get(column.name);
      if (at === undefined) {
        positions.set(column.name, columns.length);
        columns.push(column);
      } else if (columns[at].type !== column.type) {
        columns[at] = { name: column.name, type: 'unknown' };
      }
    }
  }
  return flowOf(columns, open);
}

/** `status*`, `*_ms`, `geo.*` → a matcher over column names. */
export function wildcardMatcher(pattern: string): (name: string) => boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  const regex = new RegExp(`^${source}$`);
  return (name) => regex.test(name);
}

/** KQL's rule for a name that is taken: append 1, 2, ... until it is free. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  for (let suffix = 1; ; suffix++) {
    const candidate = `${name}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
