/**
 * A notebook output's data as the renderer can show it. Outputs come from a file anyone can edit,
 * so the `WireModel` is checked, its status filled in where fields are missing, and a chart that
 * is not one dropped, before any of it reaches the table and chart code. Pure (no DOM).
 */
import type { ChartData } from '../../chartModel.ts';
import type { ResultStatus } from '../../resultsModel.ts';
import { isWireModel } from '../../resultsProtocol.ts';
import type { WireModel, WireTable } from '../../resultsWire.ts';

/** The output's mime type (notebook-common.md). */
export const resultsMime = 'application/vnd.apl.results+json';

export type OutputModel = { model: WireModel } | { error: string };

export function readOutputModel(value: unknown): OutputModel {
  if (!isWireModel(value)) return { error: 'This output is not APL results: it may be from another version of the extension. Run the cell again.' };
  if (!hasColumns(value.matches) || (value.totals !== undefined && !hasColumns(value.totals))) {
    return { error: 'This output has a table whose columns are not name/type pairs. Run the cell again.' };
  }
  const { chart, ...rest } = value;
  const model: WireModel = { ...rest, status: readStatus(value.status) };
  const checked = readChart(chart);
  if (checked) model.chart = checked;
  return { model };
}

function hasColumns(table: WireTable): boolean {
  return table.columns.every((column) => typeof column === 'object' && column !== null && typeof column.name === 'string' && typeof column.type === 'string');
}

function readStatus(value: unknown): ResultStatus {
  const status = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const count = (field: unknown) => (typeof field === 'number' && Number.isFinite(field) ? field : 0);
  const read: ResultStatus = {
    rowsExamined: count(status.rowsExamined),
    rowsMatched: count(status.rowsMatched),
    elapsedMs: count(status.elapsedMs),
    isPartial: status.isPartial === true,
    messages: Array.isArray(status.messages) ? status.messages.filter((message): message is string => typeof message === 'string') : [],
  };
  if (typeof status.limitedTo === 'number' && Number.isSafeInteger(status.limitedTo)) read.limitedTo = status.limitedTo;
  if (typeof status.rowsBeforeLimit === 'number' && Number.isSafeInteger(status.rowsBeforeLimit)) read.rowsBeforeLimit = status.rowsBeforeLimit;
  return read;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The chart when its axes and series line up; markers that are not markers are left out. */
function readChart(value: unknown): ChartData | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const chart = value as ChartData;
  if (!Array.isArray(chart.times) || !chart.times.every(isNumber) || !Array.isArray(chart.series)) return undefined;
  const category = chart.axis === 'category';
  if (category && !(Array.isArray(chart.categories) && chart.categories.every((label) => typeof label === 'string'))) return undefined;
  const points = category ? chart.categories!.length : chart.times.length;
  const seriesFit = chart.series.every(
    (series) => typeof series === 'object' && series !== null && typeof series.label === 'string' && Array.isArray(series.values) && series.values.length === points && series.values.every((point) => point === null || isNumber(point)),
  );
  if (!seriesFit) return undefined;
  const markers = Array.isArray(chart.markers)
    ? chart.markers.filter((marker) => typeof marker === 'object' && marker !== null && isNumber(marker.time) && typeof marker.title === 'string' && typeof marker.type === 'string' && (marker.endTime === undefined || isNumber(marker.endTime)))
    : [];
  return { ...chart, markers };
}

const rowHeight = 22;
const headerHeight = 24;
const toolbarHeight = 32;
const noticeHeight = 30;
const scrollbarHeight = 16;
export const maxTableHeight = 400;
export const minTableHeight = 160;

/**
 * The height of a table pane in an output: its rows when they are few, else a fixed height within
 * which the table scrolls (the notebook scrolls as a page; an output as tall as 100,000 rows would not do).
 */
export function tableHeight(rowCount: number, truncated: boolean): number {
  const natural = toolbarHeight + (truncated ? noticeHeight : 0) + headerHeight + rowCount * rowHeight + scrollbarHeight;
  return Math.max(minTableHeight, Math.min(maxTableHeight, natural));
}
