import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { textTable } from '../../cli/textTable.ts';
import { Connection } from '../../client/connection.ts';
import { formatTable } from '../../client/copyFormats.ts';
import { exportTable } from '../../client/exportResults.ts';
import { toResultsModel } from '../../client/resultsModel.ts';
import { decodeTable, encodeTable } from '../../client/resultsWire.ts';
import { sortRows } from '../../client/webview/table/rowOrder.ts';
import { TableData } from '../../client/webview/table/tableData.ts';

/** A recorded reply of the public service (test/client/fixtures/publicReplies/README.md). */
function fixture(name: string): string {
  const recorded = JSON.parse(readFileSync(new URL(`fixtures/publicReplies/${name}.json`, import.meta.url), 'utf8')) as { body: string };
  return recorded.body;
}

/** The client against an HTTP server that answers every request with a recorded body. */
describe('client against recorded public replies', () => {
  let server: Server;
  let body = '';
  let connection: Connection;
  const range = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' };
  const run = async (name: string) => {
    body = fixture(name);
    const result = await connection.queryApl("['my-dataset']", range);
    return toResultsModel(result, { query: "['my-dataset']", ...range });
  };

  before(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    connection = new Connection({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token: 'xaat-test' });
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a table without columns as its fields with no rows', async () => {
    const model = await run('tabularNoColumns');
    assert.deepEqual(model.matches.columns.map((column) => column.name), ['_time', 'status']);
    assert.deepEqual(model.matches.rows, []);
    assert.deepEqual(textTable(model.matches), ['_time  status', '-----  ------']);
  });

  it('keeps the code and count of status messages', async () => {
    const model = await run('tabularNoColumns');
    assert.deepEqual(model.status.messages, ["warn: line: 1, col: 1: implicit end time of 'now' applied (code apl_implicitendtimeofnowapplied_1, ×3)"]);
  });

  it('shows integers beyond 2^53 as written in the table, exports and CLI output', async () => {
    const model = await run('tabularBigIntegers');
    const ids = model.matches.rows.map((row) => String(row[1]));
    assert.deepEqual(ids, ['9007199254740993', '-18446744073709551615', '7']);
    assert.match(exportTable(model.matches, 'csv'), /,9007199254740993,a\r\n/);
    assert.match(exportTable(model.matches, 'json'), /"id": 9007199254740993,/);
    assert.match(exportTable(model.matches, 'ndjson'), /"id":-18446744073709551615,/);
    assert.match(formatTable(model.matches, 'datatable'), /, 9007199254740993, "a"/);
    assert.match(formatTable(model.matches, 'markdown'), /\| 9007199254740993 \|/);
    assert.ok(textTable(model.matches).some((line) => /^\S+\s+9007199254740993  a$/.test(line)));
    // Through the wire to the webview and back.
    const wire = encodeTable(model.matches);
    assert.match(wire.chunks[0]!, /\[9007199254740993,-18446744073709551615,7\]/);
    assert.deepEqual(decodeTable(wire).rows.map((row) => String(row[1])), ids);
  });

  it('sorts big integers by value and timestamps with trimmed fractions by instant', async () => {
    const model = await run('tabularBigIntegers');
    const data = new TableData(encodeTable(model.matches));
    data.decode();
    const byTime = sortRows(data, [0, 1, 2], { column: 0, descending: false }).map((row) => data.values[0]![row]);
    assert.deepEqual(byTime, ['2026-01-01T00:00:42Z', '2026-01-01T00:00:42.123456789Z', '2026-01-01T00:00:42.5Z']);
    const byId = sortRows(data, [0, 1, 2], { column: 1, descending: true }).map((row) => String(data.values[1]![row]));
    assert.deepEqual(byId, ['9007199254740993', '7', '-18446744073709551615']);
  });

  it('accepts a legacy-format reply: matches become the table, _time first', async () => {
    const model = await run('legacyMatches');
    assert.deepEqual(model.matches.columns, [
      { name: '_time', type: 'datetime' },
      { name: 'status', type: 'integer' },
      { name: 'geo', type: 'object' },
      { name: 'path', type: 'string' },
    ]);
    assert.deepEqual(model.matches.rows, [
      ['2026-01-01T00:00:00Z', 200, { city: 'Berlin' }, null],
      ['2026-01-01T00:00:01Z', 500, null, '/x'],
    ]);
    assert.deepEqual(model.status.messages, ['warn: default limit applied (code default_limit_warning)']);
    assert.equal(model.status.limitedTo, 2);
  });

  it('accepts a legacy aggregation reply: totals become the table', async () => {
    const model = await run('legacyTotals');
    assert.deepEqual(model.matches.columns.map((column) => column.name), ['success', 'remote_ip', 'event_count']);
    assert.deepEqual(model.matches.rows.map((row) => row.map(String)), [
      ['true', '10.0.0.1', '7'],
      ['false', '10.0.0.2', '9007199254740993'],
    ]);
  });

  it('says what was received when a reply is neither shape', async () => {
    body = '{"rows":[[1]],"kind":"other"}';
    await assert.rejects(connection.queryApl('x', range), /neither tables nor matches \(keys: rows, kind\)/);
    body = '[1,2]';
    await assert.rejects(connection.queryApl('x', range), /not an object but an array/);
  });
});
