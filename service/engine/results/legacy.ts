import type { AplResult } from '../index.ts';
import { stringifyExact } from '../../../wire/exactJson.ts';
import { status } from './tabular.ts';

/**
 * What a structured query answers (axiom-api.md §8.2; axiom-go's querylegacy.Result): rows of
 * events as `matches` (system fields outside `data`, dotted names nested again), aggregated results
 * as `buckets.series`/`totals`. The route adds `fieldsMeta`; nothing else, as the Go client decodes
 * this reply strictly.
 */
export function toLegacyResult(result: AplResult): { status: Record<string, unknown>; matches: unknown[]; buckets: Record<string, unknown> } {
  const aggregated = result.columns.some((column) => column.agg);
  return {
    status: status(result),
    matches: aggregated ? [] : result.rows.map((row, index) => match(result, row, index)),
    buckets: aggregated ? buckets(result) : { series: [], totals: [] },
  };
}

/**
 * `format=legacy` of the APL endpoint (axiom-api.md §7.3): the structured query's result plus
 * `format`, `datasetNames`, `fieldsMetaMap` (filled in by the route) and `request`, the query as
 * the structured query model would have it, with every key of that model.
 */
export function toLegacy(result: AplResult): Record<string, unknown> {
  return {
    format: 'legacy',
    ...toLegacyResult(result),
    datasetNames: result.datasetNames,
    fieldsMetaMap: {},
    request: {
      startTime: result.range.start,
      endTime: result.range.end,
      resolution: result.timeBin ? `${result.timeBin.size / 1e9}s` : 'auto',
      aggregations: result.columns.filter((column) => column.agg).map((column) => ({ alias: column.name, op: column.agg!.name, field: column.agg!.fields?.[0] ?? '*', argument: column.agg!.args?.[0] ?? null })),
      groupBy: result.groups.filter((name) => name !== result.timeBin?.field),
      filter: null,
      order: result.order,
      limit: 1000,
      virtualFields: [],
      project: [],
      cursor: '',
      includeCursor: false,
      continuationToken: '',
      // In the public schema; what it holds is not documented, and fieldsMetaMap already lists every field.
      fieldsMeta: [],
    },
  };
}

function match(result: AplResult, row: unknown[], index: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const event: Record<string, unknown> = { _time: null, _sysTime: null, _rowId: String(index), data };
  result.columns.forEach((column, i) => {
    if (column.name === '_time' || column.name === '_sysTime') event[column.name] = row[i];
    else setPath(data, column.name, row[i]);
  });
  return event;
}

function setPath(target: Record<string, unknown>, name: string, value: unknown): void {
  const parts = name.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (next === undefined || next === null || typeof next !== 'object') node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

function buckets(result: AplResult): Record<string, unknown> {
  const timeField = result.timeBin?.field;
  const groupNames = result.groups.filter((name) => name !== timeField);
  const index = (name: string) => result.columns.findIndex((column) => column.name === name);
  const aggregates = result.columns.filter((column) => column.agg);
  const ids = new Map<string, number>();
  const group = (row: unknown[], columns: readonly { name: string }[]) => {
    const values = Object.fromEntries(groupNames.map((name) => [name, row[columns.findIndex((column) => column.name === name)]]));
    const key = stringifyExact(values);
    if (!ids.has(key)) ids.set(key, ids.size + 1);
    return { id: ids.get(key)!, group: values };
  };
  const entry = (row: unknown[], columns = result.columns) => ({
    ...group(row, columns),
    aggregations: aggregates.map((column) => ({ op: column.name, value: row[columns.findIndex((c) => c.name === column.name)] ?? null })),
  });
  if (!timeField) return { series: [], totals: result.rows.map((row) => entry(row)) };
  const size = result.timeBin!.size / 1e6;
  const byStart = new Map<string, unknown[][]>();
  for (const row of result.rows) {
    const start = String(row[index(timeField)]);
    byStart.set(start, [...(byStart.get(start) ?? []), row]);
  }
  const series = [...byStart].map(([start, rows]) => ({
    startTime: start,
    endTime: new Date(Date.parse(start) + size).toISOString().replace(/\.000Z$/, 'Z'),
    groups: rows.map((row) => entry(row)),
  }));
  const totals = result.totals ? result.totals.rows.map((row) => entry(row, result.totals!.columns)) : [];
  return { series, totals };
}
