/** The time range a query runs over: a relative preset or an absolute ISO range. Pure. */

export const presets = [
  { id: '15m', label: 'Last 15 minutes', ms: 15 * 60_000 },
  { id: '1h', label: 'Last hour', ms: 3_600_000 },
  { id: '6h', label: 'Last 6 hours', ms: 6 * 3_600_000 },
  { id: '24h', label: 'Last 24 hours', ms: 24 * 3_600_000 },
  { id: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { id: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
] as const;

export type PresetId = (typeof presets)[number]['id'];

export type TimeRange = { kind: 'relative'; preset: PresetId } | { kind: 'absolute'; start: string; end: string };

export const defaultTimeRange: TimeRange = { kind: 'relative', preset: '1h' };

/** Ranges longer than this get a hint when the query filters no time itself. */
const largeRangeMs = 24 * 3_600_000;

export function resolveTimeRange(range: TimeRange, now: Date): { startTime: string; endTime: string } {
  if (range.kind === 'absolute') return { startTime: range.start, endTime: range.end };
  return { startTime: new Date(now.getTime() - presetMs(range.preset)).toISOString(), endTime: now.toISOString() };
}

export function durationMs(range: TimeRange): number {
  return range.kind === 'relative' ? presetMs(range.preset) : Date.parse(range.end) - Date.parse(range.start);
}

/** Short text for the status bar. */
export function describeTimeRange(range: TimeRange): string {
  if (range.kind === 'relative') return `last ${range.preset}`;
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
