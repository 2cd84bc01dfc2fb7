/** DOM helpers shared by the results panel and the notebook renderer (no VS Code API here). */

/** Builds an element; text goes in through `textContent` only, never as markup. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The focused element of the document or shadow root `node` is in (a notebook output draws in a shadow root). */
export function focusedIn(node: Node): Element | null {
  const root = node.getRootNode() as Document | ShadowRoot;
  return 'activeElement' in root ? root.activeElement : document.activeElement;
}

/** Whether an event's path went through `node`: `event.target` is retargeted to the shadow host outside a shadow root. */
export function eventPassedThrough(event: Event, node: Node): boolean {
  return event.composedPath().includes(node);
}
