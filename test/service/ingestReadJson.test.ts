import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../service/store/database.ts';
import { eventTable, type EventStore } from '../../service/store/eventStore.ts';
import { openStoreFixture, type StoreFixture } from './storeFixture.ts';
import { ingest, type IngestOptions } from '../../service/ingest/ingest.ts';
import { NdjsonShape } from '../../service/ingest/ndjsonShape.ts';
import { planReadJson } from '../../service/ingest/readJsonPlan.ts';

const now = Date.UTC(2026, 2, 1, 12) * 1000;
const text = (value: string) => new TextEncoder().encode(value);

async function* pieces(bytes: Uint8Array, size = 5): AsyncGenerator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

/** Whether the body would be stored through read_json (scanned in small pieces, as a stream). */
function takesReadJson(body: string): boolean {
  const shape = new NdjsonShape();
  const bytes = text(body);
  for (let start = 0; start < bytes.length; start += 3) shape.push(bytes.subarray(start, start + 3));
  return shape.end() && planReadJson(shape) !== undefined;
}

const lines = (...events: unknown[]) => events.map((event) => JSON.stringify(event)).join('\n');

/** Bodies read_json takes; each must store exactly what the per-event path stores. */
const eligible: [string, string][] = [
  [
    'nested objects, ISO times, nulls, reserved and escaped keys, integral floats',
    [
      '{"_time":"2026-01-02T03:04:05.123456Z","geo":{"city":"Paris","pos":{"lat":48.85}},"n":1,"ok":true,"_source":"x","\\u0041":"é"}',
      '{"_time":"2026-01-02T03:04:06Z","geo":null,"n":2.0,"ok":false,"gone":null,"empty":{}}',
      '',
      '{"_time":"","n":-0,"big":12345678901234567890,"s":"tab\\t\\"q\\" \\ud83d\\ude00"}\r',
      '{"n":7,"geo":{"city":"Tokyo"},"f":1.5e2,"g":2.50}',
    ].join('\n'),
  ],
  ['epoch seconds, milliseconds, microseconds and nanoseconds', lines(
    { _time: 1767323046, v: 1 },
    { _time: 1767323046.25, v: 2 },
    { _time: 1767323046123, v: 3 },
    { _time: 1767323046123456, v: 4 },
    { _time: 1767323046123456789, v: 5 },
  )],
  ['integers and floats in one field', lines({ x: 1 }, { x: 2.5 }, { x: 3 })],
  [
    'arrays of strings, integers, booleans, nulls, objects and arrays, also inside objects',
    [
      '{"tags":["a", "b"],"n":[1, -2, 123456789012345],"mixed":[true,null,{"k":"v","o":{"z":1,"a":2}},[[]]],"geo":{"pos":[4,5]}}',
      '{"tags":[],"n":[0],"mixed":["é", "😀"],"geo":{"pos":null}}',
    ].join('\n'),
  ],
];

/** Bodies that need the per-event path; the answer must not change. */
const ineligible: [string, string][] = [
  ['arrays with fractions', lines({ v: [1.5, 2] })],
  ['arrays with exponents', '{"v":[1e2]}'],
  ['arrays with minus zero', '{"v":[-0]}'],
  ['arrays with long integers', '{"v":[1234567890123456]}'],
  ['arrays with escapes', '{"v":["a\\nb"]}'],
  ['arrays with digit keys in objects', '{"v":[{"b":1,"2":2}]}'],
  ['arrays with a key twice in an object', '{"v":[{"a":1,"a":2}]}'],
  ['arrays and strings in one field', lines({ v: ['a'] }, { v: 'a' })],
  ['a field with strings and numbers', lines({ v: 1 }, { v: 'one' })],
  ['an object in one event and a string in another', lines({ geo: { city: 'Paris' } }, { geo: 'Paris' })],
  ['a JSON array body', JSON.stringify([{ a: 1 }, { a: 2 }])],
  ['a pretty-printed object', JSON.stringify({ a: { b: 'x' } }, null, 2)],
  ['a non-object line', '{"a":1}\n7\n"s"\n'],
  ['a time that is not ISO', lines({ _time: '02 Jan 2026 03:04:05 GMT', a: 1 }, { _time: 'never', a: 2 })],
  ['ISO and epoch times mixed', lines({ _time: '2026-01-02T03:04:05Z' }, { _time: 1767323046 })],
  ['names equal up to case', lines({ a: 1, A: 2 })],
  ['a dotted name and a nested one', lines({ 'a.b': 1, a: { b: 2 } })],
  ['NaN', '{"a":NaN}'],
];

