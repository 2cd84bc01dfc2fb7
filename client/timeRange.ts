/**
 * The time range a query runs over: a relative preset, an absolute ISO range, or a custom range
 * whose bounds may be relative to the moment the query runs (`now-2h`, `ago(2h)`, `2h`). Pure.
 */
import { parseTimespan } from '../language/syntax/literals.ts';

export const presets = [
  { id: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { id: '1h', label: 'Last hour', ms: 3_600_000 },
  { id: '6h', label: 'Last 6 hours', ms: 6 * 3_600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 24 * 3_600_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;

export type PresetId = (typeof presets)[number]['id'];

/** One end of a custom range: an instant, or a span back from the moment the query runs (negative: ahead of it). */
export type TimeBound = { at: string } | { agoMs: number };

export type TimeRange =
  | { kind: 'relative'; preset: PresetId }
  | { kind: 'absolute'; start: string; end: string }
  | { kind: 'custom'; start: TimeBound; end: TimeBound };

export const defaultTimeRange: TimeRange = { kind: 'relative', preset: '1h' };

/** Ranges longer than this get a hint when the query filters no time itself. */
const largeRangeMs = 24 * 3_600_000;

export function resolveTimeRange(range: TimeRange, now: Date): { startTime: string; endTime: string } {
  if (range.kind === 'absolute') return { startTime: range.start, endTime: range.end };
  if (range.kind === 'custom') return { startTime: resolveBound(range.start, now), endTime: resolveBound(range.end, now) };
  return { startTime: new Date(now.getTime() - presetMs(range.preset)).toISOString(), endTime: now.toISOString() };
}

export function durationMs(range: TimeRange, now = new Date()): number {
  const { startTime, endTime } = resolveTimeRange(range, now);
  return Date.parse(endTime) - Date.parse(startTime);
}

/** True when running the same query again later can give other rows: the range moves with the clock. */
export function followsNow(range: TimeRange): boolean {
  return range.kind === 'relative' || (range.kind === 'custom' && ('agoMs' in range.start || 'agoMs' in range.end));
}

/** Short text for the status bar. */
export function describeTimeRange(range: TimeRange): string {
  if (range.kind === 'relative') return `last ${range.preset}`;
  if (range.kind === 'custom') return `${describeBound(range.start)} → ${describeBound(range.end)}`;
  return `${compact(range.start)} → ${compact(range.end)}`;
}

/**
 * Reads `start/end` or `start .. end` (ISO 8601, a date alone meaning midnight UTC).
 * Returns the range or a message saying what is wrong.
 */
export function parseAbsoluteRange(text: string): TimeRange | string {
  const parts = text.trim().split(/\s*(?:\/|\.\.)\s*/);
  if (parts.length !== 2 || parts.some((part) => part === '')) return 'Enter two ISO times separated by "/" or "..".';
  const [start, end] = parts.map((part) => ({ text: part, ms: parseIso(part) }));
  if (start.ms === undefined) return `"${start.text}" is not an ISO 8601 time.`;
  if (end.ms === undefined) return `"${end.text}" is not an ISO 8601 time.`;
  if (end.ms <= start.ms) return 'The end must come after the start.';
  return { kind: 'absolute', start: new Date(start.ms).toISOString(), end: new Date(end.ms).toISOString() };
}

/**
 * Reads what a user types as a custom range: `start/end` or `start .. end`, or one bound alone
 * meaning "from then until now". A bound is an ISO 8601 time or a time relative to the run:
 * `now`, `now-2h` (also `now - 2h`, `now(-2h)`, `now+5m`), `ago(2h)` or a bare span `2h`. Spans
 * are APL timespan literals (`1.5h`, `30m`, `100ms`, `2d`, `10min`). Gives the range (`absolute`
 * when both bounds are instants) or a message saying what is wrong.
 */
export function parseTimeRangeInput(text: string, now = new Date()): TimeRange | string {
  const parts = text.trim().split(/\s*(?:\/|\.\.)\s*/);
  if (parts.length > 2 || parts.some((part) => part === '')) {
    return 'Enter a start and an end separated by "/" or "..", or a start alone (e.g. now-2h, ago(2h), 2h or an ISO time).';
  }
  const bounds: TimeBound[] = [];
  for (const part of parts) {
    const bound = parseTimeBound(part);
    if (!bound) return `"${part}" is neither an ISO 8601 time nor a relative time such as now-2h, ago(2h) or 2h.`;
    bounds.push(bound);
  }
  const start = bounds[0];
  const end = bounds[1] ?? { agoMs: 0 };
  const range: TimeRange = 'at' in start && 'at' in end ? { kind: 'absolute', start: start.at, end: end.at } : { kind: 'custom', start, end };
  const { startTime, endTime } = resolveTimeRange(range, now);
  if (Date.parse(endTime) <= Date.parse(startTime)) return 'The end must come after the start.';
  return range;
}

/** One bound of a custom range (see `parseTimeRangeInput`), or undefined. */
export function parseTimeBound(text: string): TimeBound | undefined {
  const trimmed = text.trim();
  const iso = parseIso(trimmed);
  if (iso !== undefined) return { at: new Date(iso).toISOString() };
  const compact = trimmed.replace(/\s+/g, '');
  if (/^now(\(\))?$/.test(compact)) return { agoMs: 0 };
  // `now(-2h)` is Kusto's now() with an offset; `now-2h` the form time pickers use.
  const offset = /^now(?:\(([+-])(.+)\)|([+-])(.+))$/.exec(compact);
  if (offset) {
    const sign = offset[1] ?? offset[3];
    const ms = spanMs(offset[2] ?? offset[4]);
    return ms === undefined ? undefined : { agoMs: sign === '-' ? ms : -ms };
  }
  const ago = /^ago\((.+)\)$/.exec(compact) ?? /^-?(.+)$/.exec(compact);
  const ms = ago ? spanMs(ago[1]) : undefined;
  return ms === undefined ? undefined : { agoMs: ms };
}

/** An APL timespan literal in milliseconds; undefined unless it is one. */
function spanMs(text: string): number | undefined {
  const nanoseconds = parseTimespan(text);
  return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : undefined;
}

function resolveBound(bound: TimeBound, now: Date): string {
  return 'at' in bound ? bound.at : new Date(now.getTime() - bound.agoMs).toISOString();
}

function describeBound(bound: TimeBound): string {
  return 'at' in bound ? compact(bound.at) : boundText(bound);
}

/** A bound as `parseTimeBound` reads it back: the ISO time, `now` or `now-2h`. */
export function boundText(bound: TimeBound): string {
  if ('at' in bound) return bound.at;
  if (bound.agoMs === 0) return 'now';
  return `now${bound.agoMs > 0 ? '-' : '+'}${describeSpan(Math.abs(bound.agoMs))}`;
}

/** The largest unit that divides the span, as an APL timespan literal. */
function describeSpan(ms: number): string {
  const units: [string, number][] = [['d', 86_400_000], ['h', 3_600_000], ['m', 60_000], ['s', 1000]];
  for (const [unit, size] of units) if (ms % size === 0) return `${ms / size}${unit}`;
  return `${ms}ms`;
}

/** Reads a range stored in workspace state; anything malformed gives undefined. */
export function readStoredTimeRange(value: unknown): TimeRange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (record.kind === 'relative' && presets.some((preset) => preset.id === record.preset)) {
    return { kind: 'relative', preset: record.preset as PresetId };
  }
  if (record.kind === 'absolute' && typeof record.start === 'string' && typeof record.end === 'string') {
    const parsed = parseAbsoluteRange(`${record.start}/${record.end}`);
    return typeof parsed === 'string' ? undefined : parsed;
  }
  if (record.kind === 'custom') {
    const start = readStoredBound(record.start);
    const end = readStoredBound(record.end);
    return start && end ? { kind: 'custom', start, end } : undefined;
  }
  return undefined;
}

function readStoredBound(value: unknown): TimeBound | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.agoMs === 'number' && Number.isFinite(record.agoMs)) return { agoMs: record.agoMs };
  if (typeof record.at === 'string') {
    const ms = parseIso(record.at);
    return ms === undefined ? undefined : { at: new Date(ms).toISOString() };
  }
  return undefined;
}

/** True when the query itself restricts `_time` (a `where` on `_time`, `ago()`, `between` on time). */
export function hasTimeFilter(apl: string): boolean {
  return /\b(where|filter)\b[^|]*\b_time\b/.test(apl) || /\bago\s*\(/.test(apl);
}

/** A hint for a large range over a query without its own time filter, else undefined. */
export function largeRangeHint(apl: string, range: TimeRange): string | undefined {
  if (durationMs(range) <= largeRangeMs || hasTimeFilter(apl)) return undefined;
  return `The query has no time filter and runs over ${describeTimeRange(range)}; a narrower range answers faster.`;
}

function presetMs(id: PresetId): number {
  return presets.find((preset) => preset.id === id)!.ms;
}

function parseIso(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(text)) return undefined;
  const dateOnly = text.length === 10;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/.test(text);
  const ms = Date.parse(dateOnly || hasZone ? text : `${text.replace(' ', 'T')}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}

function compact(iso: string): string {
  return iso.replace(/:00(\.000)?Z$/, 'Z').replace('T', ' ');
}
