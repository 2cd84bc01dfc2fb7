/**
 * The query endpoints. APL queries run on the engine (`service/engine/`); the structured query
 * endpoint is routed and authorised but not compiled yet, and answers 501.
 */
import { datasetCapability, holds } from '../auth/capabilities.ts';
import { AplQueryError, runApl } from '../engine/index.ts';
import { toLegacy } from '../engine/results/legacy.ts';
import { toTabular } from '../engine/results/tabular.ts';
import { HttpError, notFound, type RequestContext, type Route } from '../http/types.ts';
import { expectObject, optionalString } from '../http/validate.ts';

const queryRead = datasetCapability('query', 'read');
const notYet = () => new HttpError(501, 'structured queries are not implemented yet by this local service; use the APL endpoint');

async function answerApl(context: RequestContext, body: Record<string, unknown>, format: 'legacy' | 'tabular') {
  const apl = optionalString(body, 'apl');
  if (!apl || apl.trim() === '') throw new HttpError(400, 'invalid request body: "apl" must be a non-empty string');
  const request = { apl, startTime: optionalString(body, 'startTime'), endTime: optionalString(body, 'endTime') };
  const canRead = (dataset: string) => holds(context.principal, queryRead, dataset);
  try {
    const result = await runApl(context.services.database, request, { canRead });
    return { status: 200, body: format === 'tabular' ? toTabular(result) : toLegacy(result) };
  } catch (error) {
    if (!(error instanceof AplQueryError)) throw error;
    throw new HttpError(400, error.message, { line: error.line, column: error.column, message: error.rawMessage });
  }
}

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
      return answerApl(context, expectObject(body), format);
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
