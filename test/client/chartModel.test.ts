import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { maxCategories, maxSeries } from '../../client/chartModel.ts';
import { Connection } from '../../client/connection.ts';
import { toResultsModel } from '../../client/resultsModel.ts';
import type { Annotation } from '../../client/serviceTypes.ts';
import { datasetWithEvents, startTestService, type TestService } from '../service/harness.ts';

/** The chart part of the results model, built from the real local service's answers. */
describe('chart model', () => {
  let service: TestService;
  let connection: Connection;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
  const seconds = (iso: string) => Date.parse(iso) / 1000;
  const events = [
    { _time: '2026-11-20T10:05:00Z', status: '500', method: 'GET', took: 10 },
    { _time: '2026-11-20T10:35:00Z', status: '1000', method: 'GET', took: 30 },
    { _time: '2026-11-20T11:10:00Z', status: '200', method: 'POST', took: 20 },
    { _time: '2026-11-20T11:20:00Z', status: '200', method: 'GET', took: 40 },
    { _time: '2026-11-20T11:30:00Z', status: '200', method: 'PUT', took: 50 },
  ];
  const run = async (apl: string, annotations: Annotation[] = []) =>
    toResultsModel(await connection.queryApl(apl, range), { query: apl, ...range, annotations });

  before(async () => {
    service = await startTestService();
    await datasetWithEvents(service, 'web', events);
    connection = new Connection({ url: service.url + '/', token: service.adminToken, orgId: 'local' });
  });
  after(() => service.stop());

  it('draws an aggregation without a time column as bars, one per group, in the rows\' order', async () => {
    const model = await run("['web'] | summarize count() by status | order by count_ desc, status asc");
    const chart = model.chart;
    assert.ok(chart, 'a chart, not "No time series"');
    assert.equal(chart.axis, 'category');
    assert.deepEqual(chart.categories, ['200', '1000', '500']);
    assert.equal(chart.categoryName, 'status');
    assert.deepEqual(chart.series.map((series) => series.label), ['count_']);
    const byCategory = Object.fromEntries(chart.categories!.map((name, index) => [name, chart.series[0].values[index]]));
    assert.deepEqual(byCategory, { 200: 3, 500: 1, 1000: 1 });
    assert.deepEqual(chart.times, [], 'no time axis');
  });

  it('gives each aggregate of a grouped summarize its own series', async () => {
    const chart = (await run("['web'] | summarize requests = count(), slowest = max(took) by method | order by method asc")).chart;
    assert.ok(chart);
    assert.deepEqual(chart.categories, ['GET', 'POST', 'PUT']);
    assert.deepEqual(
      chart.series.map((series) => [series.label, series.values]),
      [
        ['requests', [3, 1, 1]],
        ['slowest', [40, 20, 50]],
      ],
    );
  });

  it('draws one bar for a summarize without groups, and no chart for plain rows', async () => {
    const single = (await run("['web'] | summarize count()")).chart;
    assert.deepEqual(single?.categories, ['all']);
    assert.deepEqual(single?.series[0].values, [5]);
    assert.equal((await run("['web'] | project method, status")).chart, undefined);
  });

  it('spans the query\'s time range, not only the buckets with data', async () => {
    const chart = (await run("['web'] | summarize count() by bin(_time, 1h)")).chart;
    assert.ok(chart);
    assert.equal(chart.axis, 'time');
    assert.deepEqual(chart.times, [seconds('2026-11-20T10:00:00Z'), seconds('2026-11-20T11:00:00Z')]);
    assert.deepEqual(chart.range, { start: seconds(range.startTime), end: seconds(range.endTime) });
    assert.equal(chart.bucketSeconds, 3600);
  });

  it('orders the legend by group key, numbers numerically, whatever the rows\' order', async () => {
    const chart = (await run("['web'] | summarize count() by bin(_time, 1h), status")).chart;
    assert.deepEqual(chart?.series.map((series) => series.label), ['200', '500', '1000']);
  });

  it('still draws a time series when an operator after the summarize drops its buckets', async () => {
    const chart = (await run("['web'] | summarize count() by bin(_time, 1h), status | order by count_ desc")).chart;
    assert.equal(chart?.axis, 'time');
    assert.deepEqual(chart?.series.map((series) => series.label), ['200', '500', '1000']);
    assert.deepEqual(chart?.times, [seconds('2026-11-20T10:00:00Z'), seconds('2026-11-20T11:00:00Z')]);
  });

  it('keeps every annotation that overlaps the range, ranges with their end, and what the hover shows', async () => {
    const annotations: Annotation[] = [
      { id: 'a1', datasets: ['web'], type: 'deploy', time: '2026-11-19T23:00:00Z', endTime: '2026-11-20T01:00:00Z', title: 'Started before' },
      { id: 'a2', datasets: ['web'], type: 'deploy', time: '2026-11-20T03:00:00Z', title: 'Far from any bucket', description: 'Rolled out', url: 'https://example.com/r/1' },
      { id: 'a3', datasets: ['web'], type: 'incident', time: '2026-11-20T10:30:00Z', endTime: '2026-11-20T11:15:00Z' },
      { id: 'a4', datasets: ['web'], type: 'deploy', time: '2026-11-21T02:00:00Z', title: 'After the range' },
      { id: 'a5', datasets: ['web'], type: 'deploy', time: '2026-11-19T02:00:00Z', endTime: '2026-11-19T03:00:00Z', title: 'Before the range' },
    ];
    const chart = (await run("['web'] | summarize count() by bin(_time, 1h)", annotations)).chart;
    assert.deepEqual(chart?.markers, [
      { time: seconds('2026-11-19T23:00:00Z'), endTime: seconds('2026-11-20T01:00:00Z'), title: 'Started before', type: 'deploy' },
      { time: seconds('2026-11-20T03:00:00Z'), title: 'Far from any bucket', type: 'deploy', description: 'Rolled out', url: 'https://example.com/r/1' },
      { time: seconds('2026-11-20T10:30:00Z'), endTime: seconds('2026-11-20T11:15:00Z'), title: 'incident', type: 'incident' },
    ]);
  });

  it('draws at most maxCategories bars and counts the rest', async () => {
    const many = Array.from({ length: maxCategories + 5 }, (_, index) => JSON.stringify({ _time: '2026-11-20T12:00:00Z', user: `u${index}` }));
    await service.call('POST', '/v2/datasets', { body: { name: 'users', description: '' } });
    await service.call('POST', '/v1/datasets/users/ingest', { rawBody: many.join('\n'), headers: { 'Content-Type': 'application/x-ndjson' } });
    const chart = (await run("['users'] | summarize count() by user")).chart;
    assert.equal(chart?.categories?.length, maxCategories);
    assert.equal(chart?.omittedCategories, 5);
  });

  it('keeps groups apart whose joined labels are alike', async () => {
    await datasetWithEvents(service, 'commas', [
      { _time: '2026-11-20T10:05:00Z', a: 'x, y', b: 'z' },
      { _time: '2026-11-20T10:05:00Z', a: 'x', b: 'y, z' },
      { _time: '2026-11-20T10:06:00Z', a: 'x', b: 'y, z' },
    ]);
    const chart = (await run("['commas'] | summarize count() by bin(_time, 1h), a, b")).chart!;
    assert.deepEqual(chart.series.map((series) => series.values.filter((value) => value !== null)).sort(), [[1], [2]]);
  });

  it('draws the maxSeries largest series of a time chart and counts the rest', async () => {
    const events = Array.from({ length: maxSeries + 3 }, (_, user) =>
      Array.from({ length: user === maxSeries + 2 ? 50 : 1 }, () => ({ _time: '2026-11-20T12:00:00Z', user: `u${user}` })),
    ).flat();
    await datasetWithEvents(service, 'many-users', events);
    const chart = (await run("['many-users'] | summarize count() by bin(_time, 1h), user")).chart!;
    assert.equal(chart.series.length, maxSeries);
    assert.equal(chart.omittedSeries, 3);
    assert.ok(chart.series.some((series) => series.label === `u${maxSeries + 2}`), 'the largest series is kept');
  });
});
