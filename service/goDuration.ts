/** Go duration strings (`1h`, `1h0m0s`, `1m30s`, `500ms`, `1.5h`) as the official clients send them. */

const unitMilliseconds: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  'µs': 1e-3,
  'μs': 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** The longest Go duration: int64 nanoseconds (about 292 years); Go's ParseDuration refuses longer ones. */
export const maxGoDurationMilliseconds = 9_223_372_036_854.775807;

/** Milliseconds, or undefined when the text is not a Go duration or is out of Go's range. */
export function parseGoDuration(text: string): number | undefined {
  const match = /^([-+]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/.exec(text);
  if (text === '0') return 0;
  if (!match) return undefined;
  const sign = match[1] === '-' ? -1 : 1;
  let total = 0;
  for (const part of text.slice(match[1]!.length).matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)) {
    total += Number(part[1]) * unitMilliseconds[part[2]!]!;
  }
  if (!(total <= maxGoDurationMilliseconds)) return undefined;
  return sign * total;
}
