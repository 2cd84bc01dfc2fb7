/**
 * Annotations over the time chart, as elements on the plot area: a dashed line at a point in
 * time, a shaded band over a range (`endTime`), a label inside the plot. Hovering a label, line or
 * band shows its title, description and link; the link is opened by the extension host.
 */
import type uPlot from 'uplot';
import type { ChartMarker } from '../../chartModel.ts';
import { isWebLink } from '../../resultsProtocol.ts';
import { element } from '../dom.ts';
import { layoutLabels } from './labelLayout.ts';

const labelRows = 3;
const rowHeight = 16;
/** How near (CSS pixels) the pointer must come to a line to hover it. */
const reach = 5;

interface Drawn {
  marker: ChartMarker;
  mark: HTMLElement;
  label: HTMLElement;
  /** Plot-area pixels of the last layout; undefined while out of view. */
  from?: number;
  to?: number;
}

export class AnnotationLayer {
  private readonly layer = element('div', 'annotations');
  private readonly tip = element('div', 'annotation-tip');
  private readonly drawn: Drawn[];
  private hideTimer = 0;
  private shown: Drawn | undefined;

  constructor(
    private readonly plot: uPlot,
    markers: readonly ChartMarker[],
    private readonly host: HTMLElement,
    private readonly openLink: (url: string) => void,
  ) {
    this.drawn = markers.map((marker, index) => {
      const isRange = marker.endTime !== undefined;
      const mark = element('div', isRange ? 'annotation-band' : 'annotation-line');
      const label = element('div', `annotation-label${isRange ? ' range' : ''}`, marker.title || marker.type);
      label.dataset.index = String(index);
      // A press on a label is not the start of a zoom selection.
      label.addEventListener('mousedown', (event) => event.stopPropagation());
      this.layer.append(mark, label);
      return { marker, mark, label };
    });
    this.tip.hidden = true;
    plot.over.append(this.layer);
    host.append(this.tip);
    plot.over.addEventListener('mousemove', this.onMove);
    plot.over.addEventListener('mouseleave', this.hideSoon);
    this.tip.addEventListener('mouseenter', () => window.clearTimeout(this.hideTimer));
    this.tip.addEventListener('mouseleave', this.hideSoon);
  }

  /** Places everything for the plot's current scale and size (uPlot's draw hook). */
  update(): void {
    const width = this.plot.over.clientWidth;
    const visible: Drawn[] = [];
    for (const drawn of this.drawn) {
      const { time, endTime } = drawn.marker;
      const from = this.plot.valToPos(time, 'x');
      const to = endTime === undefined ? from : this.plot.valToPos(endTime, 'x');
      const inView = to >= 0 && from <= width;
      drawn.mark.hidden = drawn.label.hidden = !inView;
      drawn.from = inView ? Math.max(0, from) : undefined;
      drawn.to = inView ? Math.min(width, to) : undefined;
      if (!inView) continue;
      drawn.mark.style.left = `${drawn.from}px`;
      if (endTime !== undefined) drawn.mark.style.width = `${Math.max(1, drawn.to! - drawn.from!)}px`;
      visible.push(drawn);
    }
    // Widths are read in one pass after all writes: one layout, not one per label.
    const boxes = visible.map((drawn) => ({ x: drawn.from!, width: drawn.label.offsetWidth }));
    layoutLabels(boxes, width, labelRows).forEach((place, index) => {
      const { label } = visible[index];
      label.style.left = `${place.left}px`;
      label.style.top = `${2 + place.row * rowHeight}px`;
    });
  }

  destroy(): void {
    window.clearTimeout(this.hideTimer);
    this.tip.remove();
    this.layer.remove();
  }

  private readonly onMove = (event: MouseEvent): void => {
    const label = (event.target as HTMLElement).closest?.('.annotation-label') as HTMLElement | null;
    const x = event.clientX - this.plot.over.getBoundingClientRect().left;
    const hit = label ? this.drawn[Number(label.dataset.index)] : this.hitAt(x);
    if (hit) this.show(hit, x);
    else if (this.shown) this.hideSoon();
  };

  /** A line near `x` first (it may lie inside a band), else the narrowest band under it. */
  private hitAt(x: number): Drawn | undefined {
    let best: Drawn | undefined;
    let bestSpan = Infinity;
    for (const drawn of this.drawn) {
      if (drawn.from === undefined || drawn.to === undefined) continue;
      const isLine = drawn.marker.endTime === undefined;
      const near = isLine ? Math.abs(x - drawn.from) <= reach : x >= drawn.from && x <= drawn.to;
      const span = isLine ? -1 : drawn.to - drawn.from;
      if (near && span < bestSpan) {
        best = drawn;
        bestSpan = span;
      }
    }
    return best;
  }

  private show(drawn: Drawn, x: number): void {
    window.clearTimeout(this.hideTimer);
    if (this.shown !== drawn) {
      this.shown = drawn;
      this.tip.replaceChildren(...tipContent(drawn.marker, this.openLink));
      this.tip.hidden = false;
    }
    const over = this.plot.over.getBoundingClientRect();
    const host = this.host.getBoundingClientRect();
    const left = Math.min(Math.max(0, over.left - host.left + x + 12), Math.max(0, host.width - this.tip.offsetWidth));
    this.tip.style.left = `${left}px`;
    this.tip.style.top = `${over.top - host.top + labelRows * rowHeight + 8}px`;
  }

  private readonly hideSoon = (): void => {
    window.clearTimeout(this.hideTimer);
    this.hideTimer = window.setTimeout(() => {
      this.tip.hidden = true;
      this.shown = undefined;
    }, 300);
  };
}

function tipContent(marker: ChartMarker, openLink: (url: string) => void): HTMLElement[] {
  const parts = [element('strong', 'annotation-title', marker.title || marker.type)];
  const when = marker.endTime === undefined ? formatTime(marker.time) : `${formatTime(marker.time)} → ${formatTime(marker.endTime)}`;
  parts.push(element('div', 'annotation-meta', `${marker.type} · ${when}`));
  if (marker.description) parts.push(element('div', 'annotation-description', marker.description));
  if (marker.url && isWebLink(marker.url)) {
    const link = element('a', 'annotation-link', marker.url);
    link.tabIndex = 0;
    link.title = 'Open in the browser';
    const open = (event: Event) => {
      event.preventDefault();
      openLink(marker.url!);
    };
    link.addEventListener('click', open);
    link.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') open(event);
    });
    parts.push(link);
  }
  return parts;
}

function formatTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('T', ' ').replace(/\.000Z$/, 'Z');
}
