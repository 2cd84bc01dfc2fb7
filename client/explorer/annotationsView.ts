/**
 * The Annotations view: the active connection's datasets → their annotations (newest first), with
 * add (on a dataset), edit, open URL and delete. The prompts are Add Annotation's own.
 */
import * as vscode from 'vscode';
import { askAnnotation } from '../commands/annotations.ts';
import { showingErrors } from '../commands/showingErrors.ts';
import type { Ctx } from '../context.ts';
import { annotationDescription, newestFirst } from '../annotationText.ts';
import type { Annotation } from '../serviceTypes.ts';

export type AnnotationNode = { kind: 'dataset'; name: string } | { kind: 'annotation'; dataset: string; annotation: Annotation };

export class AnnotationsTree implements vscode.TreeDataProvider<AnnotationNode> {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeTreeData = this.changed.event;

  constructor(private readonly ctx: Ctx) {}

  refresh(): void {
    this.changed.fire();
  }

  async getChildren(node?: AnnotationNode): Promise<AnnotationNode[]> {
    if (!node) return (this.ctx.schema?.datasets ?? []).map((dataset) => ({ kind: 'dataset', name: dataset.name }));
    if (node.kind !== 'dataset') return [];
    const connection = await this.ctx.connection(false);
    if (!connection) return [];
    const annotations = await connection.listAnnotations([node.name]);
    return newestFirst(annotations)
      .map((annotation) => ({ kind: 'annotation', dataset: node.name, annotation }));
  }

  getTreeItem(node: AnnotationNode): vscode.TreeItem {
    if (node.kind === 'dataset') {
      const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `annotations:${node.name}`;
      item.iconPath = new vscode.ThemeIcon('database');
      item.contextValue = 'apl.annotationDataset';
      return item;
    }
    const { annotation } = node;
    const item = new vscode.TreeItem(annotation.title || annotation.type, vscode.TreeItemCollapsibleState.None);
    item.id = `annotation:${node.dataset}:${annotation.id}`;
    item.description = annotationDescription(annotation);
    item.tooltip = [annotation.description, annotation.url].filter(Boolean).join('\n') || undefined;
    item.iconPath = new vscode.ThemeIcon('tag');
    item.contextValue = annotation.url ? 'apl.annotation.withUrl' : 'apl.annotation';
    return item;
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerAnnotationsView(ctx: Ctx): AnnotationsTree {
  const tree = new AnnotationsTree(ctx);
  const view = vscode.window.createTreeView('apl.annotations', { treeDataProvider: tree, showCollapseAll: true });
  ctx.push(tree, view, ctx.onDidChangeSchema(() => tree.refresh()));

  ctx.registerCommand('apl.annotations.refresh', () => tree.refresh());
  ctx.registerCommand('apl.annotations.add', (node?: AnnotationNode) =>
    showingErrors(async () => {
      const connection = await ctx.connection();
      if (!connection || node?.kind !== 'dataset') return undefined;
      const annotation = await askAnnotation(ctx, { datasets: [node.name] });
      if (!annotation) return undefined;
      const created = await connection.createAnnotation(annotation);
      tree.refresh();
      return created;
    }),
  );
  ctx.registerCommand('apl.annotations.edit', (node?: AnnotationNode) =>
    showingErrors(async () => {
      const connection = await ctx.connection();
      if (!connection || node?.kind !== 'annotation') return undefined;
      const edited = await askAnnotation(ctx, node.annotation, `APL: edit annotation ${node.annotation.id}`);
      if (!edited) return undefined;
      const updated = await connection.updateAnnotation(node.annotation.id, edited);
      tree.refresh();
      return updated;
    }),
  );
  ctx.registerCommand('apl.annotations.delete', (node?: AnnotationNode, confirmed?: boolean) =>
    showingErrors(async () => {
      const connection = await ctx.connection();
      if (!connection || node?.kind !== 'annotation') return undefined;
      if (confirmed !== true) {
        const answer = await vscode.window.showWarningMessage(`Delete the annotation "${node.annotation.title || node.annotation.type}"?`, { modal: true }, 'Delete');
        if (answer !== 'Delete') return undefined;
      }
      await connection.deleteAnnotation(node.annotation.id);
      tree.refresh();
      return node.annotation.id;
    }),
  );
  ctx.registerCommand('apl.annotations.openUrl', async (node?: AnnotationNode) => {
    if (node?.kind === 'annotation' && node.annotation.url) await vscode.env.openExternal(vscode.Uri.parse(node.annotation.url));
  });
  return tree;
}
