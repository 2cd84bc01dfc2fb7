/**
 * The JSON schema of a structured query body (axiom-api.md §8.1, the StructuredQuery type), checked
 * before the query is planned so a wrong type is a 400 naming its path, never a crash in the
 * planner. Go sends every key every time, unset lists as null and unset strings as ""; JS sends only
 * what was set; so nulls pass wherever a value is optional. Keys not listed here (cursor,
 * includeCursor, continuationToken, …) pass unchecked: the service ignores them.
 */
import type { StructuredQuery } from '../engine/structured.ts';
import { bodySchema } from '../http/validate.ts';

const optionalString = { type: ['string', 'null'] };
const listOf = (items: object) => ({ type: ['array', 'null'], items });

const filter = {
  type: ['object', 'null'],
  properties: {
    op: optionalString,
    field: optionalString,
    // A string, number, boolean or null; the planner names what it expects per op.
    value: {},
    caseSensitive: { type: ['boolean', 'null'] },
    children: listOf({ $ref: '#/definitions/filter' }),
  },
};

const aggregation = {
  type: 'object',
  required: ['op'],
  properties: {
    op: { type: 'string' },
    field: optionalString,
    alias: optionalString,
    // k for topk, the bucket count for histogram, a number or list of numbers for percentiles.
    argument: {},
  },
};

const structuredQuerySchema = {
  type: 'object',
  definitions: { filter },
  properties: {
    startTime: optionalString,
    endTime: optionalString,
    resolution: optionalString,
    aggregations: listOf(aggregation),
    groupBy: listOf({ type: 'string' }),
    filter: { $ref: '#/definitions/filter' },
    order: listOf({
      type: 'object',
      required: ['field'],
      properties: { field: { type: 'string' }, desc: { type: ['boolean', 'null'] } },
    }),
    limit: { type: ['integer', 'null'], minimum: 0 },
    virtualFields: listOf({
      type: 'object',
      required: ['alias', 'expr'],
      properties: { alias: { type: 'string' }, expr: { type: 'string' } },
    }),
    project: listOf({
      type: 'object',
      required: ['field'],
      properties: { field: { type: 'string' }, alias: optionalString },
    }),
  },
};

/** The body as a StructuredQuery, or a 400 naming the first bad value's path. */
export const structuredQueryBody = bodySchema<StructuredQuery>(structuredQuerySchema);
