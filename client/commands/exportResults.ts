/** Export Results: the matches (or totals) of the panel to a CSV, JSON or NDJSON file. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { exportFormats, exportTable, type ExportFormat } from '../exportResults.ts';

export function registerExportCommand(ctx: Ctx): void {
  const run = async (format?: ExportFormat) => {
    const model = ctx.results.model;
    if (!model) {
      void vscode.window.showInformationMessage('APL: run a query first; there are no results to export.');
      return undefined;
    }
    const chosen =
      format ?? ((await vscode.window.showQuickPick([...exportFormats], { title: 'APL: export results as' })) as ExportFormat | undefined);
    if (!chosen) return undefined;
    const table = model.matches.rows.length > 0 || !model.totals ? model.matches : model.totals;
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const target = await vscode.window.showSaveDialog({
      title: 'APL: export results',
      defaultUri: folder ? vscode.Uri.joinPath(folder, `results.${chosen}`) : undefined,
      filters: { [chosen.toUpperCase()]: [chosen] },
    });
    if (!target) return undefined;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(exportTable(table, chosen)));
    void vscode.window.showInformationMessage(`APL: ${table.rows.length} rows written to ${vscode.workspace.asRelativePath(target)}.`);
    return target;
  };
  ctx.results.onExport = (format) => void run(format);
  ctx.registerCommand('apl.exportResults', run);
}
