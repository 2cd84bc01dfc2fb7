/** Wall-clock helpers around `process.hrtime.bigint()`. */

export interface RoundBudget {
  /** Stop starting new rounds once this much time has passed (the round in progress finishes). */
  milliseconds: number;
  minRounds: number;
  maxRounds: number;
}

export interface Contender<T> {
  run: (item: T) => number;
  budget: RoundBudget;
}

export interface ContenderResult {
  /** Single-call durations in microseconds, round-major: sample i timed item i % items.length. */
  samples: number[];
  /** Sum of what `run` returned; keeps the calls observable so the JIT cannot drop them. */
  checksum: number;
  rounds: number;
}

/**
 * Times each contender's `run` once per item per round. Rounds sweep the whole workload so
 * every item weighs the same in the percentiles. The contenders take turns, always the one
 * furthest behind its own time budget next, so that a slow and a fast contender sample the
 * same stretch of machine load (other processes share this machine) instead of one after
 * the other.
 */
export function sampleInterleaved<T>(items: readonly T[], contenders: readonly Contender<T>[]): ContenderResult[] {
  const results = contenders.map((): ContenderResult & { spentMicros: number } => ({ samples: [], checksum: 0, rounds: 0, spentMicros: 0 }));
  const isDone = (index: number) => {
    const { budget } = contenders[index];
    const result = results[index];
    return result.rounds >= budget.maxRounds || (result.rounds >= budget.minRounds && result.spentMicros >= budget.milliseconds * 1e3);
  };
  for (;;) {
    let next = -1;
    for (let index = 0; index < contenders.length; index++) {
      if (isDone(index)) continue;
      const share = results[index].spentMicros / (contenders[index].budget.milliseconds * 1e3);
      if (next < 0 || share < results[next].spentMicros / (contenders[next].budget.milliseconds * 1e3)) next = index;
    }
    if (next < 0) break;
    const { run } = contenders[next];
    const result = results[next];
    for (const item of items) {
      const start = process.hrtime.bigint();
      result.checksum += run(item);
      const micros = Number(process.hrtime.bigint() - start) / 1e3;
      result.samples.push(micros);
      result.spentMicros += micros;
    }
    result.rounds++;
  }
  return results.map(({ samples, checksum, rounds }) => ({ samples, checksum, rounds }));
}

/** Runs every item through `run` for a number of rounds without timing (JIT and cache warm-up). */
export function warmUp<T>(items: readonly T[], run: (item: T) => number, rounds: number): number {
  let checksum = 0;
  for (let round = 0; round < rounds; round++) {
    for (const item of items) checksum += run(item);
  }
  return checksum;
}
