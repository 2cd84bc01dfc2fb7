import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellText, exportTable } from '../../client/exportResults.ts';
import type { ResultTable } from '../../client/resultsModel.ts';

const table: ResultTable = {
  columns: [
    { name: '_time', type: 'datetime' },
    { name: 'note', type: 'string' },
    { name: 'geo', type: 'object' },
  ],
  rows: [
    ['2026-11-20T10:00:00Z', 'say "hi", then\nleave', { city: 'Berlin' }],
    ['2026-11-20T11:00:00Z', null, null],
  ],
};

describe('export', () => {
  it('writes CSV with quoting, objects as JSON and null as empty', () => {
    assert.equal(
      exportTable(table, 'csv'),
      '_time,note,geo\r\n' +
        '2026-11-20T10:00:00Z,"say ""hi"", then\nleave","{""city"":""Berlin""}"\r\n' +
        '2026-11-20T11:00:00Z,,\r\n',
    );
  });

  it('writes JSON as an array of objects keyed by column', () => {
    assert.deepEqual(JSON.parse(exportTable(table, 'json')), [
      { _time: '2026-11-20T10:00:00Z', note: 'say "hi", then\nleave', geo: { city: 'Berlin' } },
      { _time: '2026-11-20T11:00:00Z', note: null, geo: null },
    ]);
  });

  it('writes NDJSON one object a line', () => {
    const lines = exportTable(table, 'ndjson').split('\n');
    assert.equal(lines.length, 3);
    assert.equal(lines[2], '');
    assert.deepEqual(JSON.parse(lines[1]), { _time: '2026-11-20T11:00:00Z', note: null, geo: null });
  });

  it('shows markup as plain characters', () => {
    assert.equal(cellText('<img src=x onerror=alert(1)>'), '<img src=x onerror=alert(1)>');
    assert.equal(cellText(false), 'false');
    assert.equal(cellText(undefined), '');
  });
});