describe('ingest through read_json', () => {
  let fixture: StoreFixture;
  let database: Database;
  let store: EventStore;
  let counter = 0;

  before(async () => {
    fixture = await openStoreFixture('apl-readjson-');
    ({ database, store } = fixture);
  });
  after(() => fixture.close());

  const storedBy: string[] = [];

  /** Ingests the bodies in turn into a fresh dataset; answers statuses (or errors), fields, rows and the path each took. */
  async function outcome(bodies: string[], options: Partial<IngestOptions>) {
    const name = `ds${++counter}`;
    await store.createDataset(name);
    const statuses: unknown[] = [];
    for (const body of bodies) {
      try {
        statuses.push(
          await ingest(store, name, pieces(text(body)), { format: 'ndjson', now, storedBy: (path) => storedBy.push(path), ...options }),
        );
      } catch (error) {
        statuses.push(`${(error as Error).name}: ${(error as Error).message}`);
      }
    }
    const fields = await store.fields(name);
    const paths = storedBy.splice(0);
    const rows = await database.all(
      `SELECT strftime("_time", '%Y-%m-%dT%H:%M:%S.%fZ') AS t, * EXCLUDE ("_time") FROM ${eventTable(name)} ORDER BY ALL`,
    );
    return { statuses, fields, rows, paths };
  }

  /** Stores the bodies both ways; everything but the path taken must be the same. */
  async function assertSameAsPerEvent(bodies: string[], options: Partial<IngestOptions> = {}) {
    const { paths, ...fast } = await outcome(bodies, options);
    const { paths: slowPaths, ...slow } = await outcome(bodies, { ...options, readJson: false });
    assert.deepEqual(fast, slow);
    assert.ok(slowPaths.every((path) => path === 'per-event'));
    return { ...fast, paths };
  }

  for (const [label, body] of eligible) {
    it(`stores ${label} as the per-event path does`, async () => {
      assert.equal(takesReadJson(body), true);
      const { statuses, paths } = await assertSameAsPerEvent([body]);
      assert.equal((statuses[0] as { failed: number }).failed, 0);
      assert.deepEqual(paths, ['read_json']);
    });
  }

  for (const [label, body] of ineligible) {
    it(`leaves ${label} to the per-event path, with the same answer`, async () => {
      assert.equal(takesReadJson(body), false);
      // (Bodies the per-event path refuses whole report no path.)
      assert.ok(!(await assertSameAsPerEvent([body])).paths.includes('read_json'));
    });
  }

  it('widens columns across requests as the per-event path does', async () => {
    const { fields, rows } = await assertSameAsPerEvent([
      lines({ v: 1, w: true }),
      lines({ v: 2.5 }),
      lines({ v: 'three', w: false }),
      lines({ v: 4 }),
    ]);
    assert.deepEqual(
      fields.map((field) => `${field.name}:${field.type}`),
      ['_time:datetime', '_sysTime:datetime', 'v:string', 'w:boolean'],
    );
    assert.deepEqual(rows.map((row) => row.v).sort(), ['1.0', '2.5', '4', 'three']);
  });

  describe('event labels', () => {
    const body = lines({ a: 1, region: 'overridden', geo: { city: 'Paris' } }, { a: 2 });
    const labelled = [
      ['a string, a number, a float, a boolean and an array', { region: 'eu-west-1', shard: 7, ratio: 0.5, canary: true, zones: ['a', 'b'] }],
      ['a nested object (flattened)', { geo: { country: 'France' }, deploy: { id: 'x' } }],
    ] as const;
    for (const [label, labels] of labelled) {
      it(`stores ${label} through read_json as the per-event path does`, async () => {
        const fast = await assertSameAsPerEvent([body], { labels });
        assert.deepEqual(fast.paths, ['read_json']);
        assert.equal((fast.statuses[0] as { ingested: number }).ingested, 2);
        assert.ok(fast.fields.some((field) => Object.hasOwn(labels, field.name.split('.')[0]!)));
      });
    }
    it('leaves a null label to the per-event path, with the same answer', async () => {
      assert.deepEqual((await assertSameAsPerEvent([body], { labels: { region: null } })).paths, ['per-event']);
    });
  });

  describe('segments', () => {
    const many = (count: number, value: (i: number) => unknown) =>
      [...Array(count).keys()].map((i) => JSON.stringify({ i, v: value(i), s: `event ${i}` })).join('\n');

    it('stores a body cut into many segments as the per-event path does', async () => {
      const body = many(2000, (i) => (i % 2 === 0 ? i : i + 0.5));
      const fast = await assertSameAsPerEvent([body], { segmentBytes: 1024 });
      assert.deepEqual(fast.paths, ['read_json']);
      assert.equal(fast.rows.length, 2000);
    });

    it('stores a field that turns from integer to float in a later segment as the per-event path does', async () => {
      const body = many(600, (i) => (i < 500 ? i : i + 0.25));
      assert.deepEqual((await assertSameAsPerEvent([body], { segmentBytes: 2048 })).paths, ['read_json']);
    });

    it('falls back whole when a later segment turns a field to text', async () => {
      const body = many(600, (i) => (i < 500 ? i : `text ${i}`));
      const fast = await assertSameAsPerEvent([body], { segmentBytes: 2048 });
      assert.deepEqual(fast.paths, ['per-event']);
      assert.equal(fast.rows.length, 600);
      assert.equal(fast.fields.find((field) => field.name === 'v')?.type, 'string');
    });

    it('falls back whole when a line runs past the largest segment', async () => {
      const body = JSON.stringify([...Array(200).keys()].map((i) => ({ i, s: `event ${i}` })));
      const fast = await assertSameAsPerEvent([body], { segmentBytes: 256, maxSegmentBytes: 1024 });
      assert.deepEqual(fast.paths, ['per-event']);
      assert.equal(fast.rows.length, 200);
      const lines = `${many(50, (i) => i)}\n${JSON.stringify({ long: 'x'.repeat(3000) })}\n${many(50, (i) => i)}`;
      const cut = await assertSameAsPerEvent([lines], { segmentBytes: 256, maxSegmentBytes: 1024 });
      assert.deepEqual(cut.paths, ['per-event']);
      assert.equal(cut.rows.length, 101);
    });

    it('falls back whole when a later segment is not NDJSON the scanner takes', async () => {
      const body = `${many(300, (i) => i)}\n{"i": NaN}\n${many(300, (i) => i)}`;
      const fast = await assertSameAsPerEvent([body], { segmentBytes: 2048 });
      // The per-event path refuses the body whole; nothing of the segments before stays.
      assert.match(String(fast.statuses[0]), /HttpError/);
      assert.deepEqual(fast.rows, []);
    });
  });

  it('stores requests that arrive together into one dataset, one of them adding a field', async () => {
    await store.createDataset('together');
    const body = (request: number, extra: Record<string, unknown> = {}) =>
      lines(...[...Array(400).keys()].map((i) => ({ request, i, s: `event ${i}`, ...extra })));
    const options = { format: 'ndjson', now, segmentBytes: 2048, storedBy: (path: string) => storedBy.push(path) } as const;
    await ingest(store, 'together', pieces(text(body(0)), 512), options);
    const statuses = await Promise.all([
      ingest(store, 'together', pieces(text(body(1)), 512), options),
      ingest(store, 'together', pieces(text(body(2, { added: true })), 512), options),
      ingest(store, 'together', pieces(text(body(3)), 512), options),
    ]);
    assert.deepEqual(statuses.map((status) => status.ingested), [400, 400, 400]);
    assert.deepEqual(storedBy.splice(0), Array(4).fill('read_json'));
    const counts = await database.all<{ request: bigint; n: bigint; added: bigint }>(
      `SELECT request, count(*) AS n, count(added) AS added FROM ${eventTable('together')} GROUP BY request ORDER BY request`,
    );
    assert.deepEqual(
      counts.map((row) => [row.request, row.n, row.added]),
      [[0n, 400n, 0n], [1n, 400n, 0n], [2n, 400n, 400n], [3n, 400n, 0n]],
    );
  });

  it('stores a body of many events, spread over many pieces, whole', async () => {
    const body = [...Array(5000).keys()]
      .map((i) => JSON.stringify({ _time: new Date(Date.UTC(2026, 0, 1) + i).toISOString(), i, geo: { n: `c${i % 7}` } }))
      .join('\n');
    assert.equal(takesReadJson(body), true);
    const { statuses, rows } = await assertSameAsPerEvent([body]);
    assert.equal((statuses[0] as { ingested: number }).ingested, 5000);
    assert.equal(rows.length, 5000);
  });
});
