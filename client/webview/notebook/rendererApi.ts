/**
 * The few types of VS Code's notebook renderer API this renderer uses (the `vscode-notebook-renderer`
 * package is not installed; these follow its declarations).
 */
export interface OutputItem {
  readonly id: string;
  readonly mime: string;
  readonly metadata?: unknown;
  text(): string;
  json(): unknown;
  data(): Uint8Array;
}

export interface RendererContext {
  readonly workspace: { readonly isTrusted: boolean };
  getState(): unknown;
  setState(state: unknown): void;
}

export interface RendererApi {
  renderOutputItem(outputItem: OutputItem, element: HTMLElement, signal?: AbortSignal): void;
  /** No id: every output is going away. */
  disposeOutputItem?(id?: string): void;
}

export type ActivationFunction = (context: RendererContext) => RendererApi;
