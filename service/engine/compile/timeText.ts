/** Datetime and timespan texts as APL writes them inside `datetime(...)`, `timespan(...)` and conversions. */

const unitNanos: Record<string, number> = {
  d: 86_400e9, day: 86_400e9, days: 86_400e9,
  h: 3_600e9, hr: 3_600e9, hrs: 3_600e9, hour: 3_600e9, hours: 3_600e9,
  m: 60e9, min: 60e9, minute: 60e9, minutes: 60e9,
  s: 1e9, sec: 1e9, second: 1e9, seconds: 1e9,
  ms: 1e6, milli: 1e6, millis: 1e6, millisecond: 1e6, milliseconds: 1e6,
  us: 1e3, 'µs': 1e3, micro: 1e3, micros: 1e3, microsecond: 1e3, microseconds: 1e3,
  ns: 1, nano: 1, nanos: 1, nanosecond: 1, nanoseconds: 1,
  tick: 100, ticks: 100,
};

/** `15s`, `1.5h`, `2h45m` (Go duration), `1.02:03:04` (d.hh:mm:ss); nanoseconds, or undefined. */
export function parseTimespanText(text: string): number | undefined {
  const trimmed = text.trim();
  const clock = /^(-)?(?:(\d+)\.)?(\d+):(\d+)(?::(\d+(?:\.\d+)?))?$/.exec(trimmed);
  if (clock) {
    const [, minus, days, hours, minutes, seconds] = clock;
    const total = Number(days ?? 0) * 86_400e9 + Number(hours) * 3_600e9 + Number(minutes) * 60e9 + Number(seconds ?? 0) * 1e9;
    return minus ? -total : total;
  }
  const sign = trimmed.startsWith('-') ? -1 : 1;
  let rest = trimmed.replace(/^[-+]/, '');
  if (rest === '') return undefined;
  let total = 0;
  while (rest !== '') {
    const part = /^(\d+(?:\.\d+)?|\.\d+)([a-zµ]+)/i.exec(rest);
    if (!part) return undefined;
    const unit = unitNanos[part[2]!.toLowerCase()];
    if (unit === undefined) return undefined;
    total += Number(part[1]) * unit;
    rest = rest.slice(part[0].length);
  }
  return sign * total;
}

/** Datetime texts have their own module; re-exported for the callers that read both kinds of text. */
export { parseDatetimeNanos, parseDatetimeText } from './datetimeText.ts';

/** A Go-style duration text (`1h30m0s`, `1.5s`, `0s`) for nanoseconds. */
export function formatDuration(nanos: number): string {
  if (nanos === 0) return '0s';
  const sign = nanos < 0 ? '-' : '';
  let rest = Math.abs(nanos);
  if (rest < 1e3) return `${sign}${rest}ns`;
  if (rest < 1e6) return `${sign}${trimZeros(rest / 1e3)}µs`;
  if (rest < 1e9) return `${sign}${trimZeros(rest / 1e6)}ms`;
  const hours = Math.floor(rest / 3_600e9);
  rest -= hours * 3_600e9;
  const minutes = Math.floor(rest / 60e9);
  rest -= minutes * 60e9;
  const seconds = `${trimZeros(rest / 1e9)}s`;
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}`;
  return `${sign}${seconds}`;
}

function trimZeros(value: number): string {
  return String(Number(value.toFixed(9)));
}
