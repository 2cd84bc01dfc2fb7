/**
 * The query endpoints, routed and authorised. The engine is not built yet, so after the checks a
 * valid request is answered 501 with a message saying so.
 */
import { datasetCapability } from '../auth/capabilities.ts';
import { HttpError, notFound, type Route } from '../http/types.ts';
import { expectObject, optionalString } from '../http/validate.ts';

const queryRead = datasetCapability('query', 'read');
const notYet = () => new HttpError(501, 'queries are not implemented yet by this local service (the APL engine is still to come)');

export const queryRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/datasets/_apl',
    capability: queryRead,
    handler: async (context) => {
      const format = context.query.get('format') ?? 'legacy';
      if (format !== 'legacy' && format !== 'tabular') {
        throw new HttpError(400, `invalid query parameter "format": expected "legacy" or "tabular", got "${format}"`);
      }
      const chunks: Uint8Array[] = [];
      for await (const chunk of context.body()) chunks.push(chunk);
      if (Buffer.concat(chunks).toString('utf8').trim() === '') {
        throw new HttpError(422, 'request body is empty: expected {"apl": "<query>"}');
      }
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        throw new HttpError(400, `request body is not valid JSON: ${error instanceof Error ? error.message : error}`);
      }
      const apl = optionalString(expectObject(body), 'apl');
      if (!apl || apl.trim() === '') throw new HttpError(400, 'invalid request body: "apl" must be a non-empty string');
      throw notYet();
    },
  },
  {
    method: 'POST',
    path: '/v1/datasets/:id/query',
    capability: queryRead,
    handler: async (context) => {
      expectObject(await context.json());
      if (!(await context.services.datasets.get(context.params.id!))) throw notFound(`dataset "${context.params.id}"`);
      throw notYet();
    },
  },
];
