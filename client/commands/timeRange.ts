/** Select Time Range: a preset or a custom ISO range, remembered per workspace. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { describeTimeRange, parseAbsoluteRange, presets, readStoredTimeRange, type TimeRange } from '../timeRange.ts';

export function registerTimeRangeCommand(ctx: Ctx): void {
  // An argument (a TimeRange) skips the picker: for keybindings and tests.
  ctx.registerCommand('apl.selectTimeRange', async (given?: unknown) => {
    const range = given === undefined ? await pickTimeRange(ctx.timeRange) : readStoredTimeRange(given);
    if (range) await ctx.setTimeRange(range);
    return range;
  });
}

export async function pickTimeRange(current: TimeRange): Promise<TimeRange | undefined> {
  type Item = vscode.QuickPickItem & { range?: TimeRange };
  const items: Item[] = presets.map((preset) => ({
    label: preset.label,
    description: current.kind === 'relative' && current.preset === preset.id ? 'current' : undefined,
    range: { kind: 'relative', preset: preset.id },
  }));
  items.push({ label: 'Custom range…', description: current.kind === 'absolute' ? describeTimeRange(current) : undefined });
  const picked = await vscode.window.showQuickPick(items, { title: 'APL: time range', placeHolder: 'Run queries over…' });
  if (!picked) return undefined;
  if (picked.range) return picked.range;
  const value = await vscode.window.showInputBox({
    title: 'APL: custom time range',
    prompt: 'Start and end in ISO 8601, separated by "/" (UTC unless a zone is given)',
    value: current.kind === 'absolute' ? `${current.start}/${current.end}` : '',
    placeHolder: '2026-11-20T00:00:00Z/2026-11-21T00:00:00Z',
    validateInput: (text) => {
      const parsed = parseAbsoluteRange(text);
      return typeof parsed === 'string' ? parsed : undefined;
    },
  });
  if (!value) return undefined;
  const parsed = parseAbsoluteRange(value);
  return typeof parsed === 'string' ? undefined : parsed;
}
