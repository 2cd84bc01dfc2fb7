/**
 * APL: Show Query History: the workspace's runs, newest first; pick one to re-open its results as
 * they were (without running), run it again over its range, or show it in its file.
 */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { timeAgo, type HistoryEntry } from '../historyStore.ts';
import { prompts } from '../prompts.ts';
import { isResultsModel } from '../resultsProtocol.ts';
import { describeTimeRange } from '../timeRange.ts';
import type { QueryRunner, QueryTarget } from './runQuery.ts';

type Action = 'open' | 'run' | 'show' | 'copy';

export function registerHistoryCommand(ctx: Ctx, runner: QueryRunner): void {
  ctx.registerCommand('apl.showQueryHistory', async () => {
    const entries = runner.history.entries();
    if (entries.length === 0) {
      void vscode.window.showInformationMessage('APL: no queries have run in this workspace yet.');
      return undefined;
    }
    const now = new Date();
    const items = entries.map((entry) => ({ ...describeEntry(entry, now), entry }));
    const picked = await prompts().showQuickPick(items, {
      title: 'APL: query history',
      placeHolder: 'Pick a run to re-open its results or run it again',
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (!picked) return undefined;
    const entry = picked.entry;
    const actions: (vscode.QuickPickItem & { action: Action })[] = [];
    if (entry.resultBytes !== undefined) actions.push({ label: 'Open Results', description: 'as they were, without running', action: 'open' });
    actions.push({ label: 'Run Again', description: `over ${describeTimeRange(entry.range)}`, action: 'run' });
    if (entry.documentUri) actions.push({ label: 'Show in Editor', description: vscode.workspace.asRelativePath(vscode.Uri.parse(entry.documentUri)), action: 'show' });
    actions.push({ label: 'Copy Query', action: 'copy' });
    const chosen = await prompts().showQuickPick(actions, { title: `APL: ${picked.label}` });
    if (!chosen) return undefined;
    switch (chosen.action) {
      case 'open': {
        const model = await runner.history.openResults(entry.id);
        if (!isResultsModel(model)) {
          void vscode.window.showWarningMessage('APL: the results of that run are no longer kept; run it again.');
          return undefined;
        }
        ctx.results.show({ type: 'results', model });
        return model;
      }
      case 'run':
        return runner.run(await targetOf(entry), { range: entry.range });
      case 'show': {
        const target = await targetOf(entry);
        if (!target.document || !target.start) {
          void vscode.window.showWarningMessage('APL: the query is no longer in its file.');
          return undefined;
        }
        const end = target.document.positionAt(target.document.offsetAt(target.start) + target.text.length);
        await vscode.window.showTextDocument(target.document, { selection: new vscode.Range(target.start, end) });
        return undefined;
      }
      case 'copy':
        await vscode.env.clipboard.writeText(entry.query);
        return undefined;
    }
  });
}

function describeEntry(entry: HistoryEntry, now: Date): vscode.QuickPickItem {
  const lines = entry.query.split('\n');
  const outcome = entry.error === undefined ? `${(entry.rows ?? 0).toLocaleString('en-US')} rows` : `failed: ${entry.error}`;
  const file = entry.documentUri ? `${vscode.workspace.asRelativePath(vscode.Uri.parse(entry.documentUri))}:${(entry.line ?? 0) + 1}` : undefined;
  return {
    label: `${entry.error === undefined ? '$(check)' : '$(error)'} ${lines[0]}${lines.length > 1 ? ' …' : ''}`,
    description: [describeTimeRange(entry.range), outcome, formatDuration(entry.durationMs)].join(' · '),
    detail: [timeAgo(entry.ranAt, now), file, entry.resultBytes !== undefined ? 'results kept' : undefined].filter(Boolean).join(' · '),
  };
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** The query in its file when it is still there (so errors land on it), else the text alone. */
async function targetOf(entry: HistoryEntry): Promise<QueryTarget> {
  if (!entry.documentUri) return { text: entry.query };
  try {
    const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(entry.documentUri));
    const offset = nearestOccurrence(document.getText(), entry.query, document.offsetAt(new vscode.Position(entry.line ?? 0, 0)));
    return offset === undefined ? { text: entry.query } : { text: entry.query, document, start: document.positionAt(offset) };
  } catch {
    return { text: entry.query };
  }
}

/** The occurrence of `needle` closest to `near`, if any. */
function nearestOccurrence(text: string, needle: string, near: number): number | undefined {
  let best: number | undefined;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (best === undefined || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}
