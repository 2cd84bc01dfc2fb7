/**
 * The virtualised grid: one scroll container holds a sticky header and the rows, so header and
 * body scroll sideways together. A fixed pool of row elements is recycled as the grid scrolls:
 * row `position` always lives in pool slot `position % pool size`, so a wheel step rewrites only
 * the rows that came into view, and each row is absolutely placed with layout containment, so
 * rewriting its text lays out that row alone. Column offsets and widths are CSS variables on the
 * scroller (one write resizes a column everywhere). Only cells whose text is wider than the column
 * are clipped (cellFit.ts): a clip per cell would cost every frame. Redraws happen on
 * requestAnimationFrame only.
 * Values go in as text only (text nodes' data).
 */
import { cellText } from '../../exportResults.ts';
import { isNumericColumn } from '../../copyFormats.ts';
import { element } from '../dom.ts';
import { overflows, type TextFit } from './cellFit.ts';
import { cellPadding, cellTextFit } from './measure.ts';
import type { TableData } from './tableData.ts';

export const rowHeight = 22;
export const headerHeight = 24;
// Rows drawn beyond each edge of the view: a wheel step of a few rows then rewrites none in view.
const overscan = 6;

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

export interface GridEvents {
  sort(column: number): void;
  resize(column: number, width: number, done: boolean): void;
  fit(column: number): void;
  move(column: number, before: number | undefined): void;
  menu(x: number, y: number): void;
  select(position: number, display: number): void;
  open(): void;
}

export class Grid {
  readonly scroller = element('div', 'scroller');
  private readonly header = element('div', 'grid-header');
  private readonly spacer = element('div', 'spacer');
  private readonly body = element('div', 'rows');
  private display: number[] = [];
  private widths: number[] = [];
  private numeric: boolean[] = [];
  private headerCells: HTMLElement[] = [];
  private slots: Slot[] = [];
  private order: readonly number[] = [];
  private selected: { position: number; display: number } | undefined;
  private frame = 0;
  private forceNext = false;
  private overscanPending = false;
  private textFit: TextFit | undefined;

  constructor(private readonly data: TableData, private readonly events: GridEvents) {
    this.scroller.tabIndex = 0;
    this.scroller.setAttribute('role', 'grid');
    this.body.dataset.overscan = String(overscan);
    this.spacer.append(this.body);
    this.scroller.append(this.header, this.spacer);
    this.scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    new ResizeObserver(() => this.schedule()).observe(this.scroller);
    this.listen();
  }

  get rowCount(): number {
    return this.order.length;
  }

  get columns(): readonly number[] {
    return this.display;
  }

  /** The shown columns (result indices, in order) at their widths: rebuilds the header and the row pool. */
  setColumns(display: number[], widths: number[], sort?: { column: number; descending: boolean }): void {
    this.display = display;
    this.widths = widths;
    this.numeric = display.map((column) => isNumericColumn(this.data.columns[column]));
    this.headerCells = display.map((column, index) => {
      const info = this.data.columns[column];
      const cell = element('div', `cell${this.numeric[index] ? ' num' : ''}`);
      cell.dataset.display = String(index);
      cell.style.setProperty('left', `var(--x${index})`);
      cell.style.setProperty('width', `var(--w${index})`);
      cell.title = `${info.name}: ${info.type}`;
      cell.draggable = true;
      const arrow = sort?.column === column ? (sort.descending ? ' ▼' : ' ▲') : '';
      cell.append(element('span', 'name', info.name + arrow), element('span', 'resize'));
      return cell;
    });
    this.header.replaceChildren(...this.headerCells);
    this.applyWidths();
    this.slots = [];
    this.body.replaceChildren();
    this.schedule(true);
  }

  setWidth(display: number, width: number): void {
    this.widths[display] = width;
    this.applyWidths();
    // Which of the column's texts need clipping changes with its width.
    this.schedule(true);
  }

  /** The rows to show, as result row indices in view order. */
  setRows(order: readonly number[]): void {
    this.order = order;
    this.spacer.style.height = `${order.length * rowHeight}px`;
    if (this.selected && this.selected.position >= order.length) this.selected = undefined;
    this.schedule(true);
  }

  rowAt(position: number): number | undefined {
    return this.order[position];
  }

  select(position: number, display: number): void {
    this.selected = { position, display };
    this.scrollIntoView(position, display);
    this.schedule(true);
  }

  clearSelection(): void {
    this.selected = undefined;
    this.schedule(true);
  }

