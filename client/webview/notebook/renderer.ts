/**
 * The notebook renderer of `application/vnd.apl.results+json` outputs (a `WireModel`): the results
 * panel's tabs, table and chart, drawn in a shadow root per output so that its styles and ids stay
 * inside it and any number of outputs live side by side in the notebook's webview. Works from the
 * saved output alone: no connection, no extension host.
 */
import styles from './notebook.css';
import { element } from '../dom.ts';
import { readOutputModel } from './outputModel.ts';
import type { ActivationFunction, OutputItem } from './rendererApi.ts';
import { renderResultsOutput, type OutputHost, type ResultsOutput } from './resultsOutput.ts';

let sheet: CSSStyleSheet | undefined;
/** One parsed style sheet for every output's shadow root. */
function styleSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(styles);
  }
  return sheet;
}

const host: OutputHost = {
  copyText: (text) => void navigator.clipboard?.writeText(text).catch(() => undefined),
  // VS Code's notebook webview opens the links its outputs' anchors are clicked on.
  openLink: (url) => {
    const link = element('a');
    link.href = url;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  },
};

export const activate: ActivationFunction = () => {
  const shown = new Map<string, ResultsOutput>();
  const dispose = (id: string) => {
    shown.get(id)?.dispose();
    shown.delete(id);
  };
  return {
    renderOutputItem(item: OutputItem, container: HTMLElement) {
      dispose(item.id);
      const root = container.shadowRoot ?? container.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [styleSheet()];
      root.replaceChildren();
      let value: unknown;
      try {
        value = item.json();
      } catch {
        value = undefined;
      }
      const read = readOutputModel(value);
      if ('error' in read) {
        root.append(element('p', 'output-error', read.error));
        return;
      }
      try {
        shown.set(item.id, renderResultsOutput(root, read.model, host));
      } catch (error) {
        root.replaceChildren(element('p', 'output-error', `Could not show these results: ${error instanceof Error ? error.message : String(error)}`));
      }
    },
    disposeOutputItem(id?: string) {
      if (id !== undefined) dispose(id);
      else for (const each of [...shown.keys()]) dispose(each);
    },
  };
};
