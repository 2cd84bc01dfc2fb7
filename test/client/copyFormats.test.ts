import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { formatTable } from '../../client/copyFormats.ts';
import type { ResultTable } from '../../client/resultsModel.ts';
import { startTestService, type TestService } from '../service/harness.ts';

const table: ResultTable = {
  columns: [
    { name: '_time', type: 'datetime' },
    { name: 'note', type: 'string' },
    { name: 'status', type: 'integer' },
    { name: 'took', type: 'float' },
    { name: 'ok', type: 'boolean' },
    { name: 'geo.city', type: 'object' },
  ],
  rows: [
    ['2026-11-20T10:00:00Z', 'say "hi" | then\nleave\tnow \\ ok', 200, 1.5, true, { city: 'Berlin', tags: ['a'] }],
    ['2026-11-20T11:00:00Z', null, null, 2, false, null],
  ],
};

describe('copy formats', () => {
  it('Markdown: escaped pipes, line breaks as <br>, numbers right-aligned, null empty', () => {
    assert.equal(
      formatTable(table, 'markdown'),
      '| _time | note | status | took | ok | geo.city |\n' +
        '| --- | --- | ---: | ---: | --- | --- |\n' +
        '| 2026-11-20T10:00:00Z | say "hi" \\| then<br>leave\tnow \\\\ ok | 200 | 1.5 | true | {"city":"Berlin","tags":["a"]} |\n' +
        '| 2026-11-20T11:00:00Z |  |  | 2 | false |  |\n',
    );
  });

  it('TSV: one line a row, tabs and line breaks inside values become spaces', () => {
    const lines = formatTable(table, 'tsv').split('\n');
    assert.equal(lines[0], '_time\tnote\tstatus\ttook\tok\tgeo.city');
    assert.deepEqual(lines[1].split('\t'), ['2026-11-20T10:00:00Z', 'say "hi" | then leave now \\ ok', '200', '1.5', 'true', '{"city":"Berlin","tags":["a"]}']);
    assert.equal(lines.length, 4);
  });

  it('CSV: quoted as RFC 4180', () => {
    assert.match(formatTable(table, 'csv'), /^_time,note,status,took,ok,geo\.city\r\n2026-11-20T10:00:00Z,"say ""hi"" \| then\nleave\tnow \\ ok",200,1.5,true,"\{""city"":""Berlin"",""tags"":\[""a""\]\}"\r\n/);
  });

  describe('APL datatable, run by the service', () => {
    let service: TestService;
    before(async () => {
      service = await startTestService();
    });
    after(() => service.stop());

    it('rebuilds the same rows, types and values', async () => {
      const apl = formatTable(table, 'datatable');
      assert.match(apl, /^datatable\(_time: datetime, note: string, status: long, took: real, ok: bool, \["geo\.city"\]: dynamic\)\n\[\n/);
      const reply = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl } });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      const result = reply.body.tables[0];
      assert.deepEqual(
        result.fields.map((field: { name: string; type: string }) => field.name),
        table.columns.map((column) => column.name),
      );
      const column = (name: string) => result.columns[result.fields.findIndex((field: { name: string }) => field.name === name)];
      assert.deepEqual(column('note'), ['say "hi" | then\nleave\tnow \\ ok', '']);
      assert.deepEqual(column('status'), [200, null]);
      assert.deepEqual(column('took'), [1.5, 2]);
      assert.deepEqual(column('ok'), [true, false]);
      assert.deepEqual(column('geo.city'), [{ city: 'Berlin', tags: ['a'] }, null]);
      assert.equal(Date.parse(column('_time')[1]), Date.parse('2026-11-20T11:00:00Z'));
    });

    it('an empty result is an empty datatable the service accepts', async () => {
      const apl = formatTable({ columns: table.columns.slice(0, 2), rows: [] }, 'datatable');
      const reply = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl } });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.equal(reply.body.tables[0].columns[0].length, 0);
    });
  });
});
