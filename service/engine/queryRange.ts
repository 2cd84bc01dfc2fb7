/** The query's time range as the request gives it, and the bucket width `bin_auto` takes over it. */
import { endTimeMicros } from '../time.ts';
import { parseDatetimeText, parseTimespanText } from './compile/timeText.ts';
import { AplQueryError } from './errors.ts';

export function parseRangeTime(text: string, nowMicros: bigint, field: string): bigint {
  const trimmed = text.trim();
  const relative = /^now\s*(?:([-+])\s*(.+))?$/i.exec(trimmed);
  if (relative) {
    if (!relative[1]) return nowMicros;
    const nanos = parseTimespanText(relative[2]!);
    if (nanos === undefined || !Number.isFinite(nanos)) throw new AplQueryError(`invalid ${field} "${text}"`, 0, 0, 'semantic');
    const micros = BigInt(Math.round(nanos / 1000));
    return inRange(relative[1] === '-' ? nowMicros - micros : nowMicros + micros, text, field);
  }
  const micros = parseDatetimeText(trimmed);
  if (micros === undefined) throw new AplQueryError(`invalid ${field} "${text}": expected RFC 3339 or now-<duration>`, 0, 0, 'semantic');
  return inRange(micros, text, field);
}

/** A range bound before the epoch reads from the first event on; one past year 9999 (time.ts) is refused. */
function inRange(micros: bigint, text: string, field: string): bigint {
  if (micros >= BigInt(endTimeMicros)) throw new AplQueryError(`invalid ${field} "${text}": after the year 9999`, 0, 0, 'semantic');
  return micros < 0n ? 0n : micros;
}

const autoWidths = [1, 5, 10, 30, 60, 300, 600, 900, 1800, 3600, 10800, 21600, 43200, 86400, 604800, 2592000].map((s) => s * 1e9);

export function binAutoWidth(start: bigint, end: bigint, maxGroups: number): number {
  const span = Number(end - start) * 1000;
  const wanted = span / Math.max(1, Math.min(maxGroups, 10000));
  return autoWidths.find((width) => width >= wanted) ?? autoWidths.at(-1)!;
}