  /** How many rows fit in the view (a page for Page Up/Down). */
  get pageRows(): number {
    return Math.max(1, Math.floor((this.scroller.clientHeight - headerHeight) / rowHeight) - 1);
  }

  /** The cell element showing a position now, if drawn (for copy feedback). */
  cellAt(position: number, display: number): HTMLElement | undefined {
    const slot = this.slots[position % (this.slots.length || 1)];
    return slot && slot.position === position ? slot.cells[display] : undefined;
  }

  private applyWidths(): void {
    let x = 0;
    this.widths.forEach((width, index) => {
      this.scroller.style.setProperty(`--x${index}`, `${x}px`);
      this.scroller.style.setProperty(`--w${index}`, `${width}px`);
      x += width;
    });
    this.scroller.style.setProperty('--total', `${x}px`);
    this.spacer.style.width = `${x}px`;
  }

  private scrollIntoView(position: number, display: number): void {
    const top = position * rowHeight;
    const view = this.scroller.clientHeight - headerHeight;
    if (top < this.scroller.scrollTop) this.scroller.scrollTop = top;
    else if (top + rowHeight > this.scroller.scrollTop + view) this.scroller.scrollTop = top + rowHeight - view;
    const left = this.widths.slice(0, display).reduce((sum, width) => sum + width, 0);
    const right = left + (this.widths[display] ?? 0);
    if (left < this.scroller.scrollLeft) this.scroller.scrollLeft = left;
    else if (right > this.scroller.scrollLeft + this.scroller.clientWidth) this.scroller.scrollLeft = Math.min(left, right - this.scroller.clientWidth);
  }

  private makeSlot(index: number): Slot {
    const row = element('div', 'row');
    row.dataset.slot = String(index);
    row.hidden = true;
    const values = this.display.map(() => document.createTextNode(''));
    const cells = values.map((value, display) => {
      const cell = element('div', 'cell');
      cell.dataset.display = String(display);
      cell.style.setProperty('left', `var(--x${display})`);
      cell.style.setProperty('width', `var(--w${display})`);
      cell.append(value);
      return cell;
    });
    row.append(...cells);
    return { row, cells, values, position: -1, texts: cells.map(() => ''), classes: cells.map(() => ''), odd: false };
  }

  private fill(slot: Slot, position: number): void {
    const rowIndex = this.order[position];
    slot.position = position;
    slot.row.style.transform = `translateY(${position * rowHeight}px)`;
    if (slot.row.hidden) slot.row.hidden = false;
    const odd = position % 2 === 0;
    if (odd !== slot.odd) {
      slot.odd = odd;
      slot.row.classList.toggle('odd', odd);
    }
    const selected = this.selected?.position === position ? this.selected.display : -1;
    const fit = (this.textFit ??= cellTextFit(this.scroller));
    for (let display = 0; display < this.display.length; display++) {
      const value = this.data.values[this.display[display]][rowIndex];
      // undefined: a row not decoded yet (blank for a moment); null: a null value, shown as such.
      const missing = value === null;
      const text = missing ? 'null' : value === undefined ? '' : cellText(value);
      let className = this.numeric[display] ? 'cell num' : 'cell';
      if (missing) className += ' null';
      if (overflows(text, this.widths[display] - cellPadding, fit)) className += ' clip';
      if (display === selected) className += ' selected';
      if (slot.texts[display] !== text) {
        slot.texts[display] = text;
        slot.values[display].data = text;
      }
      if (slot.classes[display] !== className) {
        slot.classes[display] = className;
        slot.cells[display].className = className;
      }
    }
  }

