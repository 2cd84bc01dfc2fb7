/**
 * A virtualised table: a fixed pool of row elements is recycled as the table scrolls, so 100k rows
 * scroll at frame rate. Row `position` always lives in pool slot `position % pool size`, so a
 * wheel step rewrites only the rows that came into view; each row is absolutely placed with
 * `contain: strict`, so rewriting its text lays out that row alone. Redraws happen on
 * requestAnimationFrame only, and one listener per area handles clicks (header sorts, a cell
 * selects). The detail line shows the selected value in full (objects pretty-printed); Copy Cell /
 * Copy Row post to the host. Values go in as text only (text nodes' data, `textContent`).
 */
import { cellText } from '../exportResults.ts';
import type { ResultTable } from '../resultsModel.ts';
import { element, vscode } from './vscodeApi.ts';

const rowHeight = 22;
// Rows drawn beyond each edge of the view: a wheel step of a few rows then rewrites none in view.
const overscan = 6;
const minColumnWidth = 120;

interface Slot {
  row: HTMLElement;
  cells: HTMLElement[];
  /** Each cell's one text node: rewriting its data replaces no nodes. */
  values: Text[];
  /** What the slot shows now, to skip DOM writes that would change nothing. */
  position: number;
  texts: string[];
  classes: string[];
  odd: boolean;
}

