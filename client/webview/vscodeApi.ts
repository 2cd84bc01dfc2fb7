/** The handle VS Code gives a webview script; obtainable once. */
import type { PostedMessage, WebviewMessage, WebviewState } from '../resultsProtocol.ts';

interface VsCodeApi {
  postMessage(message: WebviewMessage): void;
  getState(): WebviewState | undefined;
  setState(state: WebviewState): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

export const vscode = acquireVsCodeApi();

export function onHostMessage(listener: (message: PostedMessage) => void): void {
  window.addEventListener('message', (event: MessageEvent<PostedMessage>) => listener(event.data));
}
