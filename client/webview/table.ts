/**
 * A virtualised table: only the rows in view (plus a margin) exist in the DOM, so 100k rows
 * scroll smoothly. Columns sort on a header click; a click selects a cell; the detail line
 * shows the selected value in full (objects pretty-printed); Copy Cell / Copy Row post to the host.
 */
import { cellText } from '../exportResults.ts';
import type { ResultTable } from '../resultsModel.ts';
import { element, vscode } from './vscodeApi.ts';

const rowHeight = 22;
const overscan = 10;

export function renderTable(container: HTMLElement, table: ResultTable): void {
  container.replaceChildren();
  if (table.columns.length === 0) {
    container.append(element('p', 'empty', 'No rows.'));
    return;
  }
  let order = table.rows.map((_, index) => index);
  let sort: { column: number; descending: boolean } | undefined;
  let selected: { row: number; column: number } | undefined;

  const toolbar = element('div', 'toolbar');
  const copyCell = element('button', undefined, 'Copy cell');
  const copyRow = element('button', undefined, 'Copy row');
  const detail = element('pre', 'detail');
  toolbar.append(copyCell, copyRow, element('span', 'count', `${table.rows.length.toLocaleString()} rows`));

  const template = table.columns.map(() => 'minmax(120px, 1fr)').join(' ');
  const header = element('div', 'row header');
  header.style.gridTemplateColumns = template;
  const scroller = element('div', 'scroller');
  const spacer = element('div', 'spacer');
  const body = element('div', 'rows');
  spacer.append(body);
  scroller.append(spacer);
  container.append(toolbar, header, scroller, detail);

  table.columns.forEach((column, index) => {
    const cell = element('div', 'cell', column.name);
    cell.title = `${column.name}: ${column.type}`;
    cell.addEventListener('click', () => {
      sort = sort?.column === index && !sort.descending ? { column: index, descending: true } : { column: index, descending: false };
      order = sortedOrder(table, sort.column, sort.descending);
      header.querySelectorAll('.cell').forEach((each, i) => {
        each.textContent = table.columns[i].name + (i === index ? (sort!.descending ? ' ▼' : ' ▲') : '');
      });
      draw(true);
    });
    header.append(cell);
  });

  const draw = (force = false) => {
    spacer.style.height = `${order.length * rowHeight}px`;
    const first = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - overscan);
    const last = Math.min(order.length, Math.ceil((scroller.scrollTop + scroller.clientHeight) / rowHeight) + overscan);
    if (!force && body.dataset.first === String(first) && body.dataset.last === String(last)) return;
    body.dataset.first = String(first);
    body.dataset.last = String(last);
    body.style.transform = `translateY(${first * rowHeight}px)`;
    const rows: HTMLElement[] = [];
    for (let position = first; position < last; position++) {
      const rowIndex = order[position];
      const row = element('div', 'row');
      row.style.gridTemplateColumns = template;
      table.rows[rowIndex].forEach((value, column) => {
        const cell = element('div', value === null || value === undefined ? 'cell null' : 'cell', cellText(value));
        if (selected?.row === rowIndex && selected.column === column) cell.classList.add('selected');
        cell.addEventListener('click', () => {
          selected = { row: rowIndex, column };
          detail.textContent = `${table.columns[column].name}: ${typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : cellText(value)}`;
          draw(true);
        });
        row.append(cell);
      });
      rows.push(row);
    }
    body.replaceChildren(...rows);
  };

  copyCell.addEventListener('click', () => {
    if (selected) vscode.postMessage({ type: 'copy', text: cellText(table.rows[selected.row][selected.column]) });
  });
  copyRow.addEventListener('click', () => {
    if (!selected) return;
    const row = table.rows[selected.row];
    vscode.postMessage({ type: 'copy', text: JSON.stringify(Object.fromEntries(table.columns.map((column, index) => [column.name, row[index] ?? null]))) });
  });
  scroller.addEventListener('scroll', () => requestAnimationFrame(() => draw()));
  new ResizeObserver(() => draw(true)).observe(scroller);
  draw(true);
}

function sortedOrder(table: ResultTable, column: number, descending: boolean): number[] {
  const direction = descending ? -1 : 1;
  return table.rows
    .map((_, index) => index)
    .sort((a, b) => direction * compare(table.rows[a][column], table.rows[b][column]) || a - b);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return cellText(a).localeCompare(cellText(b));
}
