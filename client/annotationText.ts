/**
 * How annotations read in lists and messages. The public schema makes an annotation's `time`
 * optional, and a create reply may leave out `datasets`, so neither is taken for granted. Pure.
 */
import { instantKey } from './webview/table/instantOrder.ts';
import type { Annotation } from './serviceTypes.ts';

/** Newest first by instant; annotations without a (readable) time last, in the order given. */
export function newestFirst(annotations: readonly Annotation[]): Annotation[] {
  const keyed = annotations.map((annotation, index) => ({ annotation, index, key: typeof annotation.time === 'string' ? instantKey(annotation.time) : undefined }));
  keyed.sort((a, b) => {
    if (a.key === undefined || b.key === undefined) return a.key === b.key ? a.index - b.index : a.key === undefined ? 1 : -1;
    return a.key > b.key ? -1 : a.key < b.key ? 1 : a.index - b.index;
  });
  return keyed.map((entry) => entry.annotation);
}

/** `type · time → end`, with `no time` for an annotation that has none. */
export function annotationDescription(annotation: Annotation): string {
  const time = typeof annotation.time === 'string' && annotation.time !== '' ? annotation.time : 'no time';
  return `${annotation.type} · ${time}${annotation.endTime ? ` → ${annotation.endTime}` : ''}`;
}

/** The confirmation after a create: the datasets of the reply, else those asked for. */
export function createdMessage(created: Partial<Annotation>, requested: readonly string[]): string {
  const datasets = Array.isArray(created.datasets) && created.datasets.length > 0 ? created.datasets : requested;
  const id = created.id ? ` ${created.id}` : '';
  return `APL: annotation${id} added${datasets.length > 0 ? ` to ${datasets.join(', ')}` : ''}.`;
}
