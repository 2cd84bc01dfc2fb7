import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { datasetWithEvents, startTestService, type TestService } from './harness.ts';

/**
 * The structured query endpoint end to end, each answer cross-checked against a hand-written APL
 * query on the APL endpoint over the same events.
 */
describe('POST /v1/datasets/{id}/query', () => {
  let service: TestService;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
  const events = [
    { _time: '2026-11-20T10:05:00Z', id: 1, status: 200, method: 'GET', uri: '/api/Users', response: 'ok', city: 'Berlin' },
    { _time: '2026-11-20T10:35:00Z', id: 2, status: 500, method: 'get', uri: '/api/items', response: 'boom', city: 'Paris' },
    { _time: '2026-11-20T11:10:00Z', id: 3, status: 500, method: 'POST', uri: '/api/users/7', city: 'Berlin' },
    { _time: '2026-11-20T11:40:00Z', id: 4, status: 404, method: 'GET', uri: '/health', response: 'missing' },
    { _time: '2026-11-20T12:15:00Z', id: 5, status: 201, method: 'PUT', uri: '/api/items/9', response: 'created', city: 'tokyo' },
  ];

  before(async () => {
    service = await startTestService();
    const ingest = await datasetWithEvents(service, 'web', events);
    assert.equal(ingest.body.ingested, events.length);
  });
  after(() => service.stop());

  const structured = (body: Record<string, unknown>) => service.call('POST', '/v1/datasets/web/query', { body: { ...range, ...body } });
  const apl = (text: string) => service.call('POST', '/v1/datasets/_apl?format=legacy', { body: { apl: text, ...range } });
  const ids = (reply: { body: { matches: { data: { id: number } }[] } }) => reply.body.matches.map((match) => match.data.id);

  it('answers the events newest first without a filter, like the dataset alone in APL', async () => {
    const reply = await structured({});
    assert.equal(reply.status, 200);
    assert.deepEqual(ids(reply), [5, 4, 3, 2, 1]);
    assert.deepEqual(ids(reply), ids(await apl("['web']")));
    assert.deepEqual(reply.body.buckets, { series: [], totals: [] });
    assert.equal(reply.body.status.rowsMatched, 5);
  });

  const filters: [string, Record<string, unknown>, string][] = [
    ['==', { op: '==', field: 'status', value: 500 }, 'status == 500'],
    ['eq on a string ignores case', { op: 'eq', field: 'method', value: 'GET' }, "method =~ 'GET'"],
    ['eq caseSensitive', { op: 'eq', field: 'method', value: 'GET', caseSensitive: true }, "method == 'GET'"],
    ['!=', { op: '!=', field: 'status', value: 500 }, 'status != 500'],
    ['ne on a string', { op: 'ne', field: 'method', value: 'get' }, "method !~ 'get'"],
    ['>', { op: '>', field: 'status', value: 404 }, 'status > 404'],
    ['gte', { op: 'gte', field: 'status', value: 404 }, 'status >= 404'],
    ['<', { op: '<', field: 'status', value: 404 }, 'status < 404'],
    ['lte', { op: 'lte', field: 'status', value: 404 }, 'status <= 404'],
    ['exists', { op: 'exists', field: 'response' }, 'isnotnull(response)'],
    ['not-exists', { op: 'not-exists', field: 'city' }, 'isnull(city)'],
    ['starts-with', { op: 'starts-with', field: 'uri', value: '/API/USERS' }, "uri startswith '/api/users'"],
    ['not-starts-with', { op: 'not-starts-with', field: 'uri', value: '/api' }, "uri !startswith '/api'"],
    ['ends-with caseSensitive', { op: 'ends-with', field: 'uri', value: 'Users', caseSensitive: true }, "uri endswith_cs 'Users'"],
    ['not-ends-with', { op: 'not-ends-with', field: 'uri', value: 's' }, "uri !endswith 's'"],
    ['contains', { op: 'contains', field: 'uri', value: 'ITEMS' }, "uri contains 'items'"],
    ['not-contains', { op: 'not-contains', field: 'uri', value: 'items' }, "uri !contains 'items'"],
    ['regexp ignores case', { op: 'regexp', field: 'uri', value: '^/api/u' }, "uri matches regex '(?i)^/api/u'"],
    ['not-regexp caseSensitive', { op: 'not-regexp', field: 'uri', value: '^/api/u', caseSensitive: true }, "not(uri matches regex '^/api/u')"],
    ['and', { op: 'and', children: [{ op: '==', field: 'status', value: 500 }, { op: 'eq', field: 'city', value: 'berlin' }] }, "status == 500 and city =~ 'berlin'"],
    ['or', { op: 'or', children: [{ op: '==', field: 'status', value: 201 }, { op: 'contains', field: 'uri', value: 'health' }] }, "status == 201 or uri contains 'health'"],
    ['not', { op: 'not', children: [{ op: '==', field: 'status', value: 500 }] }, 'not(status == 500)'],
    ['the empty op filters nothing', { op: '', field: '', value: null, caseSensitive: false, children: null }, 'true'],
  ];
  for (const [title, filter, predicate] of filters) {
    it(`filter ${title} matches what APL's where matches`, async () => {
      const reply = await structured({ filter });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const expected = ids(await apl(`['web'] | where ${predicate}`));
      assert.deepEqual(ids(reply), expected);
      assert.ok(expected.length > 0 || predicate === 'true', 'the case selects some events');
    });
  }

  it('buckets per time bin and group agree with summarize by bin(_time, 1h), and the totals with their sum', async () => {
    const reply = await structured({ resolution: '1h0m0s', aggregations: [{ op: 'count', field: '*', alias: 'n' }], groupBy: ['status'] });
    assert.equal(reply.status, 200);
    const series = reply.body.buckets.series as { startTime: string; groups: { group: { status: number }; aggregations: { op: string; value: number }[] }[] }[];
    const flattened = series.flatMap((bucket) => bucket.groups.map((group) => [bucket.startTime, group.group.status, group.aggregations[0]!.value]));
    const tabular = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['web'] | summarize n = count() by bin(_time, 1h), status", ...range } });
    const [times, statuses, counts] = tabular.body.tables[0].columns as unknown[][];
    const expected = times!.map((time, i) => [time, statuses![i], counts![i]]);
    const key = (row: unknown[]) => JSON.stringify(row);
    assert.deepEqual(flattened.map(key).sort(), expected.map(key).sort());
    const totals = reply.body.buckets.totals as { group: { status: number }; aggregations: { op: string; value: number }[] }[];
    for (const total of totals) {
      const inSeries = flattened.filter((row) => row[1] === total.group.status).reduce((sum, row) => sum + (row[2] as number), 0);
      assert.equal(total.aggregations[0]!.value, inSeries, `status ${total.group.status}`);
      assert.equal(total.aggregations[0]!.op, 'n');
    }
    assert.equal(totals.reduce((sum, total) => sum + total.aggregations[0]!.value, 0), events.length);
  });

  it('runs the Go client\'s complex query: virtual field, nested filter, groups and order', async () => {
    const reply = await structured({
      resolution: 'auto',
      aggregations: [{ alias: 'event_count', op: 'count', field: '*', argument: null }],
      groupBy: ['success', 'method'],
      filter: { op: 'exists', field: 'uri', value: null, caseSensitive: false, children: null },
      order: [{ field: 'success', desc: true }, { field: 'method', desc: false }],
      limit: 0,
      virtualFields: [{ alias: 'success', expr: 'toint(status) < 400' }],
      project: null,
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const totals = reply.body.buckets.totals.map((total: { group: Record<string, unknown>; aggregations: { value: number }[] }) => [total.group.success, total.group.method, total.aggregations[0]!.value]);
    assert.deepEqual(totals, [
      [true, 'GET', 1],
      [true, 'PUT', 1],
      [false, 'GET', 1],
      [false, 'POST', 1],
      [false, 'get', 1],
    ]);
  });

  it('aggregations other than count match their APL counterparts', async () => {
    const reply = await structured({
      aggregations: [
        { op: 'sum', field: 'status', alias: 's' },
        { op: 'avg', field: 'status' },
        { op: 'max', field: 'id' },
        { op: 'distinct', field: 'method', alias: 'd' },
      ],
    });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const values = reply.body.buckets.totals[0].aggregations.map((entry: { op: string; value: number }) => [entry.op, entry.value]);
    assert.deepEqual(values, [['s', 1805], ['avg', 361], ['max', 5], ['d', 4]]);
    const expected = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: "['web'] | summarize s = sum(status), avg = avg(status), max = max(id), d = dcount(method)", ...range } });
    assert.deepEqual(values.map((entry: unknown[]) => entry[1]), expected.body.tables[0].columns.map((column: unknown[]) => column[0]));
  });

  it('project, order and limit shape the matches like project/sort/take', async () => {
    const reply = await structured({ project: [{ field: 'uri', alias: 'path' }, { field: 'id' }], order: [{ field: 'id', desc: false }], limit: 2 });
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    assert.deepEqual(reply.body.matches.map((match: { data: Record<string, unknown> }) => match.data), [
      { path: '/api/Users', id: 1 },
      { path: '/api/items', id: 2 },
    ]);
    assert.deepEqual(ids(reply), ids(await apl("['web'] | project _time, _sysTime, path = uri, id | sort by id asc | take 2")));
  });

  it('answers 400 for an unknown filter op, an unknown field and a bad resolution; 404 for an unknown dataset', async () => {
    const badOp = await structured({ filter: { op: 'like', field: 'uri', value: 'x' } });
    assert.equal(badOp.status, 400);
    assert.match(badOp.body.message, /unknown filter op "like"/);
    const badField = await structured({ filter: { op: '==', field: 'nope', value: 1 } });
    assert.equal(badField.status, 400);
    assert.match(badField.body.message, /nope/);
    const badResolution = await structured({ resolution: 'often', aggregations: [{ op: 'count', field: '*' }] });
    assert.equal(badResolution.status, 400);
    assert.equal((await service.call('POST', '/v1/datasets/absent/query', { body: {} })).status, 404);
  });

  it('answers 400 naming the path of a value of the wrong JSON type', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ groupBy: 'msg' }, '/groupBy must be array'],
      [{ order: 'x' }, '/order must be array'],
      [{ aggregations: [null] }, '/aggregations/0 must be object'],
      [{ project: [null] }, '/project/0 must be object'],
      [{ virtualFields: [null] }, '/virtualFields/0 must be object'],
      [{ filter: { op: 'and', children: 'x' } }, '/filter/children must be array'],
      [{ resolution: 5 }, '/resolution must be string'],
      [{ limit: 1.5 }, '/limit must be integer'],
    ];
    for (const [body, message] of cases) {
      const reply = await structured(body);
      assert.equal(reply.status, 400, JSON.stringify(body));
      assert.equal(reply.body.code, 400);
      assert.ok(reply.body.message.startsWith(`invalid request body: ${message}`), reply.body.message);
    }
    // Written by hand: JSON.stringify itself recurses.
    const levels = 10_000;
    const deep = `${'{"op":"and","children":['.repeat(levels)}{"op":"exists","field":"id"}${']}'.repeat(levels)}`;
    const nested = await service.call('POST', '/v1/datasets/web/query', {
      rawBody: `{"filter":${deep}}`,
      headers: { 'Content-Type': 'application/json' },
    });
    assert.equal(nested.status, 400);
    assert.match(nested.body.message, /nested deeper than/);
  });

  it('keeps quotes and backslashes in values and names inert', async () => {
    const reply = await structured({ filter: { op: 'contains', field: 'uri', value: `"' | take 1 //\\` } });
    assert.equal(reply.status, 200);
    assert.deepEqual(reply.body.matches, []);
    const name = await structured({ filter: { op: 'exists', field: "uri'] | take 1 //" } });
    assert.equal(name.status, 400);
  });
});
