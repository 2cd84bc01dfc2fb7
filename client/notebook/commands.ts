/**
 * The notebook commands: New Notebook, Open as Notebook (an `.apl` file's queries as cells), Export
 * Notebook to .apl, and the notebook's own time range and connection (kept in its metadata).
 * An argument skips the prompt: for keybindings and tests.
 */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { pickTimeRange } from '../commands/timeRange.ts';
import { prompts } from '../prompts.ts';
import { describeTimeRange, readStoredTimeRange } from '../timeRange.ts';
import { aplTextFromNotebook, notebookFromAplText } from './aplFile.ts';
import type { NotebookFile } from './format.ts';
import { notebookTimeRangeOf, readNotebookTimeRange } from './notebookTimeRange.ts';
import { aplLanguageId, notebookType, readMetadata } from './serializer.ts';

export function registerNotebookCommands(ctx: Ctx): void {
  ctx.registerCommand('apl.newNotebook', () =>
    openUntitled({
      metadata: {},
      cells: [
        { kind: 'markdown', source: '# Investigation\n\nAPL cells run on the active connection; the `let` statements of a cell are in scope in the cells below it.' },
        { kind: 'apl', source: '' },
      ],
    }),
  );

  ctx.registerCommand('apl.openAsNotebook', async (uri?: vscode.Uri) => {
    const document = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
    if (!document || document.languageId !== aplLanguageId) {
      void vscode.window.showInformationMessage('APL: open an .apl file to turn it into a notebook.');
      return undefined;
    }
    return openUntitled(notebookFromAplText(document.getText()));
  });

  ctx.registerCommand('apl.exportNotebook', async (uri?: vscode.Uri) => {
    const notebook = targetNotebook(uri);
    if (!notebook) return undefined;
    const document = await vscode.workspace.openTextDocument({ language: aplLanguageId, content: aplTextFromNotebook(fileOf(notebook)) });
    await vscode.window.showTextDocument(document);
    return document;
  });

  // An argument: a TimeRange, or null for the workspace's range.
  ctx.registerCommand('apl.setNotebookTimeRange', async (given?: unknown) => {
    const notebook = targetNotebook();
    if (!notebook) return undefined;
    const metadata = readMetadata(notebook.metadata);
    let range: ReturnType<typeof notebookTimeRangeOf> | null | undefined;
    if (given === null) range = null;
    else if (given !== undefined) range = mapDefined(readStoredTimeRange(given), notebookTimeRangeOf);
    else {
      const current = metadata.timeRange ? readNotebookTimeRange(metadata.timeRange) : undefined;
      const useWorkspace = { label: "The workspace's time range", description: describeTimeRange(ctx.timeRange) };
      const choice = await prompts().showQuickPick([{ label: 'Set a time range for this notebook…' }, useWorkspace], { title: 'APL: notebook time range' });
      if (!choice) return undefined;
      if (choice === useWorkspace) range = null;
      else range = mapDefined(await pickTimeRange(current && typeof current !== 'string' ? current : ctx.timeRange), notebookTimeRangeOf);
    }
    if (range === undefined) return undefined;
    await updateMetadata(notebook, { ...metadata, timeRange: range ?? undefined });
    return range;
  });

  // An argument: a connection's name, or null for the workspace's active connection.
  ctx.registerCommand('apl.setNotebookConnection', async (given?: string | null) => {
    const notebook = targetNotebook();
    if (!notebook) return undefined;
    let name = given;
    if (name === undefined) {
      const useActive = { label: 'The active connection', description: ctx.active.name, name: null };
      const items = [...ctx.config.connections.map((each) => ({ label: each.name, description: each.url, name: each.name as string | null })), useActive];
      name = (await prompts().showQuickPick(items, { title: 'APL: the connection this notebook runs on' }))?.name;
      if (name === undefined) return undefined;
    }
    if (name !== null && !ctx.config.connections.some((each) => each.name === name)) {
      void vscode.window.showErrorMessage(`APL: no connection named "${name}".`);
      return undefined;
    }
    await updateMetadata(notebook, { ...readMetadata(notebook.metadata), connection: name ?? undefined });
    return name;
  });
}

async function openUntitled(file: NotebookFile): Promise<vscode.NotebookDocument> {
  const data = new vscode.NotebookData(
    file.cells.map((cell) =>
      cell.kind === 'apl'
        ? new vscode.NotebookCellData(vscode.NotebookCellKind.Code, cell.source, aplLanguageId)
        : new vscode.NotebookCellData(vscode.NotebookCellKind.Markup, cell.source, 'markdown'),
    ),
  );
  data.metadata = { ...file.metadata };
  const notebook = await vscode.workspace.openNotebookDocument(notebookType, data);
  await vscode.window.showNotebookDocument(notebook);
  return notebook;
}

/** The notebook `uri` names, else the active one; says so when there is none. */
function targetNotebook(uri?: vscode.Uri): vscode.NotebookDocument | undefined {
  const notebook = uri
    ? vscode.workspace.notebookDocuments.find((each) => each.uri.toString() === uri.toString())
    : vscode.window.activeNotebookEditor?.notebook;
  if (notebook?.notebookType === notebookType) return notebook;
  void vscode.window.showInformationMessage('APL: open an APL notebook first.');
  return undefined;
}

function fileOf(notebook: vscode.NotebookDocument): NotebookFile {
  return {
    metadata: readMetadata(notebook.metadata),
    cells: notebook.getCells().map((cell) => ({ kind: cell.kind === vscode.NotebookCellKind.Code ? 'apl' : 'markdown', source: cell.document.getText() })),
  };
}

async function updateMetadata(notebook: vscode.NotebookDocument, metadata: { [key: string]: unknown }): Promise<void> {
  // Keys set to undefined are dropped: the file then has no such key.
  const cleaned = Object.fromEntries(Object.entries({ ...notebook.metadata, ...metadata }).filter(([, value]) => value !== undefined));
  const edit = new vscode.WorkspaceEdit();
  edit.set(notebook.uri, [vscode.NotebookEdit.updateNotebookMetadata(cleaned)]);
  if (!(await vscode.workspace.applyEdit(edit))) throw new Error('APL: the notebook could not be changed.');
}

function mapDefined<T, U>(value: T | undefined, map: (value: T) => U): U | undefined {
  return value === undefined ? undefined : map(value);
}
