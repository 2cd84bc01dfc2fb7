import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, type TestService } from './harness.ts';
import { logicalName, storedName } from '../../service/store/storedNames.ts';

describe('storedName', () => {
  const names = ['', '^', '^^', '^0', '\0', 'a\0b', 'A', 'a', '^a', '^A', '_sysTime', '_sys^time', 'É', 'é', 'geo.City', 'geo.city', 'ü^Ü'];

  it('spells names apart after ASCII case folding, as DuckDB compares them, and reads them back', () => {
    const folded = new Map<string, string>();
    for (const name of names) {
      const stored = storedName(name);
      assert.ok(stored.length > 0 && !stored.includes('\0'), JSON.stringify(stored));
      assert.equal(logicalName(stored), name);
      const key = stored.replace(/[A-Z]/g, (char) => char.toLowerCase());
      assert.equal(folded.get(key), undefined, `${JSON.stringify(name)} and ${JSON.stringify(folded.get(key))} fold alike`);
      folded.set(key, name);
    }
    assert.equal(storedName('geo.city'), 'geo.city');
    assert.equal(storedName('_sysTime'), '_sys^Time');
  });
});

/**
 * Dataset and field names are case-sensitive, as in the public service, while DuckDB matches
 * identifiers without regard to ASCII case: names that differ only in case must still keep their
 * own table and column, and names DuckDB cannot spell (empty, with a NUL) are stored as they are.
 */
