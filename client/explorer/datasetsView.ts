/**
 * The Datasets view of the APL activity-bar container: datasets of the active connection → their
 * fields (type, description), from the schema the extension last read. Clicking a field inserts its
 * name at the cursor, quoted as the language writes it.
 */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { datasetReference, fieldReference, newQueryText } from './insertText.ts';

export type DatasetNode =
  | { kind: 'dataset'; name: string; fieldCount: number }
  | { kind: 'field'; dataset: string; name: string; type: string; description?: string };

export class DatasetsTree implements vscode.TreeDataProvider<DatasetNode> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly ctx: Ctx) {}

  refresh(): void {
    this.changed.fire();
  }

  getChildren(node?: DatasetNode): DatasetNode[] {
    const schema = this.ctx.schema;
    if (!schema) return [];
    if (!node) return schema.datasets.map((dataset) => ({ kind: 'dataset', name: dataset.name, fieldCount: dataset.fields.length }));
    if (node.kind !== 'dataset') return [];
    const dataset = schema.datasets.find((each) => each.name === node.name);
    return (dataset?.fields ?? []).map((field) => ({
      kind: 'field',
      dataset: node.name,
      name: field.name,
      type: field.type,
      ...(field.description ? { description: field.description } : {}),
    }));
  }

  getTreeItem(node: DatasetNode): vscode.TreeItem {
    if (node.kind === 'dataset') {
      const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `dataset:${node.name}`;
      item.description = `${node.fieldCount} field${node.fieldCount === 1 ? '' : 's'}`;
      item.iconPath = new vscode.ThemeIcon('database');
      item.contextValue = 'apl.dataset';
      item.tooltip = datasetReference(node.name);
      return item;
    }
    const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
    item.id = `field:${node.dataset}:${node.name}`;
    item.description = node.description ? `${node.type} · ${node.description}` : node.type;
    item.tooltip = [fieldReference(node.name), node.type, node.description].filter(Boolean).join('\n');
    item.iconPath = new vscode.ThemeIcon('symbol-field');
    item.contextValue = 'apl.field';
    item.command = { command: 'apl.explorer.insertName', title: 'Insert Name', arguments: [node] };
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** The text a node stands for in a query. */
export function referenceOf(node: DatasetNode): string {
  return node.kind === 'dataset' ? datasetReference(node.name) : fieldReference(node.name);
}

export function registerDatasetsView(ctx: Ctx): DatasetsTree {
  const tree = new DatasetsTree(ctx);
  const view = vscode.window.createTreeView('apl.datasets', { treeDataProvider: tree, showCollapseAll: true });
  const describe = () => {
    view.message = ctx.schema ? undefined : `No datasets from ${ctx.active.name} (${ctx.active.url}) yet: set its token or start the local service, then refresh.`;
    view.description = ctx.active.name;
  };
  describe();
  ctx.push(tree, view, ctx.onDidChangeSchema(() => { tree.refresh(); describe(); }));

  ctx.registerCommand('apl.explorer.refresh', () => ctx.refreshSchema(true));
  ctx.registerCommand('apl.explorer.insertName', async (node?: DatasetNode) => {
    if (!node) return undefined;
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      void vscode.window.showInformationMessage('APL: open a query to insert the name into.');
      return undefined;
    }
    const text = referenceOf(node);
    await editor.edit((edit) => {
      for (const selection of editor.selections) edit.replace(selection, text);
    });
    return text;
  });
  ctx.registerCommand('apl.explorer.copyName', async (node?: DatasetNode) => {
    if (!node) return;
    await vscode.env.clipboard.writeText(node.name);
  });
  ctx.registerCommand('apl.explorer.newQuery', async (node?: DatasetNode) => {
    const dataset = node?.kind === 'field' ? node.dataset : node?.name;
    if (!dataset) return undefined;
    const document = await vscode.workspace.openTextDocument({ language: 'axiom-apl', content: newQueryText(dataset) });
    return vscode.window.showTextDocument(document);
  });
  return tree;
}
