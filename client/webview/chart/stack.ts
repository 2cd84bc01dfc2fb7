/** Stacking for stacked bars: each series drawn on top of the ones before it. Pure. */

/**
 * Running sums across series at each point: series `i` becomes the sum of series `0..i`. A gap
 * counts as 0, so the next series starts where the ones below it end (a bar from the sum below
 * to itself: nothing is drawn for the gap).
 */
export function stackValues(series: readonly (readonly (number | null)[])[]): number[][] {
  const length = series[0]?.length ?? 0;
  const sums = new Array<number>(length).fill(0);
  return series.map((values) =>
    Array.from({ length }, (_, index) => {
      const value = values[index];
      if (typeof value === 'number' && Number.isFinite(value)) sums[index] += value;
      return sums[index];
    }),
  );
}

/** uPlot bands that fill each stacked series down to the one below it (series indexes count the x series as 0). */
export function stackBands(seriesCount: number): { series: [number, number] }[] {
  return Array.from({ length: Math.max(0, seriesCount - 1) }, (_, index) => ({ series: [index + 2, index + 1] as [number, number] }));
}
