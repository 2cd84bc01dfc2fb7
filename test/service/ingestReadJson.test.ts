import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Database } from '../../service/store/database.ts';
import { EventStore, eventTable } from '../../service/store/eventStore.ts';
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
];

/** Bodies that need the per-event path; the answer must not change. */
const ineligible: [string, string][] = [
  ['arrays', lines({ tags: ['a', 1] })],
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
  let dir: string;
  let database: Database;
  let store: EventStore;
  let counter = 0;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'apl-readjson-'));
    database = await Database.open(dir);
    store = new EventStore(database);
  });
  after(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Ingests the bodies in turn into a fresh dataset; answers statuses (or errors), fields and rows. */
  async function outcome(bodies: string[], options: Partial<IngestOptions>) {
    const name = `ds${++counter}`;
    await store.createDataset(name);
    const statuses: unknown[] = [];
    for (const body of bodies) {
      try {
        statuses.push(await ingest(store, name, pieces(text(body)), { format: 'ndjson', now, ...options }));
      } catch (error) {
        statuses.push(`${(error as Error).name}: ${(error as Error).message}`);
      }
    }
    const fields = await store.fields(name);
    const rows = await database.all(
      `SELECT strftime("_time", '%Y-%m-%dT%H:%M:%S.%fZ') AS t, * EXCLUDE ("_time") FROM ${eventTable(name)} ORDER BY ALL`,
    );
    return { statuses, fields, rows };
  }

  async function assertSameAsPerEvent(bodies: string[]) {
    const fast = await outcome(bodies, {});
    const slow = await outcome(bodies, { readJson: false });
    assert.deepEqual(fast, slow);
    return fast;
  }

  for (const [label, body] of eligible) {
    it(`stores ${label} as the per-event path does`, async () => {
      assert.equal(takesReadJson(body), true);
      const { statuses } = await assertSameAsPerEvent([body]);
      assert.equal((statuses[0] as { failed: number }).failed, 0);
    });
  }

  for (const [label, body] of ineligible) {
    it(`leaves ${label} to the per-event path, with the same answer`, async () => {
      assert.equal(takesReadJson(body), false);
      await assertSameAsPerEvent([body]);
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
