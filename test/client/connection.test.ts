import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection, ServiceError } from '../../client/connection.ts';
import { toResultsModel } from '../../client/resultsModel.ts';
import { fetchSchema } from '../../client/schema.ts';
import { datasetWithEvents, startTestService, type TestService } from '../service/harness.ts';

/** The extension's HTTP client against the real local service, and the results model built from its answers. */
describe('client connection', () => {
  let service: TestService;
  let connection: Connection;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
  const events = [
    { _time: '2026-11-20T10:05:00Z', status: 200, method: 'GET', note: '<img src=x onerror=alert(1)>' },
    { _time: '2026-11-20T10:35:00Z', status: 500, method: 'GET', note: 'b' },
    { _time: '2026-11-20T11:10:00Z', status: 500, method: 'POST', note: 'c' },
  ];

  before(async () => {
    service = await startTestService();
    await datasetWithEvents(service, 'web', events);
    connection = new Connection({ url: service.url + '/', token: service.adminToken, orgId: 'local' });
  });
  after(() => service.stop());

  it('reads the schema: datasets with their fields', async () => {
    const schema = await fetchSchema(connection);
    const web = schema.datasets.find((dataset) => dataset.name === 'web');
    assert.ok(web);
    const byName = Object.fromEntries(web.fields.map((field) => [field.name, field.type]));
    assert.equal(byName.status, 'integer');
    assert.equal(byName.method, 'string');
  });

  it('runs a query and shapes the matches with _time first', async () => {
    const result = await connection.queryApl("['web'] | project method, _time, note", range);
    const model = toResultsModel(result, { query: 'q', ...range });
    assert.deepEqual(
      model.matches.columns.map((column) => column.name),
      ['_time', 'method', 'note'],
    );
    assert.equal(model.matches.rows.length, 3);
    assert.ok(model.matches.rows.some((row) => row[2] === '<img src=x onerror=alert(1)>'));
    assert.equal(model.status.rowsMatched, 3);
    assert.equal(model.chart, undefined);
  });

  it('draws one chart series per group from a time-bucketed query, with totals', async () => {
    const result = await connection.queryApl("['web'] | summarize count() by bin(_time, 1h), method", range);
    const annotations = [{ id: 'ann_1', datasets: ['web'], type: 'deploy', time: '2026-11-20T10:30:00Z', title: 'v2' }];
    const model = toResultsModel(result, { query: 'q', ...range, annotations });
    const chart = model.chart;
    assert.ok(chart);
    assert.deepEqual(chart.times, [Date.parse('2026-11-20T10:00:00Z') / 1000, Date.parse('2026-11-20T11:00:00Z') / 1000]);
    const byLabel = Object.fromEntries(chart.series.map((series) => [series.label, series.values]));
    assert.deepEqual(byLabel.GET, [2, null]);
    assert.deepEqual(byLabel.POST, [null, 1]);
    assert.deepEqual(chart.markers, [{ time: Date.parse('2026-11-20T10:30:00Z') / 1000, title: 'v2', type: 'deploy' }]);
    assert.ok(model.totals);
    const totals = Object.fromEntries(model.totals.rows.map((row) => [row[0], row[1]]));
    assert.deepEqual(totals, { GET: 2, POST: 1 });
  });

  it('reports a compile error with its position', async () => {
    const error = await connection.queryApl("['web']\n| where stauts == 500", range).catch((caught: unknown) => caught);
    assert.ok(error instanceof ServiceError);
    assert.equal(error.status, 400);
    assert.equal(error.position?.line, 2);
    assert.equal(error.detailMessage, "Unknown column 'stauts'. Did you mean 'status'?");
  });

  it('aborts a request when the signal fires', async () => {
    const controller = new AbortController();
    const pending = connection.queryApl("['web'] | count", range, controller.signal);
    controller.abort();
    await assert.rejects(pending, (error: Error) => error.name === 'AbortError');
  });

  it('creates, lists and deletes annotations', async () => {
    const created = await connection.createAnnotation({ datasets: ['web'], type: 'deploy', title: 'Release', time: '2026-11-20T10:30:00Z' });
    assert.match(created.id, /^ann_/);
    assert.deepEqual((await connection.listAnnotations(['web'])).map((annotation) => annotation.id), [created.id]);
    await connection.deleteAnnotation(created.id);
    assert.deepEqual(await connection.listAnnotations(['web']), []);
  });

  it('creates and regenerates an API token that can then query', async () => {
    const created = await connection.createToken({
      name: 'reader',
      datasetCapabilities: { web: { query: ['read'] } },
      orgCapabilities: {},
    });
    assert.match(created.token, /^xaat-/);
    const asToken = new Connection({ url: service.url, token: created.token });
    assert.equal((await asToken.queryApl("['web'] | count", range)).status.rowsMatched, 3);
    const regenerated = await connection.regenerateToken(created.id, { existingTokenExpiresAt: new Date().toISOString() });
    assert.notEqual(regenerated.id, created.id);
    assert.ok((await connection.listTokens()).some((token) => token.id === regenerated.id));
  });

  it('surfaces an authentication failure with the service text', async () => {
    const stranger = new Connection({ url: service.url, token: 'xaat-nope' });
    await assert.rejects(stranger.listDatasets(), (error: ServiceError) => error.status === 403 || error.status === 401);
  });
});
