/** The results view: tabs for matches, chart, totals and status; state kept across reloads. */
import { savedWireModel, type PostedMessage, type WebviewState } from '../resultsProtocol.ts';
import type { WireModel } from '../resultsWire.ts';
import { renderChart } from './chart.ts';
import { layoutKey, parseLayout, rememberLayout, type ColumnLayout } from './table/columnLayout.ts';
import { renderTable, type TableOptions } from './table/index.ts';
import { element, onHostMessage, vscode } from './vscodeApi.ts';

type Tab = 'matches' | 'chart' | 'totals' | 'status';
const tabs: Tab[] = ['matches', 'chart', 'totals', 'status'];

const app = document.getElementById('app')!;
const banner = element('div', 'banner');
const tabBar = element('div', 'tabs');
const exportBar = element('div', 'exports');
const panes = Object.fromEntries(tabs.map((tab) => [tab, element('section', 'pane')])) as Record<Tab, HTMLElement>;
const tabButtons = Object.fromEntries(tabs.map((tab) => [tab, element('button', 'tab', tab[0].toUpperCase() + tab.slice(1))])) as Record<Tab, HTMLButtonElement>;

let state: WebviewState = vscode.getState() ?? {};
let model = savedWireModel(state);

for (const tab of tabs) {
  tabButtons[tab].addEventListener('click', () => select(tab));
  tabBar.append(tabButtons[tab]);
}
for (const format of ['csv', 'json', 'ndjson'] as const) {
  const button = element('button', undefined, `Export ${format.toUpperCase()}`);
  button.addEventListener('click', () => vscode.postMessage({ type: 'export', format }));
  exportBar.append(button);
}
const header = element('header');
header.append(tabBar, exportBar);
app.append(banner, header, ...tabs.map((tab) => panes[tab]));

function select(tab: Tab): void {
  for (const each of tabs) {
    panes[each].hidden = each !== tab;
    tabButtons[each].classList.toggle('active', each === tab);
  }
  if (model && state.tab !== tab) {
    state = { ...state, tab };
    saveSoon();
  }
  // uPlot measures its container: draw the chart when it becomes visible.
  if (tab === 'chart' && model) renderChart(panes.chart, model.chart);
}

let pendingSave = 0;
/**
 * Saves the state after the current frame: VS Code serialises the whole state on each setState,
 * and the results in it (a string made once per result) should not delay a tab switch.
 */
function saveSoon(): void {
  if (pendingSave) return;
  pendingSave = window.setTimeout(() => {
    pendingSave = 0;
    vscode.setState(state);
  }, 100);
}

/** Table options that keep the column layout per query in the webview state. */
function tableOptions(shown: WireModel, table: 'matches' | 'totals'): TableOptions {
  const key = layoutKey(shown.query, table);
  return {
    layout: {
      load: () => parseLayout(state.tableLayouts?.[key]),
      save: (layout: ColumnLayout) => {
        state = { ...state, tableLayouts: rememberLayout(state.tableLayouts ?? {}, key, layout, Date.now()) };
        saveSoon();
      },
    },
  };
}

function matchesOptions(shown: WireModel): TableOptions {
  const { limitedTo, rowsBeforeLimit } = shown.status;
  if (limitedTo === undefined) return tableOptions(shown, 'matches');
  return {
    ...tableOptions(shown, 'matches'),
    truncation: { shown: limitedTo, total: rowsBeforeLimit },
    rerun: (limit) => vscode.postMessage({ type: 'rerun', limit }),
  };
}

function show(shown: WireModel): void {
  model = shown;
  const key = resultKey(shown);
  // A result seen for the first time opens on its default tab; the same result again (the host
  // re-sends it when the view reloads) keeps the tab last shown for it.
  if (state.resultKey !== key || state.wire === undefined) {
    const tab = (state.resultKey === key && savedTab(state)) || defaultTab(shown);
    // The tables are a few strings (resultsWire.ts): kept as they came, serialised by VS Code once,
    // after the first rows are drawn (the host sends them again should the view reload before).
    state = { wire: shown, resultKey: key, tab, tableLayouts: state.tableLayouts };
    window.clearTimeout(pendingSave);
    pendingSave = -1;
    requestAnimationFrame(() => {
      pendingSave = 0;
      saveSoon();
    });
  }
  banner.className = 'banner';
  banner.textContent = `${shown.query.split('\n')[0]}${shown.query.includes('\n') ? ' …' : ''}  ·  ${shown.startTime} → ${shown.endTime}`;
  renderTable(panes.matches, shown.matches, matchesOptions(shown));
  if (shown.totals) renderTable(panes.totals, shown.totals, tableOptions(shown, 'totals'));
  else panes.totals.replaceChildren(element('p', 'empty', 'No totals: they come with time-bucketed summaries.'));
  renderStatus(panes.status, shown);
  select(savedTab(state) ?? defaultTab(shown));
}

/** A result with time buckets opens on its chart, any other on its rows. */
function defaultTab(shown: WireModel): Tab {
  return shown.chart && shown.chart.times.length > 0 && shown.chart.series.length > 0 ? 'chart' : 'matches';
}

/** Tells one result from another without comparing rows: the query, its range and its run's status. */
function resultKey(shown: WireModel): string {
  const { status } = shown;
  return JSON.stringify([shown.query, shown.startTime, shown.endTime, status.elapsedMs, status.rowsExamined, status.rowsMatched, shown.matches.rowCount]);
}

/** The tab the state names, when it is one. */
function savedTab(saved: WebviewState): Tab | undefined {
  return tabs.includes(saved.tab as Tab) ? (saved.tab as Tab) : undefined;
}

function renderStatus(container: HTMLElement, model: WireModel): void {
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

onHostMessage((message: PostedMessage) => {
  switch (message.type) {
    case 'running':
      banner.className = 'banner running';
      banner.textContent = `Running: ${message.query.split('\n')[0]}`;
      break;
    case 'results':
      show(message.model);
      break;
    case 'error':
      banner.className = 'banner error';
      banner.textContent = message.message;
      break;
  }
});

if (model) show(model);
else select(savedTab(state) ?? 'matches');
vscode.postMessage({ type: 'ready' });
