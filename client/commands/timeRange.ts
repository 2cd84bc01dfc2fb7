/**
 * Select Time Range: a preset or a custom range (ISO or relative: now-2h, ago(2h), 2h), remembered
 * per workspace; with results on screen it offers to run their query again. Set Auto-Refresh.
 */
import * as vscode from 'vscode';
import { autoRefreshChoices, readAutoRefreshMs } from '../autoRefresh.ts';
import type { Ctx } from '../context.ts';
import { prompts } from '../prompts.ts';
import { boundText, describeTimeRange, parseTimeRangeInput, presets, readStoredTimeRange, type TimeRange } from '../timeRange.ts';

export function registerTimeRangeCommand(ctx: Ctx): void {
  // An argument (a TimeRange) skips the picker and the re-run offer: for keybindings and tests.
  ctx.registerCommand('apl.selectTimeRange', async (given?: unknown) => {
    const range = given === undefined ? await pickTimeRange(ctx.timeRange) : readStoredTimeRange(given);
    if (!range) return undefined;
    await ctx.setTimeRange(range);
    if (given === undefined && ctx.results.currentModel) offerRerun(range);
    return range;
  });

  ctx.registerCommand('apl.setAutoRefresh', async () => {
    const settings = vscode.workspace.getConfiguration('apl');
    const current = readAutoRefreshMs(settings.get('results.autoRefresh'));
    const picked = await vscode.window.showQuickPick(
      autoRefreshChoices.map((choice) => ({ label: choice.label, id: choice.id, description: choice.ms === current ? 'current' : undefined })),
      { title: 'APL: auto-refresh the results', placeHolder: 'Runs the latest query again while its panel is open (time ranges relative to now only)' },
    );
    if (!picked) return undefined;
    const target = vscode.workspace.workspaceFolders ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await settings.update('results.autoRefresh', picked.id, target);
    return picked.id;
  });

  // However the setting changes (this command, the settings editor), the refresh planned under the
  // old interval stops; a new interval starts with a run of the results shown.
  ctx.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('apl.results.autoRefresh')) return;
      ctx.results.cancelRefresh();
      const ms = readAutoRefreshMs(vscode.workspace.getConfiguration('apl').get('results.autoRefresh'));
      if (ms && ctx.results.currentModel) void vscode.commands.executeCommand('apl.rerunQuery');
    }),
  );
}

function offerRerun(range: TimeRange): void {
  void prompts().showInformationMessage(`APL: time range is now ${describeTimeRange(range)}. Run the query again?`, 'Run Again').then((choice) => {
    if (choice) void vscode.commands.executeCommand('apl.rerunQuery');
  });
}

export async function pickTimeRange(current: TimeRange): Promise<TimeRange | undefined> {
  type Item = vscode.QuickPickItem & { range?: TimeRange };
  const items: Item[] = presets.map((preset) => ({
    label: preset.label,
    description: current.kind === 'relative' && current.preset === preset.id ? 'current' : undefined,
    range: { kind: 'relative', preset: preset.id },
  }));
  items.push({ label: 'Custom range…', description: current.kind !== 'relative' ? describeTimeRange(current) : undefined });
  const picked = await prompts().showQuickPick(items, { title: 'APL: time range', placeHolder: 'Run queries over…' });
  if (!picked) return undefined;
  if (picked.range) return picked.range;
  const value = await prompts().showInputBox({
    title: 'APL: custom time range',
    prompt: 'Start and end separated by "/", or a start alone (until now): ISO 8601 (UTC unless a zone is given) or relative: now-2h, ago(2h), 2h',
    value: customText(current),
    placeHolder: 'now-2h   ·   ago(1d)/now-12h   ·   2026-11-20T00:00:00Z/2026-11-21T00:00:00Z',
    validateInput: (text) => {
      const parsed = parseTimeRangeInput(text);
      return typeof parsed === 'string' ? parsed : undefined;
    },
  });
  if (!value) return undefined;
  const parsed = parseTimeRangeInput(value);
  return typeof parsed === 'string' ? undefined : parsed;
}

/** The current range as the input box's starting text. */
function customText(range: TimeRange): string {
  if (range.kind === 'absolute') return `${range.start}/${range.end}`;
  if (range.kind === 'custom') return `${boundText(range.start)}/${boundText(range.end)}`;
  return `now-${range.preset}`;
}
