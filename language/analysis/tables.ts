import type { Column, TableShape } from './analyzer.ts';
import { ColumnList } from './columnList.ts';

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
/** Each shape's column list, shared along the pipeline. */
const columnLists = new WeakMap<TableShape, ColumnList>();

/** A plain shape whose column array is built from the shared list only when read. */
function shapeOf(list: ColumnList, open: boolean): TableShape {
  const shape = {
    get columns() {
      return list.columns;
    },
    open,
  };
  columnLists.set(shape, list);
  return shape;
}

/** The column list of a shape; shapes built elsewhere get one on first use. */
function listOf(shape: TableShape): ColumnList {
  let list = columnLists.get(shape);
  if (!list) {
    list = ColumnList.of(shape.columns);
    columnLists.set(shape, list);
  }
  return list;
}

export function flowOf(columns: Column[], open: boolean): Flow {
  return { shape: shapeOf(ColumnList.of(columns), open), dropped: noDrops };
}

export const emptyFlow: Flow = flowOf([], false);

export function openFlow(columns: Column[] = []): Flow {
  return flowOf(columns, true);
}

/** A column by name (the first of a name wins). */
export function findColumn(shape: TableShape, name: string): Column | undefined {
  return listOf(shape).get(name);
}

/**
 * The flow after an operator that replaces the column list. Names that were present before and
 * are not any more are remembered as dropped by `operator`; when an open input becomes a closed
 * output, every other name is gone too.
 */
export function reshape(input: Flow, columns: Column[], open: boolean, operator: string, alsoDropped: readonly string[] = []): Flow {
  // The output's list is what later operators look names up in, so building it here is no extra work.
  const output = ColumnList.of(columns);
  let dropped: Map<string, string> | undefined;
  for (const column of input.shape.columns) {
    if (!output.has(column.name)) (dropped ??= new Map(input.dropped)).set(column.name, operator);
  }
  // Names an operator removed explicitly from an open table, where they were not listed.
  for (const name of alsoDropped) {
    if (!output.has(name)) (dropped ??= new Map(input.dropped)).set(name, operator);
  }
  if (input.dropped.size > 0) {
    for (const column of columns) {
      if (input.dropped.has(column.name)) (dropped ??= new Map(input.dropped)).delete(column.name);
    }
  }
  const flow: Flow = { shape: shapeOf(output, open), dropped: dropped ?? input.dropped };
  if (!open) {
    const closedBy = input.shape.open ? operator : input.closedBy;
    if (closedBy) flow.closedBy = closedBy;
  }
  return flow;
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
  // Adds or replaces columns: a replaced column moves to the end; of a name defined twice, the last wins.
  const flow: Flow = { shape: shapeOf(listOf(input.shape).with(added), input.shape.open), dropped };
  if (input.closedBy) flow.closedBy = input.closedBy;
  return flow;
}

/**
 * The flow without some columns, as `project-away` leaves it: each name counts as dropped by
 * `operator`, listed or not (the table may be open). Present columns are never in `dropped`.
 */
export function removeColumns(input: Flow, names: ReadonlySet<string>, operator: string): Flow {
  if (names.size === 0) return input;
  const dropped = new Map(input.dropped);
  for (const name of names) dropped.set(name, operator);
  const flow: Flow = { shape: shapeOf(listOf(input.shape).without(names), input.shape.open), dropped };
  if (input.closedBy) flow.closedBy = input.closedBy;
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
