/**
 * Turns a tabular query answer into what the results view shows: the matches table (`_time`
 * first), the chart of an aggregation (chartModel.ts) and the totals table. Pure; shared by the extension host and the webview.
 */
import { toChart, type ChartData } from './chartModel.ts';
import type { Annotation, QueryMessage, TabularResult, TabularTable } from './serviceTypes.ts';

export type { ChartData, ChartMarker, ChartSeries } from './chartModel.ts';

export interface ResultColumn {
  name: string;
  type: string;
}

export interface ResultTable {
  columns: ResultColumn[];
  /** Row-major. */
  rows: unknown[][];
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
      messages: (status?.messages ?? []).map(messageText),
    },
  };
  if (status?.messages?.some((message) => message.code === 'default_limit_warning')) {
    model.status.limitedTo = model.matches.rows.length;
    const aggregated = (main?.groups?.length ?? 0) > 0 || (main?.fields ?? []).some((field) => field.agg);
    if (!aggregated && model.status.rowsMatched > model.matches.rows.length) model.status.rowsBeforeLimit = model.status.rowsMatched;
  }
  if (totals) model.totals = toTable(totals);
  const chart = main && toChart(main, context);
  if (chart) model.chart = chart;
  return model;
}

/** A status message with its code and how many times it occurred, as the service counts them. */
export function messageText(message: QueryMessage): string {
  const details = [message.code ? `code ${message.code}` : '', typeof message.count === 'number' && message.count > 1 ? `×${message.count}` : '']
    .filter((detail) => detail !== '')
    .join(', ');
  return `${message.priority}: ${message.msg}${details ? ` (${details})` : ''}`;
}

/** Column-major to row-major, `_time` moved to the front. */
export function toTable(table: TabularTable): ResultTable {
  // `columns` is optional in the public schema; toTabularResult fills it, this guards other callers.
  const columns = table.columns ?? [];
  const order = table.fields.map((_, index) => index);
  const timeIndex = table.fields.findIndex((field) => field.name === '_time');
  if (timeIndex > 0) order.unshift(...order.splice(timeIndex, 1));
  const rowCount = columns[0]?.length ?? 0;
  const rows: unknown[][] = new Array(rowCount);
  for (let row = 0; row < rowCount; row++) rows[row] = order.map((column) => columns[column]?.[row] ?? null);
  return { columns: order.map((index) => ({ name: table.fields[index].name, type: table.fields[index].type })), rows };
}
