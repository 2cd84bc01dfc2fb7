/** uPlot options and data for a chart model, a kind and the series' colours. */
import uPlot from 'uplot';
import type { ChartData } from '../../chartModel.ts';
import type { SeriesColour } from './colours.ts';
import { withAlpha } from './colours.ts';
import type { ChartKind } from './kinds.ts';
import { stackBands, stackValues } from './stack.ts';

export interface PlotTheme {
  foreground: string;
  grid: string;
}

export interface Plot {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
}

/** Bars take this share of their bucket (or category), the rest is the gap between them. */
const barShare = 0.8;

export function plotFor(chart: ChartData, kind: ChartKind, colours: Map<string, SeriesColour>, theme: PlotTheme): Plot {
  const category = chart.axis === 'category';
  const categories = chart.categories ?? [];
  const xs = category ? categories.map((_, index) => index) : chart.times;
  const step = category ? 1 : chart.bucketSeconds ?? 60;
  const raw = chart.series.map((series) => series.values);
  const drawn: (number | null)[][] = kind === 'stacked' ? stackValues(raw) : raw;
  const isBars = kind === 'bar' || kind === 'stacked';
  // One series over categories: each bar takes its category's colour (so "500" matches its line in a time chart).
  const perBarColours = category && chart.series.length === 1 ? categories.map((name) => colours.get(name)?.colour ?? theme.foreground) : undefined;

  const axis = { stroke: theme.foreground, grid: { stroke: theme.grid, width: 1 }, ticks: { stroke: theme.grid, width: 1 } };
  const series: uPlot.Series[] = chart.series.map((entry, index) => {
    const { colour, dashed } = colours.get(entry.label) ?? { colour: theme.foreground, dashed: false };
    const options: uPlot.Series = {
      label: entry.label,
      stroke: perBarColours ? theme.foreground : colour,
      width: isBars ? 0 : 1.5,
      spanGaps: false,
      // The legend shows each series' own value, also when the drawing stacks them.
      value: (_plot, _value, _series, row) => formatValue(row === null ? null : raw[index][row]),
    };
    if (dashed) options.dash = [6, 3];
    if (kind === 'area') options.fill = withAlpha(colour, 0.18);
    if (isBars) {
      options.fill = perBarColours ? withAlpha(theme.foreground, 0.5) : withAlpha(colour, dashed ? 0.5 : 0.85);
      options.points = { show: false };
      options.paths = barPaths(xs, step, kind === 'stacked' ? 0 : index, kind === 'stacked' ? 1 : chart.series.length, category, perBarColours);
    } else {
      options.points = { show: xs.length < 60 };
    }
    return options;
  });

  const x: uPlot.Series = category
    ? { label: chart.categoryName ?? 'category', value: (_plot, value) => (value === null ? '' : (categories[Math.round(value)] ?? '')) }
    : {};
  const options: Plot['options'] = {
    scales: {
      x: category ? { time: false, range: () => [-0.5, categories.length - 0.5] } : { time: true, range: timeRange(chart) },
      y: isBars || kind === 'area' ? { range: fromZero } : {},
    },
    axes: [category ? { ...axis, ...categoryAxis(categories) } : axis, axis],
    legend: { show: true },
    cursor: category ? { drag: { x: false, y: false } } : {},
    series: [x, ...series],
  };
  if (kind === 'stacked') options.bands = stackBands(chart.series.length).map((band) => ({ ...band, fill: 'transparent' }));
  return { options, data: [xs, ...drawn] as uPlot.AlignedData };
}

/**
 * The query's time range when the scale is reset (first drawing, double-click after a zoom), the
 * zoomed span otherwise: a reset asks for the data's extent, which the range contains.
 */
function timeRange(chart: ChartData): uPlot.Scale.Range {
  return (_plot, min, max) => {
    const range = chart.range;
    if (!range) return [min, max];
    const first = chart.times[0];
    const last = chart.times[chart.times.length - 1];
    const isReset = first !== undefined && min <= first && max >= last;
    return isReset ? [Math.min(min, range.start), Math.max(max, range.end)] : [min, max];
  };
}

/** Bars and areas grow from zero: a bar that starts elsewhere misreads as a smaller value. */
const fromZero: uPlot.Scale.Range = (_plot, min, max) => {
  const [low, high] = uPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true);
  return [min >= 0 ? 0 : low, max <= 0 ? 0 : high];
};

/** Bars side by side within their bucket: `slot` of `slots`, left-aligned at the bucket's start (a category's centre less half). */
function barPaths(xs: number[], step: number, slot: number, slots: number, category: boolean, fills: string[] | undefined): uPlot.Series.PathBuilder {
  const width = (step * barShare) / slots;
  const start = category ? -(step * barShare) / 2 : (step * (1 - barShare)) / 2;
  const x0 = xs.map((x) => x + start + slot * width);
  const disp: uPlot.Series.BarsPathBuilderDisplay = {
    x0: { unit: 1, values: () => x0 },
    size: { unit: 1, values: () => [width] },
  };
  if (fills) {
    disp.fill = { unit: 3, values: () => fills };
    disp.stroke = { unit: 3, values: () => fills };
  }
  return uPlot.paths.bars!({ disp });
}

/** Category names under their bars; every n-th one when they would crowd. */
function categoryAxis(categories: string[]): Partial<uPlot.Axis> {
  return {
    splits: () => categories.map((_, index) => index),
    values: (plot, splits) => {
      const every = Math.max(1, Math.ceil((categories.length * 70) / Math.max(1, plot.bbox.width / devicePixelRatio)));
      return splits.map((split) => (split % every === 0 ? shorten(categories[split] ?? '') : ''));
    },
  };
}

function shorten(text: string): string {
  return text.length > 16 ? `${text.slice(0, 15)}…` : text;
}

function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return Number.isInteger(value) ? value.toLocaleString() : value.toLocaleString(undefined, { maximumFractionDigits: 3 });
}
