/**
 * The detail pane under the grid: the selected value in one line, or opened (Enter) in full,
 * objects and whole events pretty-printed as JSON, with a button that opens the JSON in an
 * editor tab (through `openJson`, when the view has a host to open it).
 */
import { parseExact, stringifyExact } from '../../../wire/exactJson.ts';
import { cellText } from '../../exportResults.ts';
import { element } from '../dom.ts';

export class Detail {
  readonly root = element('div', 'detail');
  private readonly title = element('span', 'detail-title');
  private readonly openButton = element('button', undefined, 'Open JSON in editor');
  private readonly closeButton = element('button', undefined, 'Close');
  private readonly text = element('pre', 'detail-text');
  /** What Open JSON in editor opens. */
  private json: string | undefined;

  constructor(private readonly openJson?: (json: string) => void) {
    const bar = element('div', 'detail-bar');
    bar.append(this.title, this.openButton, this.closeButton);
    this.root.append(bar, this.text);
    this.root.hidden = true;
    this.openButton.addEventListener('click', () => {
      if (this.json !== undefined) this.openJson?.(this.json);
    });
    this.closeButton.addEventListener('click', () => this.close());
  }

  get open(): boolean {
    return !this.root.hidden;
  }

  /** Shows a value in full; objects (and texts that hold JSON) can go to an editor. */
  showValue(name: string, type: string, value: unknown): void {
    const parsed = typeof value === 'string' && /^\s*[[{]/.test(value) ? tryParse(value) : undefined;
    const structured = (typeof value === 'object' && value !== null) || parsed !== undefined;
    const json = structured ? stringifyExact(parsed ?? value, 2) : undefined;
    this.show(`${name} (${type})`, json ?? (value === null || value === undefined ? 'null' : cellText(value)), json);
  }

  showEvent(label: string, event: Record<string, unknown>): void {
    const json = stringifyExact(event, 2);
    this.show(label, json, json);
  }

  close(): void {
    this.root.hidden = true;
    this.json = undefined;
  }

  private show(title: string, text: string, json: string | undefined): void {
    this.title.textContent = title;
    this.text.textContent = text;
    this.json = json;
    this.openButton.hidden = json === undefined || this.openJson === undefined;
    this.root.hidden = false;
  }
}

function tryParse(text: string): unknown {
  try {
    return parseExact(text);
  } catch {
    return undefined;
  }
}
