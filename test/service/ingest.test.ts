import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../service/store/database.ts';
import { eventTable, type EventStore } from '../../service/store/eventStore.ts';
import { logicalName, storedIdent } from '../../service/store/storedNames.ts';
import { openStoreFixture, type StoreFixture } from './storeFixture.ts';
import { ingest, type IngestOptions } from '../../service/ingest/ingest.ts';
import { HttpError } from '../../service/http/types.ts';

const now = Date.UTC(2026, 2, 1, 12) * 1000;

/** A body delivered in small pieces, so values straddle chunk boundaries. */
async function* pieces(bytes: Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/** A valid zstd frame made of raw (stored) blocks; the real `zstd` tool is used when present. */
function zstd(bytes: Uint8Array): Uint8Array {
  const tool = spawnSync('zstd', ['-q', '-c'], { input: bytes });
  if (tool.status === 0) return new Uint8Array(tool.stdout);
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]; // magic, no checksum, single segment off, window
  for (let start = 0; start < bytes.length || start === 0; start += 100_000) {
    const block = bytes.subarray(start, start + 100_000);
    const last = start + 100_000 >= bytes.length ? 1 : 0;
    const header = (block.length << 3) | last; // block type 0 = raw
    parts.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, ...block);
    if (last) break;
  }
  return new Uint8Array(parts);
}

const text = (value: string) => new TextEncoder().encode(value);

