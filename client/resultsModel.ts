/**
 * Turns a tabular query answer into what the results view shows: the matches table (`_time`
 * first), the chart of a time-bucketed table (one series per group and aggregate) and the
 * totals table. Pure; shared by the extension host and the webview.
 */
import type { Annotation, TabularResult, TabularTable } from './serviceTypes.ts';

export interface ResultColumn {
  name: string;
  type: string;
}

export interface ResultTable {
  columns: ResultColumn[];
  /** Row-major. */
  rows: unknown[][];
}

export interface ChartSeries {
  label: string;
  /** Aligned with `ChartData.times`; null where the group has no bucket. */
  values: (number | null)[];
}

export interface ChartMarker {
  /** Seconds since the epoch. */
  time: number;
  endTime?: number;
  label: string;
}

export interface ChartData {
  /** Bucket starts, seconds since the epoch, ascending. */
  times: number[];
  series: ChartSeries[];
  markers: ChartMarker[];
}

export interface ResultStatus {
  rowsExamined: number;
  rowsMatched: number;
  elapsedMs: number;
  isPartial: boolean;
  messages: string[];
  /** Set when the service cut the rows at its default limit: how many rows it returned. */
  limitedTo?: number;
  /** The rows there were before that cut, when known (events not aggregated: the rows matched). */
  rowsBeforeLimit?: number;
}

export interface ResultsModel {
  query: string;
  startTime: string;
  endTime: string;
  matches: ResultTable;
  totals?: ResultTable;
  chart?: ChartData;
  status: ResultStatus;
}

export interface ResultContext {
  query: string;
  startTime: string;
  endTime: string;
  annotations?: Annotation[];
}

export function toResultsModel(result: TabularResult, context: ResultContext): ResultsModel {
  const main = result.tables.find((table) => table.name !== '_totals');
  const totals = result.tables.find((table) => table.name === '_totals');
  const status = result.status;
  const model: ResultsModel = {
    query: context.query,
    startTime: context.startTime,
    endTime: context.endTime,
    matches: main ? toTable(main) : { columns: [], rows: [] },
    status: {
      rowsExamined: status?.rowsExamined ?? 0,
      rowsMatched: status?.rowsMatched ?? 0,
      elapsedMs: (status?.elapsedTime ?? 0) / 1000,
      isPartial: status?.isPartial ?? false,
      messages: (status?.messages ?? []).map((message) => `${message.priority}: ${message.msg}`),
    },
  };
  if (status?.messages?.some((message) => message.code === 'default_limit_warning')) {
    model.status.limitedTo = model.matches.rows.length;
    const aggregated = (main?.groups?.length ?? 0) > 0 || (main?.fields ?? []).some((field) => field.agg);
    if (!aggregated && model.status.rowsMatched > model.matches.rows.length) model.status.rowsBeforeLimit = model.status.rowsMatched;
  }
  if (totals) model.totals = toTable(totals);
  if (main?.buckets) model.chart = toChart(main, context.annotations ?? []);
  return model;
}

/** Column-major to row-major, `_time` moved to the front. */
export function toTable(table: TabularTable): ResultTable {
  const order = table.fields.map((_, index) => index);
  const timeIndex = table.fields.findIndex((field) => field.name === '_time');
  if (timeIndex > 0) order.unshift(...order.splice(timeIndex, 1));
  const rowCount = table.columns[0]?.length ?? 0;
  const rows: unknown[][] = new Array(rowCount);
  for (let row = 0; row < rowCount; row++) rows[row] = order.map((column) => table.columns[column]?.[row] ?? null);
  return { columns: order.map((index) => ({ name: table.fields[index].name, type: table.fields[index].type })), rows };
}

function toChart(table: TabularTable, annotations: Annotation[]): ChartData {
  const timeField = table.buckets!.field;
  const timeColumn = table.fields.findIndex((field) => field.name === timeField);
  const groupNames = (table.groups ?? []).map((group) => group.name).filter((name) => name !== timeField);
  const groupColumns = groupNames.map((name) => table.fields.findIndex((field) => field.name === name));
  const valueColumns = table.fields
    .map((field, index) => ({ field, index }))
    .filter(({ field, index }) => index !== timeColumn && !groupNames.includes(field.name) && (field.agg || isNumericType(field.type)));

  const rowCount = table.columns[0]?.length ?? 0;
  const times = [...new Set(Array.from({ length: rowCount }, (_, row) => toSeconds(table.columns[timeColumn]?.[row])))]
    .filter((time): time is number => time !== undefined)
    .sort((a, b) => a - b);
  const slot = new Map(times.map((time, index) => [time, index]));
  const series = new Map<string, ChartSeries>();
  for (let row = 0; row < rowCount; row++) {
    const time = toSeconds(table.columns[timeColumn]?.[row]);
    if (time === undefined) continue;
    const groupLabel = groupColumns.map((column) => formatGroupValue(table.columns[column]?.[row])).join(', ');
    for (const { field, index } of valueColumns) {
      const label = [groupLabel, valueColumns.length > 1 || !groupLabel ? field.name : ''].filter(Boolean).join(' · ');
      let entry = series.get(label);
      if (!entry) {
        entry = { label, values: new Array<number | null>(times.length).fill(null) };
        series.set(label, entry);
      }
      const value = table.columns[index]?.[row];
      entry.values[slot.get(time)!] = typeof value === 'number' ? value : value == null ? null : Number(value);
    }
  }
  return { times, series: [...series.values()], markers: toMarkers(annotations, times) };
}

function toMarkers(annotations: Annotation[], times: number[]): ChartMarker[] {
  if (times.length === 0) return [];
  const first = times[0];
  const last = times[times.length - 1];
  const markers: ChartMarker[] = [];
  for (const annotation of annotations) {
    const time = toSeconds(annotation.time);
    if (time === undefined || time < first || time > last) continue;
    const endTime = annotation.endTime ? toSeconds(annotation.endTime) : undefined;
    const label = annotation.title || annotation.type;
    markers.push(endTime === undefined ? { time, label } : { time, endTime, label });
  }
  return markers;
}

function isNumericType(type: string): boolean {
  return /\b(integer|float|long|real|double|int|decimal)\b/.test(type);
}

function toSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

function formatGroupValue(value: unknown): string {
  if (value === null || value === undefined) return '(null)';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
