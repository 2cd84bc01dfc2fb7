/**
 * Orders RFC 3339 timestamps by the instant they name. Their texts do not sort: the service trims
 * trailing zeros of the fraction (`…:42Z`, `…:42.5Z`, `…:42.123456789Z`) and may write an offset.
 * Pure.
 */

const timestampPattern = /^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:?\d{2})$/i;

export interface Instant {
  /** Whole seconds since the epoch, in milliseconds. */
  ms: number;
  /** Nanoseconds past that second. */
  nanos: number;
}

/** The instant a timestamp text names, or undefined when it is not one. */
export function parseInstant(text: string): Instant | undefined {
  const match = timestampPattern.exec(text);
  if (!match) return undefined;
  const [, seconds, fraction = '', zone] = match;
  const ms = Date.parse(`${seconds!.replace(' ', 'T')}${zone!.toUpperCase()}`);
  if (Number.isNaN(ms)) return undefined;
  return { ms, nanos: Number(fraction.padEnd(9, '0')) };
}

/** Nanoseconds since the epoch, a key that sorts timestamps by instant; undefined for other texts. */
export function instantKey(text: string): bigint | undefined {
  const instant = parseInstant(text);
  return instant && BigInt(instant.ms) * 1_000_000n + BigInt(instant.nanos);
}
