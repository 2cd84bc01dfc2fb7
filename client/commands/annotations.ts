/** Add Annotation, List Annotations (open or delete one), Delete Annotations. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { prompts } from '../prompts.ts';
import { showingErrors } from './showingErrors.ts';
import { annotationDescription, createdMessage, newestFirst } from '../annotationText.ts';
import type { Annotation, NewAnnotation } from '../serviceTypes.ts';
import { askTime, pickDatasets } from './pickers.ts';

export function registerAnnotationCommands(ctx: Ctx): void {
  ctx.registerCommand('apl.addAnnotation', (given?: NewAnnotation) => showingErrors(() => addAnnotation(ctx, given)));
  ctx.registerCommand('apl.listAnnotations', () => showingErrors(() => listAnnotations(ctx)));
  ctx.registerCommand('apl.deleteAnnotation', (id?: string) => showingErrors(() => deleteAnnotations(ctx, id)));
}

async function addAnnotation(ctx: Ctx, given?: NewAnnotation): Promise<Annotation | undefined> {
  const connection = await ctx.connection();
  if (!connection) return undefined;
  const annotation = given ?? (await askAnnotation(ctx));
  if (!annotation) return undefined;
  const created = await connection.createAnnotation(annotation);
  void vscode.window.showInformationMessage(createdMessage(created, annotation.datasets));
  return created;
}

/** Asks for an annotation's fields; `start` (editing, or a dataset picked in the view) fills them in. */
export async function askAnnotation(ctx: Ctx, start?: Partial<Annotation>, title = 'APL: add annotation'): Promise<NewAnnotation | undefined> {
  const connection = (await ctx.connection())!;
  const datasets = start?.datasets ?? (await pickDatasets(connection, `${title}: datasets`, true));
  if (!datasets) return undefined;
  const type = await prompts().showInputBox({
    title: `${title}: type`,
    value: start?.type ?? 'deploy',
    validateInput: (value) => (/^[a-z0-9-]{1,256}$/.test(value) ? undefined : 'Lower-case letters, digits and "-" only.'),
  });
  if (!type) return undefined;
  const name = await prompts().showInputBox({ title: `${title}: title`, value: start?.title ?? '', prompt: 'Optional, up to 256 characters', validateInput: max(256) });
  if (name === undefined) return undefined;
  const description = await prompts().showInputBox({ title: `${title}: description`, value: start?.description ?? '', prompt: 'Optional', validateInput: max(512) });
  if (description === undefined) return undefined;
  const url = await prompts().showInputBox({
    title: `${title}: URL`,
    value: start?.url ?? '',
    prompt: 'Optional link, e.g. to the release',
    validateInput: (value) => (value === '' || URL.canParse(value) ? max(512)(value) : 'Not a URL.'),
  });
  if (url === undefined) return undefined;
  const time = await askTime(`${title}: time`, start?.time ? `ISO 8601; empty keeps ${start.time}` : 'ISO 8601; empty for now', start?.time ?? new Date().toISOString());
  if (time === undefined || time === null) return undefined;
  const endTime = await askTime(`${title}: end time`, 'Optional ISO 8601 end; empty for a point in time', start?.endTime ?? null);
  if (endTime === undefined) return undefined;
  const annotation: NewAnnotation = { datasets, type, time };
  if (name) annotation.title = name;
  if (description) annotation.description = description;
  if (url) annotation.url = url;
  if (endTime) annotation.endTime = endTime;
  return annotation;
}

const max = (length: number) => (value: string) => (value.length <= length ? undefined : `At most ${length} characters.`);

type AnnotationItem = vscode.QuickPickItem & { annotation: Annotation };

async function annotationItems(ctx: Ctx, title: string): Promise<AnnotationItem[] | undefined> {
  const connection = await ctx.connection();
  if (!connection) return undefined;
  const datasets = await pickDatasets(connection, `${title}: dataset`, false);
  if (!datasets) return undefined;
  const annotations = await connection.listAnnotations(datasets);
  if (annotations.length === 0) {
    void vscode.window.showInformationMessage(`APL: no annotations on ${datasets[0]}.`);
    return undefined;
  }
  return newestFirst(annotations)
    .map((annotation) => ({
      label: annotation.title || annotation.type,
      description: annotationDescription(annotation),
      detail: [annotation.description, annotation.url].filter(Boolean).join(' · ') || undefined,
      annotation,
    }));
}

async function listAnnotations(ctx: Ctx): Promise<Annotation[] | undefined> {
  const items = await annotationItems(ctx, 'APL: annotations');
  if (!items) return undefined;
  const picked = await prompts().showQuickPick(items, { title: 'APL: annotations (pick one to open or delete)' });
  if (!picked) return items.map((item) => item.annotation);
  const actions = picked.annotation.url ? ['Open URL', 'Delete'] : ['Delete'];
  const action = await prompts().showQuickPick(actions, { title: picked.label });
  if (action === 'Open URL') await vscode.env.openExternal(vscode.Uri.parse(picked.annotation.url!));
  if (action === 'Delete') await deleteAnnotations(ctx, picked.annotation.id);
  return items.map((item) => item.annotation);
}

async function deleteAnnotations(ctx: Ctx, id?: string): Promise<string[] | undefined> {
  const connection = await ctx.connection();
  if (!connection) return undefined;
  let ids: string[];
  if (id) ids = [id];
  else {
    const items = await annotationItems(ctx, 'APL: delete annotations');
    if (!items) return undefined;
    const picked = await prompts().showQuickPick(items, { title: 'APL: delete annotations', canPickMany: true });
    if (!picked || picked.length === 0) return undefined;
    const confirm = await vscode.window.showWarningMessage(`Delete ${picked.length} annotation(s)?`, { modal: true }, 'Delete');
    if (confirm !== 'Delete') return undefined;
    ids = picked.map((item) => item.annotation.id);
  }
  for (const each of ids) await connection.deleteAnnotation(each);
  void vscode.window.showInformationMessage(`APL: deleted ${ids.join(', ')}.`);
  return ids;
}