describe('ingest', () => {
  let fixture: StoreFixture;
  let database: Database;
  let store: EventStore;
  let counter = 0;

  before(async () => {
    fixture = await openStoreFixture('apl-ingest-');
    ({ database, store } = fixture);
  });
  after(() => fixture.close());

  const sysTime = storedIdent('_sysTime');

  async function run(body: Uint8Array | string, options: Partial<IngestOptions> = {}) {
    const name = `ds${++counter}`;
    await store.createDataset(name);
    const bytes = typeof body === 'string' ? text(body) : body;
    const status = await ingest(store, name, pieces(bytes), { format: 'json', now, ...options });
    const rows = await database.all(
      `SELECT strftime("_time", '%Y-%m-%dT%H:%M:%S.%fZ') AS t, strftime(${sysTime}, '%Y-%m-%dT%H:%M:%S.%fZ') AS s, * EXCLUDE ("_time", ${sysTime}) FROM ${eventTable(name)} ORDER BY "_time"`,
    );
    // Columns come back as stored (storedNames.ts): name them as the fields are named.
    return { name, status, rows: rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [logicalName(key), value]))) };
  }

  const events = [
    { _time: '2026-01-02T03:04:05.123456Z', geo: { city: 'Paris', country: 'France' }, n: 1 },
    { _time: 1767323046, attributes: { http: { method: 'GET' } }, n: 2.5, tags: ['a'] },
  ];

  it('reads a JSON array: nested fields flattened, _time from the event, _sysTime the ingest time', async () => {
    const body = JSON.stringify(events);
    const { status, rows } = await run(body);
    assert.deepEqual(status, {
      ingested: 2,
      failed: 0,
      failures: [],
      processedBytes: body.length,
      blocksCreated: 0,
      walLength: 2,
    });
    assert.deepEqual(rows, [
      {
        t: '2026-01-02T03:04:05.123456Z',
        s: '2026-03-01T12:00:00.000000Z',
        'geo.city': 'Paris',
        'geo.country': 'France',
        n: 1,
        'attributes.http.method': null,
        tags: null,
      },
      {
        t: '2026-01-02T03:04:06.000000Z',
        s: '2026-03-01T12:00:00.000000Z',
        'geo.city': null,
        'geo.country': null,
        n: 2.5,
        'attributes.http.method': 'GET',
        tags: '["a"]',
      },
    ]);
  });

  it('reads NDJSON, skipping blank lines, with gzip and zstd and an empty encoding', async () => {
    const body = text(events.map((event) => JSON.stringify(event)).join('\n\n') + '\n');
    for (const [encoding, encoded] of [
      ['', body],
      ['gzip', gzipSync(body)],
      ['zstd', zstd(body)],
    ] as const) {
      const { status, rows } = await run(encoded, { format: 'ndjson', contentEncoding: encoding });
      assert.equal(status.ingested, 2, encoding);
      assert.equal(status.processedBytes, body.length, encoding);
      assert.equal(rows[0]!['geo.city'], 'Paris', encoding);
    }
  });

  it('accepts NDJSON sent as application/json', async () => {
    const { status } = await run('{"a":1}\n{"a":2}\n');
    assert.equal(status.ingested, 2);
  });

  it('reads array elements holding escaped quotes, brackets in strings and scalar elements', async () => {
    const body = '[ {"text":"a \\"quoted\\" ] } [ value","n":1} , "just a string", 7, {"text":"\\\\"} ]';
    const { status, rows } = await run(body);
    assert.equal(status.ingested, 2);
    assert.equal(status.failed, 2);
    assert.deepEqual(
      rows.map((row) => row.text).sort(),
      ['\\', 'a "quoted" ] } [ value'],
    );
  });

  it('reads a pretty-printed object sent as application/json', async () => {
    const { status, rows } = await run(JSON.stringify({ a: { b: 'x' }, c: [1, 2] }, null, 2));
    assert.equal(status.ingested, 1);
    assert.equal(rows[0]!['a.b'], 'x');
  });

  it('reads CSV with a header, with given fields and with another delimiter, values as strings', async () => {
    const header = await run('foo\nbar\nbaz\n', { format: 'csv' });
    assert.equal(header.status.ingested, 2);
    assert.deepEqual(
      header.rows.map((row) => row.foo),
      ['bar', 'baz'],
    );
    const given = await run('1;x\n2;y\n', { format: 'csv', csvFields: ['n', 'letter'], csvDelimiter: ';' });
    assert.deepEqual(
      given.rows.map((row) => [row.n, row.letter]),
      [
        ['1', 'x'],
        ['2', 'y'],
      ],
    );
  });

  it('takes _time from a named field in a Go layout, keeping that field', async () => {
    const { rows, status } = await run('[{"time":"17/May/2015:08:05:30 +0000","x":1}]', {
      timestampField: 'time',
      timestampFormat: '02/Jan/2006:15:04:05 -0700',
    });
    assert.equal(status.ingested, 1);
    assert.equal(rows[0]!.t, '2015-05-17T08:05:30.000000Z');
    assert.equal(rows[0]!.time, '17/May/2015:08:05:30 +0000');
  });

  it('ignores other time fields by default and stamps events without _time with the ingest time', async () => {
    const { rows } = await run('[{"time":"2015-05-17T08:05:30Z"}]');
    assert.equal(rows[0]!.t, '2026-03-01T12:00:00.000000Z');
  });

  it('counts non-objects and unparseable timestamps as failures and stores the rest', async () => {
    const { status, rows } = await run('[{"a":1}, 5, {"_time":"not a time","a":2}, {"a":3}]');
    assert.equal(status.ingested, 2);
    assert.equal(status.failed, 2);
    assert.equal(status.failures.length, 2);
    assert.match(status.failures[1]!.error, /timestamp/);
    assert.ok(!Number.isNaN(Date.parse(status.failures[0]!.timestamp)));
    assert.equal(rows.length, 2);
  });

  it('adds labels to every event and counts their bytes', async () => {
    const labels = '{"region":"eu-west-1"}';
    const { status, rows } = await run('[{"a":1}]', { labels: JSON.parse(labels), labelBytes: labels.length });
    assert.equal(status.processedBytes, 9 + 22);
    assert.equal(rows[0]!.region, 'eu-west-1');
  });

  it('renames reserved fields', async () => {
    const { rows } = await run('[{"_sysTime":"mine","_source":"x"}]');
    assert.equal(rows[0]!._user__sysTime, 'mine');
    assert.equal(rows[0]!._user__source, 'x');
  });

  it('keeps every value when a field changes type across batches', async () => {
    const body = [...Array(10).keys()].map((i) => JSON.stringify({ v: i < 5 ? i : `s${i}` })).join('\n');
    const { rows, status } = await run(body, { format: 'ndjson', batchSize: 3 });
    assert.equal(status.ingested, 10);
    assert.deepEqual(
      rows.map((row) => row.v).sort(),
      ['0', '1', '2', '3', '4', 's5', 's6', 's7', 's8', 's9'],
    );
  });

  for (const [label, body, options] of [
    ['malformed JSON', '[{"a":1}, {"a":', {}],
    ['an unterminated array', '[{"a":1}', {}],
    ['garbage between elements', '[{"a":1} {"a":2}]', {}],
    ['a bad NDJSON line', '{"a":1}\n{oops}\n', { format: 'ndjson' }],
    ['a corrupt gzip body', 'not gzip', { contentEncoding: 'gzip' }],
    ['a corrupt zstd body', 'not zstd at all', { contentEncoding: 'zstd' }],
    ['an unknown encoding', '[]', { contentEncoding: 'br' }],
  ] as const) {
    it(`answers a 4xx for ${label} and stores nothing of that request`, async () => {
      const name = `bad${++counter}`;
      await store.createDataset(name);
      await assert.rejects(
        ingest(store, name, pieces(text(body)), { format: 'json', now, batchSize: 1, ...options }),
        (error: unknown) => error instanceof HttpError && error.status >= 400 && error.status < 500,
      );
      assert.equal(await store.count(name), 0);
    });
  }

  it('answers 413 past the size limit', async () => {
    const name = `big${++counter}`;
    await store.createDataset(name);
    const body = gzipSync(text(JSON.stringify([...Array(1000).keys()].map((i) => ({ i })))));
    await assert.rejects(
      ingest(store, name, pieces(body, 64), { format: 'json', contentEncoding: 'gzip', maxBytes: 1000 }),
      (error: unknown) => error instanceof HttpError && error.status === 413,
    );
    assert.equal(await store.count(name), 0);
  });
});
