/**
 * The chart of a tabular answer: a time series for a time-bucketed summarize (one series per
 * group and aggregate, over the query's time range, with the annotations in it), a bar chart of
 * categories for a summarize without a time bucket. Pure; shared by the host and the webview.
 */
import { isNumericColumn } from './copyFormats.ts';
import { stringifyExact } from '../wire/exactJson.ts';
import type { Annotation, TabularTable } from './serviceTypes.ts';

export interface ChartSeries {
  /** What the legend shows; also the key the series' colour is taken from. */
  label: string;
  /** Aligned with `ChartData.times` (time axis) or `ChartData.categories` (category axis); null where there is no value. */
  values: (number | null)[];
}

export interface ChartMarker {
  /** Seconds since the epoch. */
  time: number;
  /** Seconds since the epoch: a range, drawn as a band. */
  endTime?: number;
  title: string;
  type: string;
  description?: string;
  url?: string;
}

export interface ChartData {
  /** `time` (absent in models saved before categories) or `category`. */
  axis?: 'time' | 'category';
  /** Time axis: bucket starts, seconds since the epoch, ascending. Empty on a category axis. */
  times: number[];
  /** Category axis: one label per bar, in the order of the result's rows. */
  categories?: string[];
  /** What the categories are: the group columns' names. */
  categoryName?: string;
  /** Categories left out beyond `maxCategories`. */
  omittedCategories?: number;
  /** Time axis: series left out beyond `maxSeries` (the smallest by total). */
  omittedSeries?: number;
  /** Time axis: the span drawn, seconds since the epoch (the query's time range, widened to the data's). */
  range?: { start: number; end: number };
  /** Time axis: the width of a bucket in seconds. */
  bucketSeconds?: number;
  /** In legend order. */
  series: ChartSeries[];
  markers: ChartMarker[];
}

export interface ChartContext {
  startTime: string;
  endTime: string;
  annotations?: Annotation[];
}

/** More bars than this are unreadable; the rest are counted, not drawn. */
export const maxCategories = 100;
/** More lines than this are unreadable (and a legend row each): the largest are drawn, the rest counted. */
export const maxSeries = 50;

/** The chart of a table, or undefined when it is not an aggregation. */
export function toChart(table: TabularTable, context: ChartContext): ChartData | undefined {
  const timeField = table.buckets?.field ?? timeGroup(table);
  if (timeField) return toTimeChart(table, timeField, context);
  const isAggregation = (table.groups ?? []).length > 0 || table.fields.some((field) => field.agg);
  return isAggregation ? toCategoryChart(table) : undefined;
}

/** True when the table charts as a time series (annotations are fetched for it). */
export function hasTimeAxis(table: TabularTable): boolean {
  return Boolean(table.buckets?.field ?? timeGroup(table));
}

/**
 * A datetime group column: the time bucket of a summarize whose table lost its `buckets` to a
 * later operator (`summarize … by bin(_time, 1h), status | order by count_ desc`).
 */
function timeGroup(table: TabularTable): string | undefined {
  const groups = new Set((table.groups ?? []).map((group) => group.name));
  return table.fields.find((field) => groups.has(field.name) && field.type === 'datetime')?.name;
}

function toTimeChart(table: TabularTable, timeField: string, context: ChartContext): ChartData {
  const timeColumn = table.fields.findIndex((field) => field.name === timeField);
  const groupNames = (table.groups ?? []).map((group) => group.name).filter((name) => name !== timeField);
  const groupColumns = groupNames.map((name) => table.fields.findIndex((field) => field.name === name));
  const valueColumns = valueColumnsOf(table, [timeField, ...groupNames]);

  const rowCount = table.columns[0]?.length ?? 0;
  const times = [...new Set(Array.from({ length: rowCount }, (_, row) => toSeconds(table.columns[timeColumn]?.[row])))]
    .filter((time): time is number => time !== undefined)
    .sort((a, b) => a - b);
  const slot = new Map(times.map((time, index) => [time, index]));
  const series = new Map<string, ChartSeries & { group: string; column: number }>();
  for (let row = 0; row < rowCount; row++) {
    const time = toSeconds(table.columns[timeColumn]?.[row]);
    if (time === undefined) continue;
    const groupValues = groupColumns.map((column) => formatGroupValue(table.columns[column]?.[row]));
    const groupLabel = groupValues.join(', ');
    valueColumns.forEach(({ field, index }, column) => {
      const label = [groupLabel, valueColumns.length > 1 || !groupLabel ? field.name : ''].filter(Boolean).join(' · ');
      // Keyed by the values themselves: groups ("x, y", "z") and ("x", "y, z") share a label, not a series.
      const key = JSON.stringify([groupValues, column]);
      let entry = series.get(key);
      if (!entry) {
        entry = { label, values: new Array<number | null>(times.length).fill(null), group: groupLabel, column };
        series.set(key, entry);
      }
      entry.values[slot.get(time)!] = toNumber(table.columns[index]?.[row]);
    });
  }
  const bucketSeconds = table.buckets && table.buckets.size > 0 ? table.buckets.size / 1e9 : smallestStep(times);
  const range = timeRange(context, times, bucketSeconds);
  // Legend order: by group, numbers in their numeric order (200 < 404 < 1000), then by the
  // aggregate's place in the query; the same whatever order the rows came in.
  const kept = largest([...series.values()], maxSeries);
  const ordered = kept.sort((a, b) => compareKeys(a.group, b.group) || a.column - b.column);
  const chart: ChartData = {
    axis: 'time',
    times,
    range,
    bucketSeconds,
    series: ordered.map(({ label, values }) => ({ label, values })),
    markers: toMarkers(context.annotations ?? [], range),
  };
  if (series.size > kept.length) chart.omittedSeries = series.size - kept.length;
  return chart;
}

