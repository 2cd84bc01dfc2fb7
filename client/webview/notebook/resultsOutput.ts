/**
 * One notebook output: the results panel's tabs (Matches, Chart, Totals, Status) over the same
 * table and chart code, inside the element the renderer gives it. Each output keeps its own tab and
 * chart settings in memory; nothing is shared between outputs but the code.
 */
import type { ChartState } from '../../resultsProtocol.ts';
import type { WireModel, WireTable } from '../../resultsWire.ts';
import { disposeChart, renderChart } from '../chart/render.ts';
import { element } from '../dom.ts';
import { defaultTab, noTotalsText, renderStatus, tabLabel, tabs, type Tab } from '../resultsTabs.ts';
import { disposeTable, renderTable, type TableOptions } from '../table/index.ts';
import { tableHeight } from './outputModel.ts';

export interface OutputHost {
  /** Puts text on the clipboard (the copy event's own clipboard is used when there is one). */
  copyText(text: string): void;
  /** Opens an annotation's link. */
  openLink(url: string): void;
}

export interface ResultsOutput {
  readonly root: HTMLElement;
  dispose(): void;
}

/** Draws the output at the end of `container` (the tables measure their columns in place). */
export function renderResultsOutput(container: Node, model: WireModel, host: OutputHost): ResultsOutput {
  const root = element('div', 'apl-output');
  const banner = element('div', 'banner', `${model.startTime} → ${model.endTime}`);
  const tabBar = element('div', 'tabs');
  tabBar.setAttribute('role', 'tablist');
  const panes = Object.fromEntries(tabs.map((tab) => [tab, element('section', `pane ${tab}`)])) as Record<Tab, HTMLElement>;
  const buttons = Object.fromEntries(tabs.map((tab) => [tab, element('button', 'tab', tabLabel(tab))])) as Record<Tab, HTMLButtonElement>;
  const header = element('header');
  header.append(tabBar);
  root.append(banner, header, ...tabs.map((tab) => panes[tab]));
  container.appendChild(root);

  let chartState: ChartState | undefined;
  const select = (tab: Tab) => {
    for (const each of tabs) {
      panes[each].hidden = each !== tab;
      buttons[each].classList.toggle('active', each === tab);
      buttons[each].setAttribute('aria-selected', String(each === tab));
    }
    root.dataset.tab = tab;
    // uPlot measures its container: the chart is drawn when its tab is shown.
    if (tab === 'chart') {
      renderChart(panes.chart, model.chart, {
        saved: chartState,
        save: (chart) => (chartState = chart),
        openLink: host.openLink,
      });
    }
  };
  for (const tab of tabs) {
    buttons[tab].addEventListener('click', () => select(tab));
    tabBar.append(buttons[tab]);
  }

  const tableOptions: TableOptions = { copyText: host.copyText };
  const { limitedTo, rowsBeforeLimit } = model.status;
  // No re-run with a higher limit here: the cell is run again from the notebook.
  const truncation = limitedTo === undefined ? undefined : { shown: limitedTo, total: rowsBeforeLimit };
  showTable(panes.matches, model.matches, { ...tableOptions, truncation }, truncation !== undefined);
  if (model.totals) showTable(panes.totals, model.totals, tableOptions, false);
  else panes.totals.append(element('p', 'empty', noTotalsText));
  renderStatus(panes.status, model);
  if (truncation) panes.status.append(element('p', 'truncation-note', `The service cut the rows at its default limit: ${limitedTo!.toLocaleString()} rows shown${rowsBeforeLimit === undefined ? '' : ` of ${rowsBeforeLimit.toLocaleString()}`}.`));
  select(defaultTab(model));

  return {
    root,
    dispose() {
      disposeTable(panes.matches);
      disposeTable(panes.totals);
      disposeChart(panes.chart);
      root.remove();
    },
  };
}

function showTable(pane: HTMLElement, wire: WireTable, options: TableOptions, truncated: boolean): void {
  pane.style.height = `${tableHeight(wire.rowCount, truncated)}px`;
  renderTable(pane, wire, options);
}
