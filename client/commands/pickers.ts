/** Small shared prompts for the service commands. */
import * as vscode from 'vscode';
import type { Connection } from '../connection.ts';
import { prompts } from '../prompts.ts';

export async function pickDatasets(connection: Connection, title: string, many: boolean, extra: string[] = []): Promise<string[] | undefined> {
  const datasets = await connection.listDatasets();
  const items = [...extra, ...datasets.map((dataset) => dataset.name)].map((label) => ({ label }));
  if (items.length === 0) {
    void vscode.window.showWarningMessage('APL: the service has no datasets.');
    return undefined;
  }
  if (many) {
    const picked = await prompts().showQuickPick(items, { title, canPickMany: true });
    return picked && picked.length > 0 ? picked.map((item) => item.label) : undefined;
  }
  const picked = await prompts().showQuickPick(items, { title });
  return picked ? [picked.label] : undefined;
}

/** An optional ISO time; empty input gives `fallback`. Undefined means the user cancelled. */
export async function askTime(title: string, prompt: string, fallback: string | null): Promise<string | null | undefined> {
  const text = await prompts().showInputBox({
    title,
    prompt,
    placeHolder: fallback ?? 'empty for none',
    validateInput: (value) => (value.trim() === '' || !Number.isNaN(Date.parse(value.trim())) ? undefined : 'An ISO 8601 time, e.g. 2026-11-20T10:00:00Z'),
  });
  if (text === undefined) return undefined;
  return text.trim() === '' ? fallback : new Date(Date.parse(text.trim())).toISOString();
}

/** Expiry choices relative to now; `null` is "never". */
export async function pickExpiry(title: string, choices: { label: string; ms: number | null }[]): Promise<string | null | undefined> {
  const picked = await prompts().showQuickPick(choices, { title });
  if (!picked) return undefined;
  return picked.ms === null ? null : new Date(Date.now() + picked.ms).toISOString();
}

export const day = 86_400_000;
