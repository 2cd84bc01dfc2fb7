/**
 * The query endpoints. APL queries run on the engine (`service/engine/`); structured queries are
 * compiled to the equivalent APL (`engine/structured.ts`) and run the same way.
 */
import { datasetCapability, holds } from '../auth/capabilities.ts';
import { AplQueryError, runApl, type AplRequest, type AplResult } from '../engine/index.ts';
import { maxResultRows } from '../engine/limits.ts';
import { QueryCancelledError } from '../engine/queryControl.ts';
import { QueryQueueFullError } from '../engine/queryQueue.ts';
import { toLegacy, toLegacyResult } from '../engine/results/legacy.ts';
import { toTabular } from '../engine/results/tabular.ts';
import { sortRows, structuredToApl, type StructuredQuery } from '../engine/structured.ts';
import { HttpError, notFound, type RequestContext, type Route } from '../http/types.ts';
import { expectObject, optionalString } from '../http/validate.ts';
import { structuredQueryBody } from './structuredQueryBody.ts';
import { fieldObjects } from './datasets.ts';

const queryRead = datasetCapability('query', 'read');

/**
 * Runs the query with the service's time limit and queue, stopped when the client goes away.
 * Query errors become 400s; a full queue a 503 (with Retry-After, see server.ts).
 */
async function runQuery(context: RequestContext, request: AplRequest): Promise<AplResult> {
  const canRead = (dataset: string) => holds(context.principal, queryRead, dataset);
  const { services } = context;
  try {
    return await runApl(services.database, { ...request, timeLimitMs: services.config.queryTimeLimitMs }, { canRead }, { signal: context.signal, queue: services.queries });
  } catch (error) {
    if (error instanceof AplQueryError) throw queryError(error);
    if (error instanceof QueryQueueFullError) throw new HttpError(503, error.message);
    // Nobody reads this reply: the connection is gone (499 is the customary code for it).
    if (error instanceof QueryCancelledError) throw new HttpError(499, error.message);
    throw error;
  }
}

function queryError(error: AplQueryError): HttpError {
  return new HttpError(400, error.message, { line: error.line, column: error.column, message: error.rawMessage });
}

function withQueryErrors<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw error instanceof AplQueryError ? queryError(error) : error;
  }
}

async function answerApl(context: RequestContext, body: Record<string, unknown>, format: 'legacy' | 'tabular') {
  const apl = optionalString(body, 'apl');
  if (!apl || apl.trim() === '') throw new HttpError(400, 'invalid request body: "apl" must be a non-empty string');
  const request = { apl, startTime: optionalString(body, 'startTime'), endTime: optionalString(body, 'endTime'), defaultLimit: requestedLimit(body) };
  const result = await runQuery(context, request);
  const reply = format === 'tabular' ? toTabular(result) : toLegacy(result);
  reply.fieldsMetaMap = await fieldsMetaMap(context, result.datasetNames);
  return { status: 200, body: reply };
}

/**
 * The body's `defaultLimit`: the rows a query without its own `limit`/`take` returns. 0 or absent
 * is the default (1000), as the structured query's `limit`; at most the rows any query may return.
 */
function requestedLimit(body: Record<string, unknown>): number | undefined {
  const value = body.defaultLimit;
  if (value === undefined || value === null || value === 0) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > maxResultRows) {
    throw new HttpError(400, `invalid request body: "defaultLimit" must be an integer from 0 to ${maxResultRows}`);
  }
  return value;
}

/**
 * `fieldsMetaMap`: each dataset read, with every one of its fields and their metadata (description,
 * unit, hidden), described or not, as the public service lists them.
 */
async function fieldsMetaMap(context: RequestContext, datasets: string[]) {
  const entries = await Promise.all(datasets.map(async (dataset) => [dataset, await fieldObjects(context.services, dataset)] as const));
  return Object.fromEntries(entries);
}

/** Go clients send 0001-01-01T00:00:00Z for an unset time. */
function rangeTime(value: unknown, key: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') throw new HttpError(400, `invalid request body: "${key}" must be a string`);
  return value.startsWith('0001-01-01') ? undefined : value;
}

async function answerStructured(context: RequestContext, dataset: string, query: StructuredQuery) {
  const compiled = withQueryErrors(() => structuredToApl(dataset, query));
  const startTime = rangeTime(query.startTime, 'startTime');
  const endTime = rangeTime(query.endTime, 'endTime');
  const result = await runQuery(context, { apl: compiled.apl, startTime, endTime });
  if (result.totals && query.order?.length) result.totals = { ...result.totals, rows: sortRows(result.totals.rows, result.totals.columns, query.order) };
  // The public Result's keys and no others (status, matches, buckets, fieldsMeta): axiom-go decodes it strictly.
  return { status: 200, body: { ...toLegacyResult(result), fieldsMeta: await fieldObjects(context.services, dataset) } };
}

/** `POST /v1/datasets/_apl`, and the same at the edge path `/v1/query/_apl`. */
async function aplEndpoint(context: RequestContext) {
  const format = context.query.get('format') ?? 'legacy';
  if (format !== 'legacy' && format !== 'tabular') {
    throw new HttpError(400, `invalid query parameter "format": expected "legacy" or "tabular", got "${format}"`);
  }
  const chunks: Uint8Array[] = [];
  for await (const chunk of context.body()) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') throw new HttpError(422, 'request body is empty: expected {"apl": "<query>"}');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `request body is not valid JSON: ${error instanceof Error ? error.message : error}`);
  }
  return answerApl(context, expectObject(body), format);
}

export const queryRoutes: Route[] = [
  { method: 'POST', path: '/v1/datasets/_apl', capability: queryRead, handler: aplEndpoint },
  { method: 'POST', path: '/v1/query/_apl', capability: queryRead, handler: aplEndpoint },
  {
    method: 'POST',
    path: '/v1/datasets/:id/query',
    capability: queryRead,
    handler: async (context) => {
      const body = structuredQueryBody(await context.json());
      if (!(await context.services.datasets.get(context.params.id!))) throw notFound(`dataset "${context.params.id}"`);
      return answerStructured(context, context.params.id!, body);
    },
  },
];
