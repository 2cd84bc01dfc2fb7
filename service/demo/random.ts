/** A small seeded PRNG (mulberry32) with the draws the demo generators need. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A Zipf-like pick: earlier items are much more likely (a long tail). */
  skewed<T>(items: readonly T[], exponent = 1.2): T {
    return items[Math.min(items.length - 1, Math.floor(items.length * this.next() ** (1 + exponent)))]!;
  }

  /** Picks by weight from `[item, weight]` pairs. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of choices) total += weight;
    let draw = this.next() * total;
    for (const [item, weight] of choices) {
      draw -= weight;
      if (draw < 0) return item;
    }
    return choices[choices.length - 1]![0];
  }

  /** Log-normal with the given median; `sigma` widens the tail. */
  logNormal(median: number, sigma: number): number {
    const u = 1 - this.next();
    const v = this.next();
    const normal = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    return median * Math.exp(sigma * normal);
  }

  hex(length: number): string {
    let text = '';
    for (let index = 0; index < length; index++) text += '0123456789abcdef'[Math.floor(this.next() * 16)];
    return text;
  }

  uuid(): string {
    const hex = this.hex(32);
    const variant = '89ab'[Math.floor(this.next() * 4)];
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
  }
}

/**
 * `count` event times over the `days` before `now` (microseconds), ascending, denser towards now
 * so that the last minutes and hours always hold data.
 */
export function recentTimes(random: Random, count: number, now: Date, days = 7): number[] {
  const end = now.getTime() * 1000;
  const span = days * 86_400e6;
  const times = new Array<number>(count);
  for (let index = 0; index < count; index++) {
    const u = random.next();
    // Three quarters spread over the whole window, a quarter over the last hour.
    const offset = random.chance(0.75) ? u * span : u * 3_600e6;
    times[index] = Math.floor(end - offset);
  }
  return times.sort((a, b) => a - b);
}
