import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseExact } from '../../../../wire/exactJson.ts';
import { toTabularResult } from '../../../../client/queryReply.ts';
import { toResultsModel } from '../../../../client/resultsModel.ts';
import { encodeModel, type WireModel } from '../../../../client/resultsWire.ts';
import { maxTableHeight, minTableHeight, readOutputModel, tableHeight } from '../../../../client/webview/notebook/outputModel.ts';

/** A saved output as the controller writes it: the fixture reply's model on the wire, through JSON (the file). */
function savedOutput(): WireModel {
  const fixture = JSON.parse(readFileSync(new URL('../../fixtures/publicReplies/tabularBigIntegers.json', import.meta.url), 'utf8')) as { body: string };
  const model = toResultsModel(toTabularResult(parseExact(fixture.body)), { query: "['my-dataset']", startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' });
  return JSON.parse(JSON.stringify(encodeModel(model))) as WireModel;
}

const chart = {
  axis: 'time',
  times: [0, 60],
  series: [{ label: 'count_', values: [1, null] }],
  markers: [{ time: 30, title: 'deploy', type: 'deploy' }],
};

describe('a notebook output read for the renderer', () => {
  it('keeps a saved WireModel as it is', () => {
    const saved = savedOutput();
    assert.deepEqual(readOutputModel(saved), { model: saved });
  });

  it('tells what is wrong with data that is not results, instead of throwing', () => {
    for (const value of [undefined, null, 'text', 42, [], {}, { ...savedOutput(), matches: { columns: [], rowCount: 1, chunkSizes: [], chunks: [] } }]) {
      const read = readOutputModel(value);
      assert.ok('error' in read && /not APL results/.test(read.error), JSON.stringify(value));
    }
    const badColumns = savedOutput();
    (badColumns.matches.columns as unknown[])[0] = 'id';
    const read = readOutputModel(badColumns);
    assert.ok('error' in read && /columns/.test(read.error));
  });

  it('fills in a hand-edited status, so that the Status tab has numbers to show', () => {
    const saved = { ...savedOutput(), status: { rowsMatched: '3', isPartial: 'yes', messages: ['ok', 7], limitedTo: 1.5 } };
    const read = readOutputModel(saved);
    assert.ok('model' in read);
    assert.deepEqual(read.model.status, { rowsExamined: 0, rowsMatched: 0, elapsedMs: 0, isPartial: false, messages: ['ok'] });
  });

  it('keeps a chart whose series fit its axis, drops one that does not, and leaves out markers that are not markers', () => {
    const kept = readOutputModel({ ...savedOutput(), chart: { ...chart, markers: [...chart.markers, { time: 'soon' }] } });
    assert.ok('model' in kept);
    assert.deepEqual(kept.model.chart, chart);
    const noMarkers = readOutputModel({ ...savedOutput(), chart: { ...chart, markers: undefined } });
    assert.ok('model' in noMarkers);
    assert.deepEqual(noMarkers.model.chart?.markers, []);
    for (const broken of [
      { ...chart, times: [0] },
      { ...chart, series: [{ label: 'count_', values: [1, 'x'] }] },
      { ...chart, axis: 'category', categories: undefined },
      { ...chart, times: 'none' },
    ]) {
      const read = readOutputModel({ ...savedOutput(), chart: broken });
      assert.ok('model' in read);
      assert.equal(read.model.chart, undefined, JSON.stringify(broken));
    }
  });

  it('sizes a table to its rows when they are few, else to a fixed height it scrolls within', () => {
    assert.equal(tableHeight(0, false), minTableHeight);
    const five = tableHeight(5, false);
    assert.ok(five > minTableHeight && five < maxTableHeight, String(five));
    assert.ok(tableHeight(5, true) > five, 'room for the truncation notice');
    assert.equal(tableHeight(100_000, true), maxTableHeight);
  });
});
