/** What the results panel and a notebook output both show beside the tables: the tabs, the default one, the Status pane. */
import type { WireModel } from '../resultsWire.ts';
import { element } from './dom.ts';

export type Tab = 'matches' | 'chart' | 'totals' | 'status';
export const tabs: Tab[] = ['matches', 'chart', 'totals', 'status'];

export function tabLabel(tab: Tab): string {
  return tab[0].toUpperCase() + tab.slice(1);
}

/** A result with time buckets opens on its chart, any other on its rows. */
export function defaultTab(shown: WireModel): Tab {
  return shown.chart && shown.chart.times.length > 0 && shown.chart.series.length > 0 ? 'chart' : 'matches';
}

export function renderStatus(container: HTMLElement, model: WireModel): void {
  const list = element('dl', 'status');
  const entries: [string, string][] = [
    ['Rows examined', model.status.rowsExamined.toLocaleString()],
    ['Rows matched', model.status.rowsMatched.toLocaleString()],
    ['Rows returned', model.matches.rowCount.toLocaleString()],
    ['Elapsed', `${model.status.elapsedMs.toFixed(1)} ms`],
    ['Partial', model.status.isPartial ? 'yes' : 'no'],
  ];
  for (const [term, value] of entries) list.append(element('dt', undefined, term), element('dd', undefined, value));
  const messages = element('ul', 'messages');
  for (const message of model.status.messages) messages.append(element('li', undefined, message));
  container.replaceChildren(list, messages);
}

export const noTotalsText = 'No totals: they come with time-bucketed summaries.';