export function renderTable(container: HTMLElement, table: ResultTable): void {
  container.replaceChildren();
  if (table.columns.length === 0) {
    container.append(element('p', 'empty', 'No rows.'));
    return;
  }
  const columnCount = table.columns.length;
  let order = table.rows.map((_, index) => index);
  let sort: { column: number; descending: boolean } | undefined;
  let selected: { row: number; column: number } | undefined;

  const toolbar = element('div', 'toolbar');
  const copyCell = element('button', undefined, 'Copy cell');
  const copyRow = element('button', undefined, 'Copy row');
  const detail = element('pre', 'detail');
  toolbar.append(copyCell, copyRow, element('span', 'count', `${table.rows.length.toLocaleString()} rows`));

  const template = table.columns.map(() => `minmax(${minColumnWidth}px, 1fr)`).join(' ');
  const header = element('div', 'row header');
  header.style.gridTemplateColumns = template;
  const scroller = element('div', 'scroller');
  const spacer = element('div', 'spacer');
  spacer.style.height = `${order.length * rowHeight}px`;
  spacer.style.minWidth = `${columnCount * minColumnWidth}px`;
  const body = element('div', 'rows');
  // Body cells are placed absolutely at the header grid's column widths (no grid to lay out per row).
  body.style.setProperty('--column-width', `max(${minColumnWidth}px, calc(100% / ${columnCount}))`);
  body.dataset.overscan = String(overscan);
  spacer.append(body);
  scroller.append(spacer);
  container.append(toolbar, header, scroller, detail);

  const headerCells = table.columns.map((column, index) => {
    const cell = element('div', 'cell', column.name);
    cell.title = `${column.name}: ${column.type}`;
    cell.dataset.column = String(index);
    return cell;
  });
  header.append(...headerCells);
  header.addEventListener('click', (event) => {
    const column = columnOf(event.target);
    if (column === undefined) return;
    sort = sort?.column === column && !sort.descending ? { column, descending: true } : { column, descending: false };
    order = sortedOrder(table, sort.column, sort.descending);
    headerCells.forEach((each, index) => {
      each.textContent = table.columns[index].name + (index === column ? (sort!.descending ? ' ▼' : ' ▲') : '');
    });
    schedule(true);
  });

  let slots: Slot[] = [];
  const makeSlot = (index: number): Slot => {
    const row = element('div', 'row');
    row.dataset.slot = String(index);
    row.hidden = true;
    const values = table.columns.map(() => document.createTextNode(''));
    const cells = values.map((value, column) => {
      const cell = element('div', 'cell');
      cell.dataset.column = String(column);
      cell.style.setProperty('--column', String(column));
      cell.append(value);
      return cell;
    });
    row.append(...cells);
    return { row, cells, values, position: -1, texts: cells.map(() => ''), classes: cells.map(() => 'cell'), odd: false };
  };
  const resizePool = (size: number) => {
    slots = Array.from({ length: size }, (_, index) => makeSlot(index));
    body.replaceChildren(...slots.map((slot) => slot.row));
  };

  const fill = (slot: Slot, position: number) => {
    const rowIndex = order[position];
    const values = table.rows[rowIndex];
    slot.position = position;
    slot.row.style.transform = `translateY(${position * rowHeight}px)`;
    if (slot.row.hidden) slot.row.hidden = false;
    const odd = position % 2 === 0;
    if (odd !== slot.odd) {
      slot.odd = odd;
      slot.row.classList.toggle('odd', odd);
    }
    for (let column = 0; column < columnCount; column++) {
      const value = values[column];
      const text = cellText(value);
      const className = (value === null || value === undefined ? 'cell null' : 'cell') + (selected?.row === rowIndex && selected.column === column ? ' selected' : '');
      if (slot.texts[column] !== text) {
        slot.texts[column] = text;
        slot.values[column].data = text;
      }
      if (slot.classes[column] !== className) {
        slot.classes[column] = className;
        slot.cells[column].className = className;
      }
    }
  };

  let overscanPending = false;
  const draw = (force: boolean) => {
    const viewport = scroller.clientHeight;
    const top = Math.floor(scroller.scrollTop / rowHeight);
    const bottom = Math.min(order.length, Math.ceil((scroller.scrollTop + viewport) / rowHeight));
    const first = Math.max(0, top - overscan);
    const last = Math.min(order.length, bottom + overscan);
    const wanted = Math.min(order.length, Math.ceil(viewport / rowHeight) + 2 * overscan + 1);
    if (wanted > slots.length) {
      resizePool(wanted);
      force = true;
    }
    if (!force && !overscanPending && body.dataset.first === String(first) && body.dataset.last === String(last)) return;
    body.dataset.first = String(first);
    body.dataset.last = String(last);
    const size = slots.length;
    let stale = 0;
    for (let position = first; position < last; position++) if (force || slots[position % size].position !== position) stale++;
    // A jump (a scrollbar drag) replaces most rows: the rows in view go in this frame, the margin in the next.
    const jump = !force && stale > (last - first) / 2;
    const [from, to] = jump ? [top, bottom] : [first, last];
    for (let position = from; position < to; position++) {
      const slot = slots[position % size];
      if (force || slot.position !== position) fill(slot, position);
    }
    // Slots left over from an earlier window that the new one did not reuse.
    for (const slot of slots) {
      if (slot.position >= 0 && (slot.position < first || slot.position >= last)) {
        slot.position = -1;
        slot.row.hidden = true;
      }
    }
    overscanPending = jump;
    if (jump) schedule();
  };

  let frame = 0;
  let forceNext = false;
  const schedule = (force = false) => {
    forceNext ||= force;
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      const forced = forceNext;
      forceNext = false;
      draw(forced);
    });
  };

  body.addEventListener('click', (event) => {
    const column = columnOf(event.target);
    const slotIndex = Number((event.target as Element).closest<HTMLElement>('.row')?.dataset.slot);
    const slot = slots[slotIndex];
    if (column === undefined || !slot || slot.position < 0) return;
    const rowIndex = order[slot.position];
    const value = table.rows[rowIndex][column];
    selected = { row: rowIndex, column };
    detail.textContent = `${table.columns[column].name}: ${typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : cellText(value)}`;
    schedule(true);
  });
  copyCell.addEventListener('click', () => {
    if (selected) vscode.postMessage({ type: 'copy', text: cellText(table.rows[selected.row][selected.column]) });
  });
  copyRow.addEventListener('click', () => {
    if (!selected) return;
    const row = table.rows[selected.row];
    vscode.postMessage({ type: 'copy', text: JSON.stringify(Object.fromEntries(table.columns.map((column, index) => [column.name, row[index] ?? null]))) });
  });
  scroller.addEventListener('scroll', () => schedule(), { passive: true });
  new ResizeObserver(() => schedule()).observe(scroller);
  // The first rows go in at once, so the table is on screen with the results.
  draw(true);
}

function columnOf(target: EventTarget | null): number | undefined {
  const cell = (target as Element | null)?.closest?.<HTMLElement>('.cell');
  const column = cell ? Number(cell.dataset.column) : NaN;
  return Number.isInteger(column) ? column : undefined;
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