describe('stored names over HTTP', () => {
  let service: TestService;
  before(async () => {
    service = await startTestService();
  });
  after(() => service.stop());

  const create = (name: string) => service.call('POST', '/v2/datasets', { body: { name, description: '' } });
  const ingest = (dataset: string, body: string, contentType = 'application/json') =>
    service.call('POST', `/v1/datasets/${encodeURIComponent(dataset)}/ingest`, { rawBody: body, headers: { 'Content-Type': contentType } });
  const apl = (query: string) => service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: query } });
  /** The rows of a tabular result as objects by column name. */
  const rows = async (query: string) => {
    const reply = await apl(query);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    const table = reply.body.tables[0];
    const names: string[] = table.fields.map((field: { name: string }) => field.name);
    const count = table.columns[0]?.length ?? 0;
    return Array.from({ length: count }, (_, row) => Object.fromEntries(names.map((name, i) => [name, table.columns[i][row]])));
  };
  const fieldNames = async (dataset: string) => {
    const reply = await service.call('GET', `/v2/datasets/${encodeURIComponent(dataset)}/fields`);
    assert.equal(reply.status, 200);
    return reply.body.map((field: { name: string }) => field.name).filter((name: string) => name !== '_time' && name !== '_sysTime').sort();
  };

  it('keeps datasets whose names differ only in case apart, and deleting one leaves the other', async () => {
    assert.equal((await create('CaseX')).status, 200);
    assert.equal((await ingest('CaseX', '[{"who":"upper"},{"who":"upper"}]')).body.ingested, 2);
    assert.equal((await create('casex')).status, 200);
    const lower = await ingest('casex', '{"who":"lower","extra":1}\n', 'application/x-ndjson');
    assert.equal(lower.status, 200, JSON.stringify(lower.body));
    assert.equal(lower.body.ingested, 1);

    assert.deepEqual(await rows(`['CaseX'] | summarize n = count() by who`), [{ who: 'upper', n: 2 }]);
    assert.deepEqual(await rows(`['casex'] | project who, extra`), [{ who: 'lower', extra: 1 }]);
    assert.deepEqual(await fieldNames('CaseX'), ['who']);
    assert.deepEqual(await fieldNames('casex'), ['extra', 'who']);

    assert.equal((await service.call('DELETE', '/v2/datasets/casex')).status, 204);
    assert.deepEqual(await rows(`['CaseX'] | summarize n = count() by who`), [{ who: 'upper', n: 2 }]);
    assert.equal((await service.call('GET', '/v2/datasets/CaseX')).status, 200);
    // A union over every dataset finds the stored table under its own name.
    assert.deepEqual(await rows(`union * | summarize n = count() by who`), [{ who: 'upper', n: 2 }]);
  });

  it('stores fields that differ only in case as distinct fields, in one event, one request or across requests', async () => {
    assert.equal((await create('fieldcase')).status, 200);
    const together = await ingest('fieldcase', '[{"Level":"A1","level":"a1"},{"Level":"A2"},{"level":"a2"}]');
    assert.equal(together.status, 200, JSON.stringify(together.body));
    // NDJSON of simple values takes the read_json path; one field per request there.
    assert.equal((await ingest('fieldcase', '{"Level":"A3"}\n', 'application/x-ndjson')).body.ingested, 1);
    assert.equal((await ingest('fieldcase', '{"level":"a3"}\n', 'application/x-ndjson')).body.ingested, 1);
    assert.equal((await ingest('fieldcase', '{"LEVEL":"X","level":"a4"}\n', 'application/x-ndjson')).body.ingested, 1);

    const stored = await rows(`['fieldcase'] | project Level, level, LEVEL | order by coalesce(Level, level) asc`);
    assert.deepEqual(stored, [
      { Level: 'A1', level: 'a1', LEVEL: null },
      { Level: 'A2', level: null, LEVEL: null },
      { Level: 'A3', level: null, LEVEL: null },
      { Level: null, level: 'a2', LEVEL: null },
      { Level: null, level: 'a3', LEVEL: null },
      { Level: null, level: 'a4', LEVEL: 'X' },
    ]);
    assert.deepEqual(await fieldNames('fieldcase'), ['LEVEL', 'Level', 'level']);
    assert.deepEqual(await rows(`['fieldcase'] | where Level == 'A2' | project Level`), [{ Level: 'A2' }]);
  });

  it('names the columns of extend and summarize apart when they differ only in case', async () => {
    assert.deepEqual(await rows(`print x = 1 | extend A = 1, a = 2`), [{ x: 1, A: 1, a: 2 }]);
    assert.deepEqual(await rows(`print x = 1 | extend A = 1, a = 2 | where A == 1 | project a, A`), [{ a: 2, A: 1 }]);
    assert.deepEqual(await rows(`print x = 1 | extend A = 1 | extend a = 2 | project a, A`), [{ a: 2, A: 1 }]);
    assert.deepEqual(
      await rows(`datatable(level: string) ['a', 'b', 'b'] | summarize N = count(), n = dcount(level) | extend k = n * 10, K = N * 10`),
      [{ N: 3, n: 2, k: 20, K: 30 }],
    );
    assert.deepEqual(await rows(`print x = 1 | getschema | project ColumnName`), [{ ColumnName: 'x' }]);
  });

  it('stores a field named "" and one with a NUL as they are', async () => {
    assert.equal((await create('oddfields')).status, 200);
    const json = await ingest('oddfields', JSON.stringify([{ '': 'empty', 'a\u0000b': 1, plain: 'p' }]));
    assert.equal(json.status, 200, JSON.stringify(json.body));
    const ndjson = await ingest('oddfields', `${JSON.stringify({ '': 'again', 'a\u0000b': 2 })}\n`, 'application/x-ndjson');
    assert.equal(ndjson.status, 200, JSON.stringify(ndjson.body));
    assert.deepEqual(await fieldNames('oddfields'), ['', 'a\u0000b', 'plain']);
    assert.deepEqual(await rows(`['oddfields'] | project [''], ['a\\0b'] | order by ['a\\0b'] asc`), [
      { '': 'empty', 'a\u0000b': 1 },
      { '': 'again', 'a\u0000b': 2 },
    ]);
    assert.deepEqual(await rows(`['oddfields'] | take 1 | extend ['x\\0y'] = 1 | getschema | where ColumnName startswith 'x' | project ColumnName`), [
      { ColumnName: 'x\u0000y' },
    ]);
    assert.deepEqual(await rows(`print s = 'a\\0b' | extend n = strlen(s)`), [{ s: 'a\u0000b', n: 3 }]);
    // A later ingest of the same dataset still works.
    assert.equal((await ingest('oddfields', '[{"plain":"q"}]')).status, 200);
  });

  it('answers a dataset name with a NUL with a 4xx, in a path and in APL', async () => {
    for (const [method, path] of [
      ['GET', '/v2/datasets/a%00b'],
      ['GET', '/v2/datasets/a%00b/fields'],
      ['POST', '/v1/datasets/a%00b/ingest'],
      ['DELETE', '/v2/datasets/a%00b'],
    ] as const) {
      const body = method === 'POST' ? { rawBody: '[{"a":1}]', headers: { 'Content-Type': 'application/json' } } : {};
      const reply = await service.call(method, path, body);
      assert.ok(reply.status >= 400 && reply.status < 500, `${method} ${path}: ${reply.status}`);
      assert.equal(typeof reply.body.message, 'string');
    }
    const created = await service.call('POST', '/v2/datasets', { body: { name: 'a\u0000b', description: '' } });
    assert.equal(created.status, 400);
    const query = await apl(`['a\\0b'] | count`);
    assert.ok(query.status >= 400 && query.status < 500, `APL: ${query.status}`);
    assert.match(query.body.message, /Unknown dataset/);
  });
});
