/** The Chart tab: a kind selector over a uPlot chart (time series or categories) with its annotations. */
import uPlot from 'uplot';
import type { ChartData } from '../../chartModel.ts';
import { element } from '../vscodeApi.ts';
import { AnnotationLayer } from './annotations.ts';
import { seriesColours } from './colours.ts';
import { chartKinds, effectiveKind, kindsFor, type ChartKind } from './kinds.ts';
import { plotFor } from './plotOptions.ts';

export interface ChartOptions {
  /** The kind last chosen (kept by the caller across runs and reloads). */
  kind?: string;
  onKind?: (kind: ChartKind) => void;
  /** Opens an annotation's link (through the extension host). */
  openLink?: (url: string) => void;
}

const height = 320;

let current: { plot: uPlot; annotations?: AnnotationLayer; resize: ResizeObserver } | undefined;
let lastDrawn: { container: HTMLElement; chart: ChartData | undefined; options: ChartOptions } | undefined;

export function renderChart(container: HTMLElement, chart: ChartData | undefined, options: ChartOptions = {}): void {
  destroy();
  lastDrawn = { container, chart, options };
  container.replaceChildren();
  const axis = chart?.axis ?? 'time';
  const points = axis === 'category' ? (chart?.categories?.length ?? 0) : (chart?.times.length ?? 0);
  if (!chart || points === 0 || chart.series.length === 0) {
    container.append(element('p', 'empty', 'No chart: summarize … by bin(_time, …) draws a time series, summarize … by a field a bar chart.'));
    return;
  }
  const kind = effectiveKind(options.kind, axis);
  const toolbar = element('div', 'toolbar chart-toolbar');
  toolbar.append(kindSelector(axis, kind, (chosen) => {
    options.onKind?.(chosen);
    renderChart(container, chart, { ...options, kind: chosen });
  }));
  if (chart.omittedCategories) {
    toolbar.append(element('span', 'count', `Showing the first ${chart.categories!.length.toLocaleString()} of ${(chart.categories!.length + chart.omittedCategories).toLocaleString()} categories`));
  }

  const style = getComputedStyle(document.body);
  const css = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const theme = { foreground: css('--vscode-foreground', '#ccc'), grid: css('--vscode-editorWidget-border', 'rgba(128,128,128,0.3)') };
  const keys = axis === 'category' && chart.series.length === 1 ? chart.categories! : chart.series.map((series) => series.label);
  const { options: plotOptions, data } = plotFor(chart, kind, seriesColours(keys), theme);

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
  current = { plot, annotations, resize };
}

function destroy(): void {
  if (!current) return;
  current.resize.disconnect();
  current.annotations?.destroy();
  current.plot.destroy();
  current = undefined;
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

// A theme change (VS Code swaps the body's classes and colour variables) redraws the chart in the new colours.
new MutationObserver(() => {
  if (lastDrawn && current) renderChart(lastDrawn.container, lastDrawn.chart, lastDrawn.options);
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });
