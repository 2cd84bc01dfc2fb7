import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { startTestService, type TestService } from './harness.ts';

/**
 * Random-shape bodies to the structured query endpoint: plausible keys holding plausible or wild
 * values. Every answer must be a 2xx or a 4xx with the error body; a 5xx, or a connection the
 * service drops (the harness turns an internal error into one), fails the property.
 */
describe('structured query fuzz', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
    assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'fuzz', description: '' } })).status, 200);
    const rows = [
      { _time: '2026-11-20T10:00:00Z', status: 200, method: 'GET', tags: ['a'], geo: { city: 'Paris' } },
      { _time: '2026-11-20T11:00:00Z', status: 500, method: 'POST', latency: 1.5 },
    ];
    const ingest = await service.call('POST', '/v1/datasets/fuzz/ingest', { body: rows });
    assert.equal(ingest.body.ingested, rows.length);
  });
  after(() => service.stop());

  const filterOps = ['', 'and', 'or', 'not', '==', 'eq', '!=', 'ne', 'exists', 'not-exists', '>', 'gte', '<', 'lte', 'starts-with', 'not-contains', 'regexp', 'not-regexp', 'bogus'];
  const aggregationOps = ['count', 'distinct', 'sum', 'avg', 'min', 'max', 'topk', 'percentiles', 'histogram', 'stdev', 'variance', 'makeset', 'makelist', 'rate', 'argmin', 'bogus'];
  const names = ['status', 'method', 'latency', 'tags', 'geo.city', '_time', 'missing', '', '*', "it's \"quoted\"\\"];

  const wild = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 8 }),
    fc.constantFrom('auto', '1m', '0s', '-1h', '9999999999999999999h', '1e400', 'NaN'),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const or = <T>(plausible: fc.Arbitrary<T>) => fc.oneof({ weight: 3, arbitrary: plausible }, { weight: 1, arbitrary: wild });
  const name = or(fc.constantFrom(...names));
  const list = <T>(item: fc.Arbitrary<T>) => or(fc.array(or(item), { maxLength: 3 }));

  const { filter } = fc.letrec((tie) => ({
    filter: fc.record(
      {
        op: or(fc.constantFrom(...filterOps)),
        field: name,
        value: wild,
        caseSensitive: or(fc.boolean()),
        children: list(tie('filter')),
      },
      { requiredKeys: [] },
    ),
  }));
  const aggregation = fc.record(
    { op: or(fc.constantFrom(...aggregationOps)), field: name, alias: or(fc.constantFrom('n', 'status', '')), argument: or(fc.oneof(fc.integer({ min: -5, max: 100 }), fc.array(fc.double(), { maxLength: 3 }))) },
    { requiredKeys: [] },
  );
  const body = fc.record(
    {
      startTime: or(fc.constantFrom('2026-11-20T00:00:00Z', '0001-01-01T00:00:00Z', 'now-1d', 'yesterday')),
      endTime: or(fc.constantFrom('2026-11-21T00:00:00Z', 'now', '')),
      resolution: or(fc.constantFrom('auto', '1m0s', '500ms', '', '0s', 'x')),
      aggregations: list(aggregation),
      groupBy: list(name),
      filter: or(filter),
      order: list(fc.record({ field: name, desc: or(fc.boolean()) }, { requiredKeys: [] })),
      limit: or(fc.integer({ min: -2, max: 60_000 })),
      virtualFields: list(fc.record({ alias: name, expr: or(fc.constantFrom('status * 2', 'strlen(method)', 'nope(', '')) }, { requiredKeys: [] })),
      project: list(fc.record({ field: name, alias: or(fc.constantFrom('x', '')) }, { requiredKeys: [] })),
    },
    { requiredKeys: [] },
  );

  it('answers every body with a 2xx or a 4xx error body, never a 5xx or a dropped connection', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof({ weight: 9, arbitrary: body }, { weight: 1, arbitrary: wild }), async (request) => {
        const reply = await service.call('POST', '/v1/datasets/fuzz/query', { body: request });
        assert.ok(reply.status < 500, `status ${reply.status} for ${JSON.stringify(request)}: ${JSON.stringify(reply.body)}`);
        if (reply.status >= 400) {
          assert.equal(reply.body.code, reply.status);
          assert.equal(typeof reply.body.message, 'string');
        }
      }),
      { numRuns: 300 },
    );
  });
});
