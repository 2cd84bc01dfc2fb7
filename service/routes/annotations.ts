/** `/v2/annotations…`: annotation CRUD and the filtered list. */
import { orgCapability } from '../auth/capabilities.ts';
import { HttpError, notFound, type RequestContext, type Route } from '../http/types.ts';
import {
  expectObject,
  optionalString,
  optionalStringArray,
  optionalTimestamp,
  type JsonObject,
} from '../http/validate.ts';
import type { Annotation, AnnotationInput } from '../store/annotations.ts';
import { isZeroTime, parseTimestamp } from '../time.ts';

const typePattern = /^[a-z0-9-]+$/;

function limited(value: string, field: string, maximum: number): string {
  if (value.length > maximum) throw new HttpError(400, `invalid request body: "${field}" is longer than ${maximum} characters`);
  return value;
}

/** Reads an annotation body; fields it leaves out come from `base` (an update) or defaults (a create). */
function annotationInput(body: JsonObject, base: Annotation | undefined): AnnotationInput {
  const datasets = optionalStringArray(body, 'datasets') ?? base?.datasets;
  if (!datasets || datasets.length === 0) {
    throw new HttpError(400, 'invalid request body: "datasets" must be a non-empty array of dataset names');
  }
  const type = optionalString(body, 'type') ?? base?.type;
  if (!type) throw new HttpError(400, 'invalid request body: "type" is required');
  if (!typePattern.test(type)) {
    throw new HttpError(400, 'invalid request body: "type" must match ^[a-z0-9-]+$');
  }
  const time = optionalTimestamp(body, 'time') ?? (base ? new Date(base.time) : new Date());
  const endTime =
    'endTime' in body ? optionalTimestamp(body, 'endTime') : base?.endTime ? new Date(base.endTime) : undefined;
  if (endTime && endTime.getTime() < time.getTime()) {
    throw new HttpError(400, 'invalid request body: "endTime" is before "time"');
  }
  return {
    datasets,
    type: limited(type, 'type', 256),
    time,
    endTime,
    title: limited(optionalString(body, 'title') ?? base?.title ?? '', 'title', 256),
    description: limited(optionalString(body, 'description') ?? base?.description ?? '', 'description', 512),
    url: limited(optionalString(body, 'url') ?? base?.url ?? '', 'url', 512),
  };
}

async function checkDatasets(context: RequestContext, names: string[]): Promise<void> {
  for (const name of names) {
    if (!(await context.services.datasets.get(name))) throw notFound(`dataset "${name}"`);
  }
}

/** A `start`/`end` query bound; Go sends the zero time (and `start` twice) for "none". */
function bound(context: RequestContext, name: 'start' | 'end', pick: 'first' | 'last'): Date | undefined {
  const values = context.query.getAll(name).filter((value) => value !== '');
  const text = pick === 'first' ? values[0] : values[values.length - 1];
  if (text === undefined) return undefined;
  const date = parseTimestamp(text);
  if (!date) throw new HttpError(400, `invalid query parameter "${name}": expected an RFC 3339 timestamp, got "${text}"`);
  return isZeroTime(date) ? undefined : date;
}

async function existing(context: RequestContext): Promise<Annotation> {
  const annotation = await context.services.annotations.get(context.params.id!);
  if (!annotation) throw notFound(`annotation "${context.params.id}"`);
  return annotation;
}

export const annotationRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v2/annotations',
    capability: orgCapability('annotations', 'create'),
    handler: async (context) => {
      const input = annotationInput(expectObject(await context.json()), undefined);
      await checkDatasets(context, input.datasets);
      return { status: 201, body: await context.services.annotations.create(input) };
    },
  },
  {
    method: 'GET',
    path: '/v2/annotations',
    capability: orgCapability('annotations', 'read'),
    handler: async (context) => {
      const datasets = context.query
        .getAll('datasets')
        .flatMap((value) => value.split(','))
        .map((name) => name.trim())
        .filter((name) => name !== '');
      const list = await context.services.annotations.list({
        datasets: datasets.length > 0 ? datasets : undefined,
        start: bound(context, 'start', 'first'),
        end: bound(context, 'end', 'last'),
      });
      return { status: 200, body: list };
    },
  },
  {
    method: 'GET',
    path: '/v2/annotations/:id',
    capability: orgCapability('annotations', 'read'),
    handler: async (context) => ({ status: 200, body: await existing(context) }),
  },
  {
    method: 'PUT',
    path: '/v2/annotations/:id',
    capability: orgCapability('annotations', 'update'),
    handler: async (context) => {
      const body = expectObject(await context.json());
      const input = annotationInput(body, await existing(context));
      // Only datasets the update names must exist: an annotation outlives a deleted dataset.
      await checkDatasets(context, optionalStringArray(body, 'datasets') ?? []);
      const updated = await context.services.annotations.replace(context.params.id!, input);
      if (!updated) throw notFound(`annotation "${context.params.id}"`);
      return { status: 200, body: updated };
    },
  },
  {
    method: 'DELETE',
    path: '/v2/annotations/:id',
    capability: orgCapability('annotations', 'delete'),
    handler: async (context) => {
      if (!(await context.services.annotations.delete(context.params.id!))) {
        throw notFound(`annotation "${context.params.id}"`);
      }
      return { status: 204 };
    },
  },
];
