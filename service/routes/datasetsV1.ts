/**
 * The legacy `/v1/datasets…` CRUD and trim. Same datasets as `/v2`, in the older, smaller object
 * `{id, name, description, who, created}`; trim answers `{"numDeleted": n}` instead of 204.
 */
import { datasetCapability, orgCapability } from '../auth/capabilities.ts';
import type { Route } from '../http/types.ts';
import { expectObject, optionalString } from '../http/validate.ts';
import type { Dataset } from '../store/datasets.ts';
import { createDataset, deleteDataset, existing, trimDataset } from './datasets.ts';

function v1Dataset(dataset: Dataset) {
  return {
    id: dataset.id,
    name: dataset.name,
    description: dataset.description,
    who: dataset.who,
    created: dataset.created,
  };
}

export const datasetV1Routes: Route[] = [
  {
    method: 'GET',
    path: '/v1/datasets',
    capability: orgCapability('datasets', 'read'),
    handler: async (context) => ({ status: 200, body: (await context.services.datasets.list()).map(v1Dataset) }),
  },
  {
    method: 'POST',
    path: '/v1/datasets',
    capability: orgCapability('datasets', 'create'),
    handler: async (context) => ({
      status: 200,
      body: v1Dataset(await createDataset(context, expectObject(await context.json()))),
    }),
  },
  {
    method: 'GET',
    path: '/v1/datasets/:id',
    capability: orgCapability('datasets', 'read'),
    handler: async (context) => ({ status: 200, body: v1Dataset(await existing(context)) }),
  },
  {
    method: 'PUT',
    path: '/v1/datasets/:id',
    capability: orgCapability('datasets', 'update'),
    handler: async (context) => {
      const body = expectObject(await context.json());
      await existing(context);
      const updated = await context.services.datasets.update(context.params.id!, {
        description: optionalString(body, 'description'),
      });
      return { status: 200, body: v1Dataset(updated!) };
    },
  },
  {
    method: 'DELETE',
    path: '/v1/datasets/:id',
    capability: orgCapability('datasets', 'delete'),
    handler: async (context) => {
      await deleteDataset(context);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/v1/datasets/:id/trim',
    capability: datasetCapability('trim', 'update'),
    handler: async (context) => ({ status: 200, body: { numDeleted: await trimDataset(context) } }),
  },
];
