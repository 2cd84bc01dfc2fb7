import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResultsModel, ResultTable } from '../../client/resultsModel.ts';
import { chunkRows, decodeModel, encodeModel, encodeTable, firstChunkRows, isWireTable } from '../../client/resultsWire.ts';
import { isWireModel, savedModel } from '../../client/resultsProtocol.ts';
import { TableData } from '../../client/webview/table/tableData.ts';

function table(rows: number): ResultTable {
  return {
    columns: [
      { name: '_time', type: 'datetime' },
      { name: 'n', type: 'integer' },
      { name: 'geo', type: 'object' },
    ],
    rows: Array.from({ length: rows }, (_, row) => [new Date(Date.UTC(2026, 10, 20) + row * 1000).toISOString(), row % 7 === 0 ? null : row, row % 3 === 0 ? { city: `c${row}` } : null]),
  };
}

const model = (rows: number): ResultsModel => ({
  query: "['x']",
  startTime: 'a',
  endTime: 'b',
  matches: table(rows),
  status: { rowsExamined: rows, rowsMatched: rows, elapsedMs: 1, isPartial: false, messages: [] },
});

describe('results on the wire', () => {
  it('sends a small first chunk, then chunks of chunkRows, as JSON text column-major', () => {
    const wire = encodeTable(table(25_000));
    assert.deepEqual(wire.chunkSizes, [firstChunkRows, chunkRows, chunkRows, 25_000 - firstChunkRows - 2 * chunkRows]);
    assert.ok(wire.chunks.every((chunk) => typeof chunk === 'string'));
    assert.deepEqual(JSON.parse(wire.chunks[0])[1].slice(0, 3), [null, 1, 2]);
    assert.ok(isWireTable(wire));
  });

  it('decodes back to the same model, nulls and objects included', () => {
    const original = model(12_345);
    const wire = encodeModel(original);
    assert.ok(isWireModel(wire));
    assert.deepEqual(decodeModel(JSON.parse(JSON.stringify(wire))), original);
    assert.deepEqual(savedModel({ modelJson: JSON.stringify(wire) }), original);
    assert.deepEqual(savedModel(JSON.parse(JSON.stringify({ wire }))), original, 'as VS Code restores the state');
  });

  it('the table decodes the first chunk alone, then the rest when asked', () => {
    const data = new TableData(encodeTable(table(25_000)));
    data.decode(() => true);
    assert.equal(data.decodedRows, firstChunkRows);
    assert.equal(data.complete, false);
    assert.equal(data.values[0][firstChunkRows], undefined, 'rows past the first chunk are not there yet');
    assert.equal(data.value(7, 1), null);
    assert.equal(data.decode(), true);
    assert.equal(data.decodedRows, 25_000);
    assert.deepEqual(data.event(24_999), { _time: new Date(Date.UTC(2026, 10, 20) + 24_999 * 1000).toISOString(), n: 24_999, geo: { city: 'c24999' } });
    assert.deepEqual(data.slice([3, 1], [2, 1]), { columns: [{ name: 'geo', type: 'object' }, { name: 'n', type: 'integer' }], rows: [[{ city: 'c3' }, 3], [null, 1]] });
  });

  it('refuses a wire table whose chunk sizes do not add up, and decodes a broken chunk as nulls', () => {
    const wire = encodeTable(table(10));
    assert.ok(!isWireTable({ ...wire, rowCount: 11 }));
    assert.ok(!isWireTable({ ...wire, chunks: [5] }));
    const data = new TableData({ ...wire, chunks: ['not json'] });
    data.decode();
    assert.deepEqual(data.values[1], new Array(10).fill(null));
  });
});
