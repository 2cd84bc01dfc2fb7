/** The Chart tab: a kind selector over a uPlot chart (time series or categories) with its annotations. */
import uPlot from 'uplot';
import type { ChartData } from '../../chartModel.ts';
import type { ChartState } from '../../resultsProtocol.ts';
import { element } from '../dom.ts';
import { AnnotationLayer } from './annotations.ts';
import { seriesColours } from './colours.ts';
import { rememberedLimit } from './palette.ts';
import { chartKinds, effectiveKind, kindsFor, type ChartKind } from './kinds.ts';
import { plotFor } from './plotOptions.ts';

export interface ChartOptions {
  /** What `save` kept last (the kind chosen, the series' colours), across runs and reloads. */
  saved?: ChartState;
  save?: (state: ChartState) => void;
  /** Opens an annotation's link (through the extension host). */
  openLink?: (url: string) => void;
}

const height = 320;

interface DrawnChart {
  plot: uPlot;
  annotations?: AnnotationLayer;
  resize: ResizeObserver;
  chart: ChartData;
  options: ChartOptions;
}

/** The chart drawn in each container (the panel has one, a notebook one per output), for redraws on a theme change. */
const drawn = new Map<HTMLElement, DrawnChart>();
/** Per container, series key → palette slot for every chart it draws; read once from the saved state. */
const colourMemories = new WeakMap<HTMLElement, Map<string, number>>();

export function renderChart(container: HTMLElement, chart: ChartData | undefined, options: ChartOptions = {}): void {
  disposeChart(container);
  container.replaceChildren();
  const axis = chart?.axis ?? 'time';
  const points = axis === 'category' ? (chart?.categories?.length ?? 0) : (chart?.times.length ?? 0);
  if (!chart || points === 0 || chart.series.length === 0) {
    container.append(element('p', 'empty', 'No chart: summarize … by bin(_time, …) draws a time series, summarize … by a field a bar chart.'));
    return;
  }
  const kind = effectiveKind(options.saved?.kind, axis);
  const toolbar = element('div', 'toolbar chart-toolbar');
  toolbar.append(kindSelector(axis, kind, (chosen) => {
    const saved = { kind: chosen, colours: [...(colourMemories.get(container) ?? [])] };
    options.save?.(saved);
    renderChart(container, chart, { ...options, saved });
  }));
  if (chart.omittedSeries) {
    toolbar.append(element('span', 'count', `Showing the ${chart.series.length.toLocaleString()} largest of ${(chart.series.length + chart.omittedSeries).toLocaleString()} series`));
  }
  if (chart.omittedCategories) {
    toolbar.append(element('span', 'count', `Showing the first ${chart.categories!.length.toLocaleString()} of ${(chart.categories!.length + chart.omittedCategories).toLocaleString()} categories`));
  }

  const style = getComputedStyle(container);
  const css = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const theme = { foreground: css('--vscode-foreground', '#ccc'), grid: css('--vscode-editorWidget-border', 'rgba(128,128,128,0.3)') };
  const keys = axis === 'category' && chart.series.length === 1 ? chart.categories! : chart.series.map((series) => series.label);
  let memory = colourMemories.get(container);
  if (!memory) colourMemories.set(container, (memory = readColourMemory(options.saved?.colours)));
  const before = keys.map((key) => memory.get(key));
  const colours = seriesColours(keys, memory);
  if (keys.some((key, index) => memory.get(key) !== before[index])) options.save?.({ kind: options.saved?.kind, colours: [...memory] });
  const { options: plotOptions, data } = plotFor(chart, kind, colours, theme);

  const target = element('div', 'chart');
  target.dataset.kind = kind;
  target.dataset.axis = axis;
  container.append(toolbar, target);
  let annotations: AnnotationLayer | undefined;
  const plot = new uPlot(
    { ...plotOptions, width: Math.max(300, container.clientWidth), height, hooks: { draw: [() => annotations?.update()] } },
    data,
    target,
  );
  if (axis === 'time' && chart.markers.length > 0) {
    annotations = new AnnotationLayer(plot, chart.markers, target, options.openLink ?? (() => undefined));
    annotations.update();
  }
  const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(300, container.clientWidth), height }));
  resize.observe(container);
  drawn.set(container, { plot, annotations, resize, chart, options });
}

/** The saved memory, entries of the wrong shape dropped (the state is ours, but may be from an older version). */
function readColourMemory(saved: unknown): Map<string, number> {
  const memory = new Map<string, number>();
  if (!Array.isArray(saved)) return memory;
  for (const entry of saved.slice(-rememberedLimit)) {
    if (Array.isArray(entry) && typeof entry[0] === 'string' && Number.isInteger(entry[1]) && entry[1] >= 0) memory.set(entry[0], entry[1]);
  }
  return memory;
}

/** Ends the chart drawn in `container`, if any: its plot, annotations and size observer. */
export function disposeChart(container: HTMLElement): void {
  const current = drawn.get(container);
  if (!current) return;
  drawn.delete(container);
  current.resize.disconnect();
  current.annotations?.destroy();
  current.plot.destroy();
}

function kindSelector(axis: 'time' | 'category', kind: ChartKind, choose: (kind: ChartKind) => void): HTMLElement {
  const select = element('select', 'chart-kind');
  select.setAttribute('aria-label', 'Chart type');
  for (const allowed of kindsFor(axis)) {
    const option = element('option', undefined, chartKinds.find((entry) => entry.kind === allowed)!.label);
    option.value = allowed;
    option.selected = allowed === kind;
    select.append(option);
  }
  select.addEventListener('change', () => choose(select.value as ChartKind));
  return select;
}

// A theme change (VS Code swaps the body's classes and colour variables) redraws the charts in the new colours.
new MutationObserver(() => {
  for (const [container, { chart, options }] of [...drawn]) {
    if (container.isConnected) renderChart(container, chart, options);
    else disposeChart(container);
  }
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });
