/** The column menu: show or hide each column, move it left or right, fit widths, reset the layout. */
import type { ResultColumn } from '../../resultsModel.ts';
import { element, eventPassedThrough } from '../dom.ts';

export interface ColumnMenuActions {
  hidden(name: string): boolean;
  setHidden(name: string, hidden: boolean): void;
  step(name: string, step: -1 | 1): void;
  fitAll(): void;
  reset(): void;
}

/** Opens the menu at (x, y) within `host`; it closes on Escape or a click outside it. */
export function openColumnMenu(host: HTMLElement, x: number, y: number, columns: readonly ResultColumn[], order: readonly string[], actions: ColumnMenuActions): void {
  host.querySelector('.column-menu')?.remove();
  const menu = element('div', 'column-menu');
  menu.setAttribute('role', 'menu');
  const close = () => {
    menu.remove();
    document.removeEventListener('pointerdown', outside, true);
  };
  const outside = (event: Event) => {
    if (!eventPassedThrough(event, menu)) close();
  };
  const byName = new Map(columns.map((column) => [column.name, column]));
  const names = [...order, ...columns.map((column) => column.name).filter((name) => !order.includes(name))].filter((name) => byName.has(name));
  for (const name of names) {
    const line = element('label', 'column-menu-item');
    const box = element('input');
    box.type = 'checkbox';
    box.checked = !actions.hidden(name);
    box.addEventListener('change', () => actions.setHidden(name, !box.checked));
    const left = element('button', 'icon', '←');
    left.title = `Move ${name} left`;
    left.addEventListener('click', (event) => {
      event.preventDefault();
      actions.step(name, -1);
    });
    const right = element('button', 'icon', '→');
    right.title = `Move ${name} right`;
    right.addEventListener('click', (event) => {
      event.preventDefault();
      actions.step(name, 1);
    });
    line.append(box, element('span', 'name', name), left, right);
    menu.append(line);
  }
  const fit = element('button', undefined, 'Fit widths');
  fit.addEventListener('click', () => {
    actions.fitAll();
    close();
  });
  const reset = element('button', undefined, 'Reset columns');
  reset.addEventListener('click', () => {
    actions.reset();
    close();
  });
  const footer = element('div', 'column-menu-footer');
  footer.append(fit, reset);
  menu.append(footer);
  menu.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  host.append(menu);
  const bounds = host.getBoundingClientRect();
  menu.style.left = `${Math.max(0, Math.min(x - bounds.left, bounds.width - menu.offsetWidth))}px`;
  menu.style.top = `${Math.max(0, y - bounds.top)}px`;
  document.addEventListener('pointerdown', outside, true);
  menu.querySelector('input')?.focus();
}