/** A summarize without a time bucket: one bar per group (row order kept, so `order by`/`top` decide), one series per aggregate. */
function toCategoryChart(table: TabularTable): ChartData {
  const groupNames = (table.groups ?? []).map((group) => group.name);
  const groupColumns = groupNames.map((name) => table.fields.findIndex((field) => field.name === name)).filter((index) => index >= 0);
  const valueColumns = valueColumnsOf(table, groupNames);
  const rowCount = table.columns[0]?.length ?? 0;
  const shown = Math.min(rowCount, maxCategories);
  const categories = Array.from({ length: shown }, (_, row) =>
    groupColumns.length === 0 ? 'all' : groupColumns.map((column) => formatGroupValue(table.columns[column]?.[row])).join(', '),
  );
  const series = valueColumns.map(({ field, index }) => ({
    label: field.name,
    values: Array.from({ length: shown }, (_, row) => toNumber(table.columns[index]?.[row])),
  }));
  const chart: ChartData = { axis: 'category', times: [], categories, categoryName: groupNames.join(', ') || 'all', series, markers: [] };
  if (rowCount > shown) chart.omittedCategories = rowCount - shown;
  return chart;
}

function valueColumnsOf(table: TabularTable, excluded: string[]) {
  return table.fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => !excluded.includes(field.name) && (field.agg || isNumericColumn(field)));
}

/** The query's range, widened to take in every bucket (a query may filter `_time` itself). */
function timeRange(context: ChartContext, times: number[], bucketSeconds: number): { start: number; end: number } | undefined {
  const start = toSeconds(context.startTime);
  const end = toSeconds(context.endTime);
  const first = times[0];
  const last = times.length > 0 ? times[times.length - 1] + bucketSeconds : undefined;
  const lower = Math.min(start ?? Infinity, first ?? Infinity);
  const upper = Math.max(end ?? -Infinity, last ?? -Infinity);
  return Number.isFinite(lower) && Number.isFinite(upper) && upper > lower ? { start: lower, end: upper } : undefined;
}

/** Every annotation that overlaps the range; ranges keep their end. */
export function toMarkers(annotations: Annotation[], range: { start: number; end: number } | undefined): ChartMarker[] {
  if (!range) return [];
  const markers: ChartMarker[] = [];
  for (const annotation of annotations) {
    const time = toSeconds(annotation.time);
    if (time === undefined) continue;
    const parsedEnd = annotation.endTime ? toSeconds(annotation.endTime) : undefined;
    const endTime = parsedEnd !== undefined && parsedEnd > time ? parsedEnd : undefined;
    if (time > range.end || (endTime ?? time) < range.start) continue;
    const marker: ChartMarker = { time, title: annotation.title || annotation.type, type: annotation.type };
    if (endTime !== undefined) marker.endTime = endTime;
    if (annotation.description) marker.description = annotation.description;
    if (annotation.url) marker.url = annotation.url;
    markers.push(marker);
  }
  return markers.sort((a, b) => a.time - b.time);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

/** Numeric-aware, then code-unit order so that no two different keys compare equal. */
export function compareKeys(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The `count` series with the largest totals (of absolute values), ties to the earlier one. */
function largest<T extends ChartSeries>(all: T[], count: number): T[] {
  if (all.length <= count) return all;
  const total = (entry: ChartSeries) => entry.values.reduce<number>((sum, value) => sum + Math.abs(value ?? 0), 0);
  const totals = new Map(all.map((entry) => [entry, total(entry)]));
  return all
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => totals.get(b.entry)! - totals.get(a.entry)! || a.index - b.index)
    .slice(0, count)
    .map(({ entry }) => entry);
}

function smallestStep(times: number[]): number {
  let step = Infinity;
  for (let index = 1; index < times.length; index++) step = Math.min(step, times[index] - times[index - 1]);
  return Number.isFinite(step) ? step : 60;
}

function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isNaN(number) ? null : number;
}

function toSeconds(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const ms = typeof value === 'number' ? value : Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

function formatGroupValue(value: unknown): string {
  if (value === null || value === undefined) return '(null)';
  return typeof value === 'object' ? stringifyExact(value) : String(value);
}
