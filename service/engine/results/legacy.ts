import type { AplResult } from '../index.ts';
import { status } from './tabular.ts';

export interface LegacyRequestEcho {
  startTime: string;
  endTime: string;
}

/**
 * `format=legacy` (axiom-api.md §7.3, §8.2): rows of events as `matches` (system fields outside
 * `data`, dotted names nested again), aggregated results as `buckets.series`/`totals`.
 */
export function toLegacy(result: AplResult): Record<string, unknown> {
  const aggregated = result.columns.some((column) => column.agg);
  const body: Record<string, unknown> = {
    format: 'legacy',
    status: status(result),
    matches: aggregated ? [] : result.rows.map((row, index) => match(result, row, index)),
    buckets: aggregated ? buckets(result) : { series: [], totals: [] },
    datasetNames: result.datasetNames,
    fieldsMetaMap: Object.fromEntries(result.datasetNames.map((name) => [name, []])),
    request: {
      startTime: result.range.start,
      endTime: result.range.end,
      resolution: result.timeBin ? `${result.timeBin.size / 1e9}s` : 'auto',
      aggregations: result.columns.filter((column) => column.agg).map((column) => ({ alias: column.name, op: column.agg!.name, field: column.agg!.fields?.[0] ?? '*', argument: column.agg!.args?.[0] ?? null })),
      groupBy: result.groups.filter((name) => name !== result.timeBin?.field),
      limit: 1000,
    },
  };
  return body;
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
    const key = JSON.stringify(values);
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
