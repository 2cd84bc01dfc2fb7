/**
 * Messages between the results panel (extension host) and its webview. The host trusts nothing
 * the webview sends: every message goes through `parseWebviewMessage`.
 */
import { exportFormats, type ExportFormat } from './exportResults.ts';
import type { ResultsModel } from './resultsModel.ts';
import { decodeModel, isWireTable, type WireModel } from './resultsWire.ts';
import type { SavedLayouts } from './webview/table/columnLayout.ts';

/** Host → webview. */
export type HostMessage =
  | { type: 'running'; query: string }
  | { type: 'results'; model: ResultsModel }
  /** `position`: one-based, in the document (where the squiggle is); `action`: what the banner offers, for `connection`. */
  | { type: 'error'; message: string; position?: { line: number; column: number }; action?: 'setToken'; connection?: string }
  /** The cause of the error went away (a new token): the banner goes back to the results. */
  | { type: 'clearError' }
  /** A pinned panel keeps its results: the next run opens another panel. */
  | { type: 'pinned'; pinned: boolean }
  /** The query runs again every `everyMs` while the panel is open (0: it does not). */
  | { type: 'autoRefresh'; everyMs: number };

/** What the host posts: results go as a `WireModel` (resultsWire.ts), tables in chunks of JSON. */
export type PostedMessage = Exclude<HostMessage, { type: 'results' }> | { type: 'results'; model: WireModel };

/** Webview → host. */
export type WebviewMessage =
  | { type: 'ready' }
  | { type: 'copy'; text: string }
  | { type: 'export'; format: ExportFormat }
  | { type: 'openLink'; url: string }
  | { type: 'pin'; pinned: boolean }
  | { type: 'setToken' }
  /** Show the place of the error in the editor. */
  | { type: 'revealError' }
  /** Show a value (a nested object, a whole event) as JSON in an editor tab. */
  | { type: 'openJson'; json: string }
  /** Run the results' query again with a larger default limit. */
  | { type: 'rerun'; limit: number };

/** The largest default limit a re-run asks for: the service's cap on the rows of any result. */
export const maxRerunLimit = 500_000;

/** What the webview keeps with `setState`, restored after a reload. */
export interface WebviewState {
  /** The results shown, as posted: their tables are chunks of JSON text, cheap to save again on a tab change. */
  wire?: WireModel;
  /** What webviews before `wire` kept: the results as JSON made once per result. */
  modelJson?: string;
  /** Column widths, order and hidden columns per query (columnLayout.ts). */
  tableLayouts?: SavedLayouts;
  /** The sort and filter of the tables of the query shown, by layout key (table/tableView.ts; checked when read). */
  tableViews?: Record<string, unknown>;
  /** What webviews before `modelJson` kept. */
  model?: ResultsModel;
  tab?: string;
  /** Which result `tab` belongs to. */
  resultKey?: string;
  /** Whether the panel was pinned, so that it stays pinned after a reload. */
  pinned?: boolean;
  /** The chart's settings, kept for every later result: the kind chosen last, the colours series had. */
  chart?: ChartState;
}

export interface ChartState {
  /** line, bar, stacked or area. */
  kind?: string;
  /** Series key → palette slot, so a reloaded view gives series the colours they had. */
  colours?: [string, number][];
}

/** The model a webview saved in its state, as saved (the host checks it with `isResultsModel`). */
export function savedModel(state: WebviewState | undefined): unknown {
  if (isWireModel(state?.wire)) return decodeModel(state.wire);
  if (typeof state?.modelJson !== 'string') return state?.model;
  try {
    const saved = JSON.parse(state.modelJson) as unknown;
    return isWireModel(saved) ? decodeModel(saved) : saved;
  } catch {
    return undefined;
  }
}

/** The results as the webview keeps them (`modelJson` of a `WireModel`), checked. */
export function savedWireModel(state: WebviewState | undefined): WireModel | undefined {
  if (isWireModel(state?.wire)) return state.wire;
  if (typeof state?.modelJson !== 'string') return undefined;
  try {
    const saved = JSON.parse(state.modelJson) as unknown;
    return isWireModel(saved) ? saved : undefined;
  } catch {
    return undefined;
  }
}

export function isWireModel(value: unknown): value is WireModel {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as Record<string, unknown>;
  return (
    typeof model.query === 'string' &&
    typeof model.startTime === 'string' &&
    typeof model.endTime === 'string' &&
    isWireTable(model.matches) &&
    (model.totals === undefined || isWireTable(model.totals)) &&
    typeof model.status === 'object' &&
    model.status !== null
  );
}

const maxCopyLength = 16 * 1024 * 1024;

export function parseWebviewMessage(value: unknown): WebviewMessage | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const message = value as Record<string, unknown>;
  const keys = Object.keys(message);
  switch (message.type) {
    case 'ready':
      return keys.length === 1 ? { type: 'ready' } : undefined;
    case 'setToken':
    case 'revealError':
      return keys.length === 1 ? { type: message.type } : undefined;
    case 'pin':
      return keys.length === 2 && typeof message.pinned === 'boolean' ? { type: 'pin', pinned: message.pinned } : undefined;
    case 'copy':
      return keys.length === 2 && typeof message.text === 'string' && message.text.length <= maxCopyLength
        ? { type: 'copy', text: message.text }
        : undefined;
    case 'export':
      return keys.length === 2 && exportFormats.includes(message.format as ExportFormat)
        ? { type: 'export', format: message.format as ExportFormat }
        : undefined;
    case 'openLink':
      return keys.length === 2 && typeof message.url === 'string' && isWebLink(message.url) ? { type: 'openLink', url: message.url } : undefined;
    case 'openJson':
      return keys.length === 2 && typeof message.json === 'string' && message.json.length <= maxCopyLength && isJson(message.json)
        ? { type: 'openJson', json: message.json }
        : undefined;
    case 'rerun':
      return keys.length === 2 && Number.isSafeInteger(message.limit) && (message.limit as number) > 0 && (message.limit as number) <= maxRerunLimit
        ? { type: 'rerun', limit: message.limit as number }
        : undefined;
    default:
      return undefined;
  }
}

const maxLinkLength = 2048;

/** An annotation's link the host may open: http(s) only, no credentials, bounded. */
export function isWebLink(url: string): boolean {
  if (url.length > maxLinkLength || !URL.canParse(url)) return false;
  const parsed = new URL(url);
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.username === '' && parsed.password === '';
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Checks the shape of a model restored from webview state before the host uses it again. */
export function isResultsModel(value: unknown): value is ResultsModel {
  if (typeof value !== 'object' || value === null) return false;
  const model = value as Record<string, unknown>;
  const matches = model.matches as Record<string, unknown> | undefined;
  return (
    typeof model.query === 'string' &&
    typeof model.startTime === 'string' &&
    typeof model.endTime === 'string' &&
    typeof matches === 'object' &&
    matches !== null &&
    Array.isArray(matches.columns) &&
    Array.isArray(matches.rows) &&
    typeof model.status === 'object'
  );
}
