/**
 * A results table: the grid (grid.ts) with a toolbar (filter, copy as Markdown/CSV/TSV/datatable,
 * the column menu, the whole event as JSON), the default-limit notice with its re-run, the detail
 * pane, keyboard navigation and copy. Rows arrive as a `WireTable` and are decoded between frames
 * after the first screen is drawn. Column widths, order and hidden columns are kept per query
 * through `options.layout`.
 */
import { copyFormatLabels, copyFormats, formatTable, type CopyFormat } from '../../copyFormats.ts';
import { cellText } from '../../exportResults.ts';
import { maxRerunLimit } from '../../resultsProtocol.ts';
import type { WireTable } from '../../resultsWire.ts';
import { element, focusedIn } from '../dom.ts';
import { displayColumns, emptyLayout, setHidden, setWidth, moveColumn, stepColumn, widthOf, type ColumnLayout } from './columnLayout.ts';
import { openColumnMenu } from './columnMenu.ts';
import { Detail } from './detail.ts';
import { Grid } from './grid.ts';
import { fitWidths } from './measure.ts';
import { filteredRows, sortRows, type SortKey } from './rowOrder.ts';
import { TableData } from './tableData.ts';
import { sortOf, viewOf, type TableView } from './tableView.ts';

export interface TableOptions {
  layout?: { load(): ColumnLayout | undefined; save(layout: ColumnLayout): void };
  /** The sort and filter, kept for the same query's next results (tableView.ts). */
  view?: { load(): TableView | undefined; save(view: TableView): void };
  /** The service cut the rows at its default limit: `shown` rows of `total` (when known). */
  truncation?: { shown: number; total?: number };
  rerun?(limit: number): void;
  /** Puts text on the clipboard when no copy event carries it (the panel: through the extension host). */
  copyText(text: string): void;
  /** Opens JSON in an editor tab; without it the detail pane offers no such button. */
  openJson?(json: string): void;
}

const maxCopyLength = 16 * 1024 * 1024;
const rerunLimits = [10_000, 100_000, maxRerunLimit];

/** Per container, what ends the listeners its table put on the document when a new table replaces it. */
const documentListeners = new WeakMap<HTMLElement, AbortController>();

/** Ends what a table left listening on the document (its container is going away). */
export function disposeTable(container: HTMLElement): void {
  documentListeners.get(container)?.abort();
  documentListeners.delete(container);
}

