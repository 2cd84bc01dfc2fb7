/** `/v2/datasets…`: dataset CRUD, trim, vacuum, fields (and their metadata) and map fields. */
import { datasetCapability, orgCapability } from '../auth/capabilities.ts';
import { HttpError, notFound, type RequestContext, type Route } from '../http/types.ts';
import {
  expectObject,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredString,
  type JsonObject,
} from '../http/validate.ts';
import {
  datasetKinds,
  datasetNameProblem,
  noFieldMetadata,
  type Dataset,
  type DatasetKind,
  type FieldMetadata,
} from '../store/datasets.ts';
import type { FieldInfo } from '../store/fieldTypes.ts';
import type { Services } from '../services.ts';
import { parseGoDuration } from '../goDuration.ts';

export async function existing(context: RequestContext): Promise<Dataset> {
  const name = context.params.id!;
  const dataset = await context.services.datasets.get(name);
  if (!dataset) throw notFound(`dataset "${name}"`);
  return dataset;
}

function who(context: RequestContext): string {
  return context.principal.kind === 'personal' ? context.principal.userId : context.principal.tokenId;
}

/** Validates a create body and creates the dataset's metadata and event table; 409 if it exists. */
export async function createDataset(context: RequestContext, body: JsonObject): Promise<Dataset> {
  const name = requiredString(body, 'name');
  const problem = datasetNameProblem(name);
  if (problem) throw new HttpError(400, `invalid dataset name "${name}": ${problem}`);
  const kind = optionalString(body, 'kind') ?? 'axiom:events:v1';
  if (!(datasetKinds as readonly string[]).includes(kind)) {
    throw new HttpError(400, `invalid request body: "kind" must be one of ${datasetKinds.join(', ')}`);
  }
  const { datasets, events } = context.services;
  const created = await datasets.create({
    name,
    kind: kind as DatasetKind,
    description: optionalString(body, 'description') ?? '',
    who: who(context),
    useRetentionPeriod: optionalBoolean(body, 'useRetentionPeriod') ?? false,
    retentionDays: optionalInteger(body, 'retentionDays') ?? 0,
  });
  if (!created) throw new HttpError(409, `dataset "${name}" already exists`);
  try {
    await events.createDataset(name);
  } catch (error) {
    await datasets.delete(name);
    throw error;
  }
  return created;
}

export async function deleteDataset(context: RequestContext): Promise<void> {
  const dataset = await existing(context);
  await context.services.events.dropDataset(dataset.name);
  await context.services.datasets.delete(dataset.name);
}

/** Deletes the events older than the body's `maxDuration` (a Go duration); answers how many. */
export async function trimDataset(context: RequestContext): Promise<number> {
  const body = expectObject(await context.json());
  const text = requiredString(body, 'maxDuration');
  const duration = parseGoDuration(text);
  if (duration === undefined || duration < 0) {
    throw new HttpError(400, `invalid request body: "maxDuration" must be a duration such as "1h" or "30m0s" (at most 2562047h), got "${text}"`);
  }
  const dataset = await existing(context);
  return context.services.events.trimDataset(dataset.name, new Date(Date.now() - duration));
}

const mapFieldName = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;

function checkMapFieldName(name: string): void {
  if (!mapFieldName.test(name) || (name.startsWith('__') && name.endsWith('__'))) {
    throw new HttpError(400, `invalid map field name "${name}"`);
  }
}

const read = orgCapability('datasets', 'read');
const update = orgCapability('datasets', 'update');