  private draw(force: boolean): void {
    const scrollTop = this.scroller.scrollTop;
    const viewport = Math.max(0, this.scroller.clientHeight - headerHeight);
    const count = this.order.length;
    const top = Math.min(count, Math.floor(scrollTop / rowHeight));
    const bottom = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight));
    const first = Math.max(0, top - overscan);
    const last = Math.min(count, bottom + overscan);
    const wanted = Math.min(count, Math.ceil(viewport / rowHeight) + 2 * overscan + 1);
    if (wanted > this.slots.length) {
      this.slots = Array.from({ length: wanted }, (_, index) => this.makeSlot(index));
      this.body.replaceChildren(...this.slots.map((slot) => slot.row));
      force = true;
    }
    if (!force && !this.overscanPending && this.body.dataset.first === String(first) && this.body.dataset.last === String(last)) return;
    this.body.dataset.first = String(first);
    this.body.dataset.last = String(last);
    const size = this.slots.length;
    let stale = 0;
    for (let position = first; position < last; position++) if (force || this.slots[position % size].position !== position) stale++;
    // A jump (a scrollbar drag) replaces most rows: the rows in view go in this frame, the margin in the next.
    const jump = !force && stale > (last - first) / 2;
    const [from, to] = jump ? [top, bottom] : [first, last];
    for (let position = from; position < to; position++) {
      const slot = this.slots[position % size];
      if (force || slot.position !== position) this.fill(slot, position);
    }
    // Slots left over from an earlier window that the new one did not reuse.
    for (const slot of this.slots) {
      if (slot.position >= 0 && (slot.position < first || slot.position >= last)) {
        slot.position = -1;
        slot.row.hidden = true;
      }
    }
    this.overscanPending = jump;
    if (jump) this.schedule();
  }

  schedule(force = false): void {
    this.forceNext ||= force;
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      const forced = this.forceNext;
      this.forceNext = false;
      this.draw(forced);
    });
  }

  /** Draws now (the first rows go in with the results, not a frame later). */
  drawNow(): void {
    this.draw(true);
  }

  private listen(): void {
    this.body.addEventListener('click', (event) => {
      const at = this.cellOf(event.target);
      if (at) this.events.select(at.position, at.display);
    });
    this.body.addEventListener('dblclick', (event) => {
      if (this.cellOf(event.target)) this.events.open();
    });
    this.header.addEventListener('click', (event) => {
      if ((event.target as Element).closest('.resize')) return;
      const display = headerDisplay(event.target);
      if (display !== undefined) this.events.sort(this.display[display]);
    });
    this.header.addEventListener('contextmenu', (event) => {
      event.preventDefault();
      this.events.menu(event.clientX, event.clientY);
    });
    this.header.addEventListener('dblclick', (event) => {
      const display = (event.target as Element).closest('.resize') ? headerDisplay(event.target) : undefined;
      if (display !== undefined) this.events.fit(this.display[display]);
    });
    this.listenResize();
    this.listenDrag();
  }

  /** Dragging a header cell's right edge sets its width. */
  private listenResize(): void {
    this.header.addEventListener('pointerdown', (event) => {
      const handle = (event.target as Element).closest<HTMLElement>('.resize');
      const display = handle ? headerDisplay(handle) : undefined;
      if (!handle || display === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      const startX = event.clientX;
      const startWidth = this.widths[display];
      const column = this.display[display];
      handle.setPointerCapture(event.pointerId);
      const widthAt = (x: number) => Math.max(32, Math.round(startWidth + x - startX));
      const move = (each: PointerEvent) => this.events.resize(column, widthAt(each.clientX), false);
      const up = (each: PointerEvent) => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        this.events.resize(column, widthAt(each.clientX), true);
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
    });
  }

  /** Dropping a header cell on another puts it before that one (or after, on its right half). */
  private listenDrag(): void {
    let dragged: number | undefined;
    this.header.addEventListener('dragstart', (event) => {
      dragged = headerDisplay(event.target);
      if (dragged === undefined || (event.target as Element).closest('.resize')) return event.preventDefault();
      event.dataTransfer?.setData('text/plain', this.data.columns[this.display[dragged]].name);
      if (event.dataTransfer) event.dataTransfer.effectAllowed = 'move';
    });
    this.header.addEventListener('dragover', (event) => {
      if (dragged !== undefined) event.preventDefault();
    });
    this.header.addEventListener('drop', (event) => {
      event.preventDefault();
      const target = headerDisplay(event.target);
      const from = dragged;
      dragged = undefined;
      if (from === undefined || target === undefined || target === from) return;
      const cell = this.headerCells[target].getBoundingClientRect();
      const after = event.clientX > cell.left + cell.width / 2;
      const beforeDisplay = after ? target + 1 : target;
      this.events.move(this.display[from], this.display[beforeDisplay]);
    });
    this.header.addEventListener('dragend', () => {
      dragged = undefined;
    });
  }

  private cellOf(target: EventTarget | null): { position: number; display: number } | undefined {
    const cell = (target as Element | null)?.closest?.<HTMLElement>('.cell');
    const slot = this.slots[Number(cell?.closest<HTMLElement>('.row')?.dataset.slot)];
    const display = Number(cell?.dataset.display);
    if (!slot || slot.position < 0 || !Number.isInteger(display)) return undefined;
    return { position: slot.position, display };
  }
}

function headerDisplay(target: EventTarget | null): number | undefined {
  const cell = (target as Element | null)?.closest?.<HTMLElement>('.grid-header .cell');
  const display = cell ? Number(cell.dataset.display) : NaN;
  return Number.isInteger(display) ? display : undefined;
}
