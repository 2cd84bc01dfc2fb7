/** Timestamps as the service emits and accepts them. */

/** RFC 3339 in UTC with trailing fractional zeros trimmed, as the public service writes them. */
export function formatTimestamp(date: Date): string {
  return date.toISOString().replace(/\.?0+Z$/, 'Z');
}

/** Go sends the zero time for "unset"; anything before year 2 means no value. */
export function isZeroTime(date: Date): boolean {
  return date.getUTCFullYear() <= 1;
}

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i;

/** Parses an RFC 3339 timestamp; undefined when it is not one. */
export function parseTimestamp(text: string): Date | undefined {
  if (!rfc3339.test(text)) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The event times the service takes, in microseconds since the epoch: years 0001 to 9999, the
 * years RFC 3339 (and Go's time.Time as JSON) can write. The end is exclusive: 10000-01-01.
 */
export const firstTimeMicros = -62_135_596_800_000_000;
export const endTimeMicros = 253_402_300_800_000_000;
