import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Connection } from '../../../client/connection.ts';
import { runCell } from '../../../client/notebook/cellRun.ts';
import { decodeTable } from '../../../client/resultsWire.ts';
import { datasetWithEvents, startTestService, type TestService } from '../../service/harness.ts';

/** A notebook cell run against the real local service: the lets of the cells above in scope, errors in the cell's own lines. */
describe('notebook cell run', () => {
  let service: TestService;
  let connection: Connection;
  const range = { startTime: '2026-11-20T00:00:00Z', endTime: '2026-11-21T00:00:00Z' };
  const above = ["let failing = ['web']\n| where status >= 500;\nfailing | count", '// a comment cell\nlet limit = 1;'];

  before(async () => {
    service = await startTestService();
    await datasetWithEvents(service, 'web', [
      { _time: '2026-11-20T10:05:00Z', status: 200, method: 'GET' },
      { _time: '2026-11-20T10:35:00Z', status: 500, method: 'GET' },
      { _time: '2026-11-20T11:10:00Z', status: 503, method: 'POST' },
    ]);
    connection = new Connection({ url: service.url, token: service.adminToken, orgId: 'local' });
  });
  after(() => service.stop());

  it('runs a cell with the lets of the cells above in scope and gives the WireModel', async () => {
    const outcome = await runCell({ connection, cellsAbove: above, text: 'failing\n| summarize n = count() by method\n| order by method asc\n| take limit', range });
    assert.equal(outcome.kind, 'results', JSON.stringify(outcome));
    if (outcome.kind !== 'results') return;
    const table = decodeTable(outcome.model.matches);
    assert.deepEqual(table.columns.map((column) => column.name), ['method', 'n']);
    assert.deepEqual(table.rows, [['GET', 1]]);
  });

  it('reports an error at its line and column in the cell, not in the text that ran', async () => {
    const outcome = await runCell({ connection, cellsAbove: above, text: 'failing\n| where nosuchcolumn > 1', range });
    assert.equal(outcome.kind, 'error');
    if (outcome.kind !== 'error') return;
    assert.match(outcome.message, /^Line 2, column \d+: .*nosuchcolumn/);
  });

  it('an aborted run is cancelled, not an error', async () => {
    const abort = new AbortController();
    abort.abort();
    const outcome = await runCell({ connection, cellsAbove: [], text: "['web'] | count", range, signal: abort.signal });
    assert.deepEqual(outcome, { kind: 'cancelled' });
  });

  it('a cell of lets alone, or of comments alone, has nothing to run: no error from the service', async () => {
    assert.deepEqual(await runCell({ connection, cellsAbove: above, text: "let slow = 2s;\nlet big = ['web'] | where status > 1;", range }), {
      kind: 'nothingToRun',
      defines: ['slow', 'big'],
    });
    assert.deepEqual(await runCell({ connection, cellsAbove: above, text: '  // later\n', range }), { kind: 'nothingToRun', defines: [] });
  });
});
