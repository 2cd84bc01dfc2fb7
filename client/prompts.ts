/**
 * The quick picks, input boxes and the secret notice of the service commands. Normally VS Code's
 * own; the end-to-end tests answer them instead (through `AplExtensionApi.testing`, which exists
 * only when the extension runs under a test runner).
 */
import * as vscode from 'vscode';

export interface Prompts {
  showQuickPick: typeof vscode.window.showQuickPick;
  showInputBox: typeof vscode.window.showInputBox;
  showInformationMessage: typeof vscode.window.showInformationMessage;
}

let current: Prompts = vscode.window;

export function prompts(): Prompts {
  return current;
}

/** Replaces the prompts; undefined restores VS Code's. */
export function usePrompts(replacement: Prompts | undefined): void {
  current = replacement ?? vscode.window;
}
