import * as vscode from 'vscode';
import { errorText } from '../context.ts';

/** Runs a command's work; a failure becomes an error message (with the service's words) and undefined. */
export async function showingErrors<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (error) {
    void vscode.window.showErrorMessage(`APL: ${errorText(error)}`);
    return undefined;
  }
}