export const datasetRoutes: Route[] = [
  {
    method: 'GET',
    path: '/v2/datasets',
    capability: read,
    handler: async (context) => ({ status: 200, body: await context.services.datasets.list() }),
  },
  {
    method: 'POST',
    path: '/v2/datasets',
    capability: orgCapability('datasets', 'create'),
    handler: async (context) => ({ status: 200, body: await createDataset(context, expectObject(await context.json())) }),
  },
  {
    method: 'GET',
    path: '/v2/datasets/:id',
    capability: read,
    handler: async (context) => ({ status: 200, body: await existing(context) }),
  },
  {
    method: 'PUT',
    path: '/v2/datasets/:id',
    capability: update,
    handler: async (context) => {
      const body = expectObject(await context.json());
      await existing(context);
      const updated = await context.services.datasets.update(context.params.id!, {
        description: optionalString(body, 'description'),
        useRetentionPeriod: optionalBoolean(body, 'useRetentionPeriod'),
        retentionDays: optionalInteger(body, 'retentionDays'),
      });
      return { status: 200, body: updated };
    },
  },
  {
    method: 'DELETE',
    path: '/v2/datasets/:id',
    capability: orgCapability('datasets', 'delete'),
    handler: async (context) => {
      await deleteDataset(context);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/v2/datasets/:id/trim',
    capability: datasetCapability('trim', 'update'),
    handler: async (context) => {
      await trimDataset(context);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/v2/datasets/:id/vacuum',
    capability: datasetCapability('vacuum', 'update'),
    handler: async (context) => {
      const dataset = await existing(context);
      await context.services.events.vacuumDataset(dataset.name);
      // The reference names the result VacuumResult without giving it any member.
      return { status: 200, body: {} };
    },
  },
  {
    method: 'GET',
    path: '/v2/datasets/:id/fields',
    capability: datasetCapability('query', 'read'),
    handler: async (context) => {
      const dataset = await existing(context);
      return { status: 200, body: await fieldObjects(context.services, dataset.name) };
    },
  },
  {
    method: 'GET',
    path: '/v2/datasets/:id/fields/:field',
    capability: datasetCapability('query', 'read'),
    handler: async (context) => {
      const { field, metadata } = await existingField(context);
      return { status: 200, body: fieldObject(field, metadata) };
    },
  },
  {
    method: 'PUT',
    path: '/v2/datasets/:id/fields/:field',
    capability: update,
    handler: async (context) => {
      const body = expectObject(await context.json());
      const { dataset, field, metadata } = await existingField(context);
      const name = optionalString(body, 'name');
      if (name !== undefined && name !== field.name) {
        throw new HttpError(400, `invalid request body: "name" is "${name}" but the path names field "${field.name}" (fields cannot be renamed)`);
      }
      const type = optionalString(body, 'type');
      if (type !== undefined && type !== field.type) {
        throw new HttpError(400, `invalid request body: "type" is "${type}" but field "${field.name}" holds ${field.type} values (the type comes from the data)`);
      }
      const updated: FieldMetadata = {
        description: optionalString(body, 'description') ?? metadata.description,
        unit: optionalString(body, 'unit') ?? metadata.unit,
        hidden: optionalBoolean(body, 'hidden') ?? metadata.hidden,
      };
      await context.services.datasets.setFieldMetadata(dataset.name, field.name, updated);
      return { status: 200, body: fieldObject(field, updated) };
    },
  },
  {
    method: 'GET',
    path: '/v2/datasets/:id/mapfields',
    capability: read,
    handler: async (context) => ({ status: 200, body: (await existing(context)).mapFields }),
  },
  {
    method: 'POST',
    path: '/v2/datasets/:id/mapfields',
    capability: update,
    handler: async (context) => {
      const name = requiredString(expectObject(await context.json()), 'name');
      checkMapFieldName(name);
      const dataset = await existing(context);
      if (dataset.mapFields.includes(name)) throw new HttpError(409, `map field "${name}" already exists`);
      await context.services.datasets.update(dataset.name, { mapFields: [...dataset.mapFields, name] });
      return { status: 200, body: { name } };
    },
  },
  {
    method: 'PUT',
    path: '/v2/datasets/:id/mapfields',
    capability: update,
    handler: async (context) => {
      const body = await context.json();
      if (!Array.isArray(body) || !body.every((item) => typeof item === 'string')) {
        throw new HttpError(400, 'invalid request body: expected an array of map field names');
      }
      const names = body as string[];
      names.forEach(checkMapFieldName);
      const duplicate = names.find((name, index) => names.indexOf(name) !== index);
      if (duplicate !== undefined) throw new HttpError(400, `map field "${duplicate}" is listed twice`);
      const dataset = await existing(context);
      const updated = await context.services.datasets.update(dataset.name, { mapFields: names });
      return { status: 200, body: updated!.mapFields };
    },
  },
  {
    method: 'DELETE',
    path: '/v2/datasets/:id/mapfields/:field',
    capability: update,
    handler: async (context) => {
      const dataset = await existing(context);
      const name = context.params.field!;
      if (!dataset.mapFields.includes(name)) throw notFound(`map field "${name}" of dataset "${dataset.name}"`);
      await context.services.datasets.update(dataset.name, {
        mapFields: dataset.mapFields.filter((field) => field !== name),
      });
      return { status: 204 };
    },
  },
];

async function existingField(context: RequestContext) {
  const dataset = await existing(context);
  const fields = await context.services.events.fields(dataset.name);
  const field = fields.find((candidate) => candidate.name === context.params.field);
  if (!field) throw notFound(`field "${context.params.field}" of dataset "${dataset.name}"`);
  const metadata = (await context.services.datasets.fieldMetadata(dataset.name)).get(field.name) ?? noFieldMetadata;
  return { dataset, field, metadata };
}

/** A dataset's fields as the API shows them. */
export async function fieldObjects(services: Services, dataset: string) {
  const metadata = await services.datasets.fieldMetadata(dataset);
  const fields = await services.events.fields(dataset);
  return fields.map((field) => fieldObject(field, metadata.get(field.name)));
}

export function fieldObject(field: FieldInfo, metadata: FieldMetadata = noFieldMetadata) {
  return { name: field.name, type: field.type, description: metadata.description, unit: metadata.unit, hidden: metadata.hidden };
}
