/** The time-series chart (uPlot, bundled): one line per series, annotations as dashed markers. */
import uPlot from 'uplot';
import type { ChartData } from '../resultsModel.ts';
import { element } from './vscodeApi.ts';

const paletteVariables = ['--vscode-charts-blue', '--vscode-charts-orange', '--vscode-charts-green', '--vscode-charts-red', '--vscode-charts-purple', '--vscode-charts-yellow'];
const fallbackPalette = ['#3794ff', '#d18616', '#89d185', '#f14c4c', '#b180d7', '#cca700'];

let current: uPlot | undefined;
let resizeObserver: ResizeObserver | undefined;

export function renderChart(container: HTMLElement, chart: ChartData | undefined): void {
  current?.destroy();
  current = undefined;
  resizeObserver?.disconnect();
  container.replaceChildren();
  if (!chart || chart.times.length === 0 || chart.series.length === 0) {
    container.append(element('p', 'empty', 'No time series: summarize … by bin(_time, …) or bin_auto(_time) draws one.'));
    return;
  }
  const style = getComputedStyle(document.body);
  const css = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const foreground = css('--vscode-foreground', '#ccc');
  const grid = css('--vscode-editorWidget-border', 'rgba(128,128,128,0.3)');
  const axis = { stroke: foreground, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  const markerColour = css('--vscode-editorWarning-foreground', '#cca700');

  const options: uPlot.Options = {
    width: Math.max(300, container.clientWidth),
    height: 320,
    scales: { x: { time: true } },
    axes: [axis, axis],
    legend: { show: true },
    series: [
      {},
      ...chart.series.map((series, index) => ({
        label: series.label,
        stroke: css(paletteVariables[index % paletteVariables.length], fallbackPalette[index % fallbackPalette.length]),
        width: 1.5,
        spanGaps: false,
        points: { show: chart.times.length < 60 },
      })),
    ],
    hooks: {
      draw: [
        (plot) => {
          const context = plot.ctx;
          context.save();
          context.strokeStyle = markerColour;
          context.fillStyle = markerColour;
          context.setLineDash([4, 4]);
          context.font = `${11 * devicePixelRatio}px sans-serif`;
          for (const marker of chart.markers) {
            const x = Math.round(plot.valToPos(marker.time, 'x', true));
            context.beginPath();
            context.moveTo(x, plot.bbox.top);
            context.lineTo(x, plot.bbox.top + plot.bbox.height);
            context.stroke();
            context.fillText(marker.label, x + 4, plot.bbox.top + 12 * devicePixelRatio);
          }
          context.restore();
        },
      ],
    },
  };
  const data: uPlot.AlignedData = [chart.times, ...chart.series.map((series) => series.values)];
  const target = element('div', 'chart');
  container.append(target);
  current = new uPlot(options, data, target);
  resizeObserver = new ResizeObserver(() => current?.setSize({ width: Math.max(300, container.clientWidth), height: 320 }));
  resizeObserver.observe(container);
}
