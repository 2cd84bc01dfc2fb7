/** The results view: tabs for matches, chart, totals and status; state kept across reloads. */
import { savedWireModel, type HostMessage, type PostedMessage, type WebviewState } from '../resultsProtocol.ts';
import type { WireModel } from '../resultsWire.ts';
import { renderChart } from './chart/render.ts';
import { layoutKey, parseLayout, rememberLayout, type ColumnLayout } from './table/columnLayout.ts';
import { renderTable, type TableOptions } from './table/index.ts';
import { parseView } from './table/tableView.ts';
import { element } from './dom.ts';
import { defaultTab, noTotalsText, renderStatus, tabLabel, tabs, type Tab } from './resultsTabs.ts';
import { onHostMessage, vscode } from './vscodeApi.ts';

const app = document.getElementById('app')!;
const banner = element('div', 'banner');
const tabBar = element('div', 'tabs');
const exportBar = element('div', 'exports');
const panes = Object.fromEntries(tabs.map((tab) => [tab, element('section', 'pane')])) as Record<Tab, HTMLElement>;
const tabButtons = Object.fromEntries(tabs.map((tab) => [tab, element('button', 'tab', tabLabel(tab))])) as Record<Tab, HTMLButtonElement>;

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
const pinButton = element('button', 'pin', 'Pin');
pinButton.title = 'Keep these results: the next run opens a new panel';
pinButton.addEventListener('click', () => vscode.postMessage({ type: 'pin', pinned: !state.pinned }));
exportBar.append(pinButton);
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
  if (tab === 'chart' && model) renderChart(panes.chart, model.chart, chartOptions());
}

/** The chart's settings (kind, colours) outlive each result; links go out through the host. */
function chartOptions(): Parameters<typeof renderChart>[2] {
  return {
    saved: state.chart,
    save: (chart) => {
      state = { ...state, chart };
      saveSoon();
    },
    openLink: (url) => vscode.postMessage({ type: 'openLink', url }),
  };
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
    copyText: (text) => vscode.postMessage({ type: 'copy', text }),
    openJson: (json) => vscode.postMessage({ type: 'openJson', json }),
    layout: {
      load: () => parseLayout(state.tableLayouts?.[key]),
      save: (layout: ColumnLayout) => {
        state = { ...state, tableLayouts: rememberLayout(state.tableLayouts ?? {}, key, layout, Date.now()) };
        saveSoon();
      },
    },
    view: {
      load: () => parseView(state.tableViews?.[key]),
      save: (view) => {
        state = { ...state, tableViews: { ...state.tableViews, [key]: view } };
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
  // A new query opens on its default tab; the same result again (the host re-sends it when the view
  // reloads) or the same query run again (an auto-refresh, a re-run) keeps the tab last shown, and
  // its tables' sort and filter (those of the query shown only are kept).
  if (state.resultKey !== key || state.wire === undefined) {
    const again = state.resultKey === key || state.wire?.query === shown.query;
    const tab = (again && savedTab(state)) || defaultTab(shown);
    // The tables are a few strings (resultsWire.ts): kept as they came, serialised by VS Code once,
    // after the first rows are drawn (the host sends them again should the view reload before).
    const tableViews = again ? state.tableViews : undefined;
    state = { wire: shown, resultKey: key, tab, tableLayouts: state.tableLayouts, tableViews, chart: state.chart, pinned: state.pinned };
    window.clearTimeout(pendingSave);
    pendingSave = -1;
    requestAnimationFrame(() => {
      pendingSave = 0;
      saveSoon();
    });
  }
  describeResults(shown);
  renderTable(panes.matches, shown.matches, matchesOptions(shown));
  if (shown.totals) renderTable(panes.totals, shown.totals, tableOptions(shown, 'totals'));
  else panes.totals.replaceChildren(element('p', 'empty', noTotalsText));
  renderStatus(panes.status, shown);
  select(savedTab(state) ?? defaultTab(shown));
}

/** The banner over results: their query and range; the results are current. */
function describeResults(shown: WireModel): void {
  app.classList.remove('stale');
  banner.className = 'banner';
  banner.textContent = `${shown.query.split('\n')[0]}${shown.query.includes('\n') ? ' …' : ''}  ·  ${shown.startTime} → ${shown.endTime}`;
}

/** A failed run: its error over the results of an earlier run, which are greyed as stale. */
function showError(message: Extract<HostMessage, { type: 'error' }>): void {
  banner.className = 'banner error';
  const parts: HTMLElement[] = [element('span', 'message', message.message)];
  if (message.position) {
    const reveal = element('button', 'action', `Go to line ${message.position.line}`);
    reveal.addEventListener('click', () => vscode.postMessage({ type: 'revealError' }));
    parts.push(reveal);
  }
  if (message.action === 'setToken') {
    const setToken = element('button', 'action', 'Set Token');
    setToken.addEventListener('click', () => vscode.postMessage({ type: 'setToken' }));
    parts.push(setToken);
  }
  if (model) parts.push(element('span', 'stale-note', 'The results below are from the previous run.'));
  banner.replaceChildren(...parts);
  app.classList.toggle('stale', model !== undefined);
}

/** Tells, after the query and range of results, that they refresh themselves. */
function showAutoRefresh(everyMs: number): void {
  banner.querySelector('.refresh-note')?.remove();
  if (everyMs <= 0 || banner.classList.contains('error') || banner.classList.contains('running')) return;
  const every = everyMs % 60_000 === 0 ? `${everyMs / 60_000} min` : `${everyMs / 1000} s`;
  banner.append(element('span', 'refresh-note', `  ·  auto-refresh every ${every}`));
}

function showPinned(pinned: boolean): void {
  pinButton.textContent = pinned ? 'Unpin' : 'Pin';
  pinButton.title = pinned ? 'Pinned: runs open a new panel. Unpin to show the next run here' : 'Keep these results: the next run opens a new panel';
  pinButton.classList.toggle('active', pinned);
  if ((state.pinned === true) !== pinned) {
    state = { ...state, pinned };
    saveSoon();
  }
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
      showError(message);
      break;
    case 'clearError':
      if (model) describeResults(model);
      else {
        banner.className = 'banner';
        banner.replaceChildren();
      }
      break;
    case 'pinned':
      showPinned(message.pinned);
      break;
    case 'autoRefresh':
      showAutoRefresh(message.everyMs);
      break;
  }
});

showPinned(state.pinned === true);
if (model) show(model);
else select(savedTab(state) ?? 'matches');
vscode.postMessage({ type: 'ready' });