export function renderTable(container: HTMLElement, wire: WireTable, options: TableOptions): void {
  documentListeners.get(container)?.abort();
  const listeners = new AbortController();
  documentListeners.set(container, listeners);
  container.replaceChildren();
  if (wire.columns.length === 0) {
    container.append(element('p', 'empty', 'No rows.'));
    return;
  }
  const data = new TableData(wire);
  data.decode(() => true);
  const root = element('div', 'table-view');
  root.dataset.decoded = data.complete ? 'complete' : 'partial';
  let layout = options.layout?.load() ?? emptyLayout();
  const kept = options.view?.load();
  let sort: SortKey | undefined = sortOf(data.columns, kept);
  let filter = kept?.filter ?? '';
  const saveView = () => options.view?.save(viewOf(data.columns, sort, filter));
  let selected: { position: number; display: number } | undefined;

  const filterBox = element('input', 'filter');
  filterBox.type = 'search';
  filterBox.placeholder = 'Filter rows';
  filterBox.setAttribute('aria-label', 'Filter rows');
  filterBox.value = filter;
  const count = element('span', 'count');
  const copyAs = element('select', 'copy-as');
  copyAs.title = 'Copy the rows shown (filtered, in column order)';
  copyAs.append(new Option('Copy as…', ''), ...copyFormats.map((format) => new Option(copyFormatLabels[format], format)));
  const columnsButton = element('button', undefined, 'Columns');
  const eventButton = element('button', undefined, 'Row JSON');
  eventButton.title = 'The selected row as one JSON event (Shift+Enter)';
  const feedback = element('span', 'feedback');
  feedback.setAttribute('role', 'status');
  const toolbar = element('div', 'toolbar');
  toolbar.append(filterBox, columnsButton, eventButton, copyAs, feedback, count);
  root.append(toolbar);
  if (options.truncation) root.append(truncationNotice(options.truncation, options.rerun));

  const detail = new Detail(options.openJson);
  const grid = new Grid(data, {
    sort(column) {
      sort = sort?.column === column && !sort.descending ? { column, descending: true } : { column, descending: false };
      saveView();
      refreshRows();
      applyLayout();
    },
    resize(column, width, done) {
      const display = grid.columns.indexOf(column);
      if (display >= 0) grid.setWidth(display, width);
      if (done) changeLayout(setWidth(layout, data.columns[column].name, width), false);
    },
    fit(column) {
      changeLayout(setWidth(layout, data.columns[column].name, undefined));
    },
    move(column, before) {
      changeLayout(moveColumn(data.columns, layout, data.columns[column].name, before === undefined ? undefined : data.columns[before].name));
    },
    menu: (x, y) => showMenu(x, y),
    select(position, display) {
      select(position, display);
      grid.scroller.focus({ preventScroll: true });
    },
    open: () => openSelected(false),
  });
  root.append(grid.scroller, detail.root);
  container.append(root);

  let fitted = new Map<number, number>();
  const fitColumns = (columns: readonly number[]) => {
    const widths = fitWidths(data, columns, grid.scroller);
    columns.forEach((column, index) => fitted.set(column, widths[index]));
  };
  function applyLayout(): void {
    const display = displayColumns(data.columns, layout);
    const unfitted = display.filter((column) => !fitted.has(column));
    if (unfitted.length > 0) fitColumns(unfitted);
    const widths = display.map((column) => widthOf(layout, data.columns[column].name) ?? fitted.get(column)!);
    selected = undefined;
    grid.setColumns(display, widths, sort);
  }
  function changeLayout(next: ColumnLayout, apply = true): void {
    layout = next;
    options.layout?.save(layout);
    if (apply) applyLayout();
  }

  function refreshRows(): void {
    if (filter !== '' || sort) data.decode();
    const rows = filter === '' && !sort ? Array.from({ length: data.rowCount }, (_, row) => row) : sortRows(data, filteredRows(data, grid.columns, filter), sort);
    grid.setRows(rows);
    selected = undefined;
    grid.clearSelection();
    const total = data.rowCount.toLocaleString();
    count.textContent = filter === '' ? `${total} rows` : `${rows.length.toLocaleString()} of ${total} rows`;
  }

  function select(position: number, display: number): void {
    if (grid.rowCount === 0) return;
    const clampedPosition = Math.max(0, Math.min(grid.rowCount - 1, position));
    const clampedDisplay = Math.max(0, Math.min(grid.columns.length - 1, display));
    selected = { position: clampedPosition, display: clampedDisplay };
    grid.select(clampedPosition, clampedDisplay);
    if (detail.open) openSelected(false);
  }

  function selectedValue(): { name: string; type: string; value: unknown; row: number } | undefined {
    if (!selected) return undefined;
    const row = grid.rowAt(selected.position);
    const column = grid.columns[selected.display];
    if (row === undefined || column === undefined) return undefined;
    const info = data.columns[column];
    return { name: info.name, type: info.type, value: data.value(row, column), row };
  }

  function openSelected(wholeEvent: boolean): void {
    const current = selectedValue();
    if (!current || !selected) {
      say('Select a cell first');
      return;
    }
    if (wholeEvent) detail.showEvent(`Row ${(selected.position + 1).toLocaleString()}`, data.event(current.row));
    else detail.showValue(current.name, current.type, current.value);
  }

  let feedbackTimer = 0;
  function say(text: string): void {
    feedback.textContent = text;
    feedback.classList.add('show');
    window.clearTimeout(feedbackTimer);
    feedbackTimer = window.setTimeout(() => feedback.classList.remove('show'), 2000);
  }

  function copy(text: string, what: string): void {
    if (text.length > maxCopyLength) {
      say(`Too large to copy (${(text.length / 2 ** 20).toFixed(0)} MB): use Export`);
      return;
    }
    options.copyText(text);
    say(`Copied ${what}`);
  }

  /** The selected cell to the clipboard: through the copy event when given one, else through `options.copyText`. */
  function copySelected(clipboard?: DataTransfer): void {
    const current = selectedValue();
    if (!current || !selected) {
      say('Select a cell first');
      return;
    }
    const text = cellText(current.value);
    if (clipboard) {
      clipboard.setData('text/plain', text);
      say(`Copied ${current.name}`);
    } else copy(text, current.name);
    const cell = grid.cellAt(selected.position, selected.display);
    cell?.classList.add('copied');
    window.setTimeout(() => cell?.classList.remove('copied'), 600);
  }

  // Ctrl/Cmd+C in the grid: the browser (or VS Code, in the desktop app) fires a copy event, whose
  // clipboard data is the cell's text; when none comes, `options.copyText` copies it.
  let copyFallback = 0;
  const onCopy = (event: ClipboardEvent) => {
    if (focusedIn(grid.scroller) !== grid.scroller || !event.clipboardData) return;
    event.preventDefault();
    window.clearTimeout(copyFallback);
    copyFallback = 0;
    copySelected(event.clipboardData);
  };
  // Ended when the next table replaces this one: the listener holds the whole table.
  document.addEventListener('copy', onCopy, { signal: listeners.signal });

  function showMenu(x: number, y: number): void {
    openColumnMenu(root, x, y, data.columns, displayColumns(data.columns, { ...layout, hidden: [] }).map((column) => data.columns[column].name), {
      hidden: (name) => layout.hidden.includes(name),
      setHidden: (name, hidden) => changeLayout(setHidden(layout, name, hidden)),
      step: (name, step) => changeLayout(stepColumn(data.columns, layout, name, step)),
      fitAll: () => changeLayout({ ...layout, widths: {} }),
      reset: () => changeLayout(emptyLayout()),
    });
  }

  grid.scroller.addEventListener('keydown', (event) => {
    const command = event.ctrlKey || event.metaKey;
    const at = selected ?? { position: Math.floor(grid.scroller.scrollTop / 22), display: 0 };
    const moves: Record<string, () => void> = {
      ArrowDown: () => select(selected ? at.position + 1 : at.position, at.display),
      ArrowUp: () => select(selected ? at.position - 1 : at.position, at.display),
      ArrowRight: () => select(at.position, selected ? at.display + 1 : 0),
      ArrowLeft: () => select(at.position, selected ? at.display - 1 : 0),
      PageDown: () => select(at.position + grid.pageRows, at.display),
      PageUp: () => select(at.position - grid.pageRows, at.display),
      Home: () => (command ? select(0, at.display) : select(at.position, 0)),
      End: () => (command ? select(grid.rowCount - 1, at.display) : select(at.position, grid.columns.length - 1)),
    };
    if (moves[event.key] && !event.altKey) {
      event.preventDefault();
      moves[event.key]();
    } else if (command && !event.shiftKey && event.key.toLowerCase() === 'c') {
      window.clearTimeout(copyFallback);
      copyFallback = window.setTimeout(() => {
        copyFallback = 0;
        copySelected();
      }, 150);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openSelected(event.shiftKey);
    } else if (event.key === 'Escape') {
      if (detail.open) detail.close();
      else {
        selected = undefined;
        grid.clearSelection();
      }
    }
  });
  columnsButton.addEventListener('click', () => {
    const box = columnsButton.getBoundingClientRect();
    showMenu(box.left, box.bottom);
  });
  eventButton.addEventListener('click', () => openSelected(true));
  copyAs.addEventListener('change', () => {
    const format = copyAs.value as CopyFormat;
    copyAs.value = '';
    if (!copyFormats.includes(format)) return;
    data.decode();
    const rows = Array.from({ length: grid.rowCount }, (_, position) => grid.rowAt(position)!);
    copy(formatTable(data.slice(rows, grid.columns), format), `${rows.length.toLocaleString()} rows as ${copyFormatLabels[format]}`);
  });
  let filterTimer = 0;
  filterBox.addEventListener('input', () => {
    window.clearTimeout(filterTimer);
    filterTimer = window.setTimeout(() => {
      filter = filterBox.value;
      saveView();
      refreshRows();
    }, 150);
  });

  applyLayout();
  refreshRows();
  // The first rows go in at once, so the table is on screen with the results; the rest is decoded between frames.
  grid.drawNow();
  const decodeRest = () => {
    if (!root.isConnected) return;
    const until = performance.now() + 8;
    const done = data.decode(() => performance.now() > until);
    grid.schedule(true);
    if (!done) {
      window.setTimeout(decodeRest, 0);
      return;
    }
    root.dataset.decoded = 'complete';
    // Widths fitted on the first rows are fitted again over a sample of them all (the user's stay).
    fitted = new Map();
    applyLayout();
  };
  if (!data.complete) window.setTimeout(decodeRest, 0);
}

function truncationNotice(truncation: { shown: number; total?: number }, rerun: ((limit: number) => void) | undefined): HTMLElement {
  const { shown, total } = truncation;
  const notice = element('div', 'truncation');
  const text = total === undefined ? `Showing the first ${shown.toLocaleString()} rows (default limit)` : `Showing ${shown.toLocaleString()} of ${total.toLocaleString()} rows (default limit)`;
  notice.append(element('span', undefined, text));
  if (!rerun) return notice;
  const limits = rerunLimits.filter((limit) => limit > shown && (total === undefined || limit < total));
  if (total !== undefined && total <= maxRerunLimit) limits.push(total);
  for (const limit of limits) {
    const button = element('button', undefined, total === limit ? `Run for all ${limit.toLocaleString()}` : `Run with limit ${limit.toLocaleString()}`);
    button.addEventListener('click', () => {
      for (const each of notice.querySelectorAll('button')) each.disabled = true;
      rerun(limit);
    });
    notice.append(button);
  }
  return notice;
}
