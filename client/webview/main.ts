/** The results view: tabs for matches, chart, totals and status; state kept across reloads. */
import type { HostMessage, WebviewState } from '../resultsProtocol.ts';
import type { ResultsModel } from '../resultsModel.ts';
import { renderChart } from './chart.ts';
import { renderTable } from './table.ts';
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
let active: Tab = tabs.includes(state.tab as Tab) ? (state.tab as Tab) : 'matches';

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
  active = tab;
  for (const each of tabs) {
    panes[each].hidden = each !== tab;
    tabButtons[each].classList.toggle('active', each === tab);
  }
  save({ tab });
  // uPlot measures its container: draw the chart when it becomes visible.
  if (tab === 'chart' && state.model) renderChart(panes.chart, state.model.chart);
}

function save(update: Partial<WebviewState>): void {
  state = { ...state, ...update };
  vscode.setState(state);
}

function show(model: ResultsModel): void {
  save({ model });
  banner.className = 'banner';
  banner.textContent = `${model.query.split('\n')[0]}${model.query.includes('\n') ? ' …' : ''}  ·  ${model.startTime} → ${model.endTime}`;
  renderTable(panes.matches, model.matches);
  if (model.totals) renderTable(panes.totals, model.totals);
  else panes.totals.replaceChildren(element('p', 'empty', 'No totals: they come with time-bucketed summaries.'));
  renderStatus(panes.status, model);
  if (model.chart && model.matches.rows.length > 0 && active === 'matches' && !state.tab) active = 'chart';
  select(active);
}

function renderStatus(container: HTMLElement, model: ResultsModel): void {
  const list = element('dl', 'status');
  const entries: [string, string][] = [
    ['Rows examined', model.status.rowsExamined.toLocaleString()],
    ['Rows matched', model.status.rowsMatched.toLocaleString()],
    ['Rows returned', model.matches.rows.length.toLocaleString()],
    ['Elapsed', `${model.status.elapsedMs.toFixed(1)} ms`],
    ['Partial', model.status.isPartial ? 'yes' : 'no'],
  ];
  for (const [term, value] of entries) list.append(element('dt', undefined, term), element('dd', undefined, value));
  const messages = element('ul', 'messages');
  for (const message of model.status.messages) messages.append(element('li', undefined, message));
  container.replaceChildren(list, messages);
}

onHostMessage((message: HostMessage) => {
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

if (state.model) show(state.model);
else select(active);
vscode.postMessage({ type: 'ready' });
