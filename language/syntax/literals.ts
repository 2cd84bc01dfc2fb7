/** Decoding of literal token text into values. */

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', '\\': '\\', '"': '"', "'": "'" };

/** The content of a quoted (`"a\tb"`, `'x'`) or verbatim (`@"C:\dir"`) string literal. */
export function decodeString(image: string): { value: string; terminated: boolean } {
  const verbatim = image.startsWith('@');
  const body = verbatim ? image.slice(1) : image;
  const quote = body[0];
  const terminated = body.length >= 2 && body.endsWith(quote) && !endsWithEscapedQuote(body, verbatim);
  const inner = body.slice(1, terminated ? -1 : undefined);
  if (verbatim) return { value: inner.split(quote + quote).join(quote), terminated };
  let value = '';
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i];
    if (char !== '\\' || i + 1 >= inner.length) {
      value += char;
      continue;
    }
    const next = inner[++i];
    if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(inner.slice(i + 1, i + 5))) {
      value += String.fromCharCode(parseInt(inner.slice(i + 1, i + 5), 16));
      i += 4;
    } else {
      value += escapes[next] ?? next;
    }
  }
  return { value, terminated };
}

function endsWithEscapedQuote(body: string, verbatim: boolean): boolean {
  if (verbatim || body.length < 3) return false;
  let backslashes = 0;
  for (let i = body.length - 2; i > 0 && body[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

export function parseNumber(text: string): number {
  return /^0[xX]/.test(text) ? parseInt(text, 16) : Number(text);
}

export const nanosecondsPerUnit: Record<string, number> = {
  d: 86_400e9, day: 86_400e9, days: 86_400e9,
  h: 3_600e9, hr: 3_600e9, hour: 3_600e9, hours: 3_600e9,
  m: 60e9, min: 60e9, minute: 60e9, minutes: 60e9,
  s: 1e9, sec: 1e9, second: 1e9, seconds: 1e9,
  ms: 1e6, msec: 1e6, millis: 1e6, millisecond: 1e6, milliseconds: 1e6,
  us: 1e3, 'µs': 1e3, micros: 1e3, microsecond: 1e3, microseconds: 1e3,
  ns: 1, nanos: 1, nanosecond: 1, nanoseconds: 1,
  tick: 100, ticks: 100,
};

/** A timespan literal such as `1.5h` or `100ms`, in nanoseconds. */
export function parseTimespan(text: string): number {
  const match = /^(\d+(?:\.\d+)?)(.+)$/.exec(text);
  if (!match) return Number.NaN;
  return Math.round(Number(match[1]) * (nanosecondsPerUnit[match[2]] ?? Number.NaN));
}
