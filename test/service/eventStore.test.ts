import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../../service/store/database.ts';
import { eventTable, type EventStore, type StoredEvent } from '../../service/store/eventStore.ts';
import { openStoreFixture, type StoreFixture } from './storeFixture.ts';
import { Timespan } from '../../service/store/fieldTypes.ts';

const hour = 3600 * 1e6;
const base = Date.UTC(2026, 0, 1) * 1000;
const event = (fields: Record<string, unknown>, time = base): StoredEvent => ({ time, sysTime: base, fields });

describe('event store on a DuckDB file', () => {
  let fixture: StoreFixture;
  let database: Database;
  let store: EventStore;

  before(async () => {
    fixture = await openStoreFixture('apl-events-');
    ({ database, store } = fixture);
  });
  after(() => fixture.close());

  async function rows(name: string, order = '"_time"'): Promise<Record<string, unknown>[]> {
    return database.all(`SELECT * FROM ${eventTable(name)} ORDER BY ${order}`);
  }

  it('starts a dataset with _time and _sysTime only', async () => {
    await store.createDataset('empty');
    assert.deepEqual(await store.fields('empty'), [
      { name: '_time', type: 'datetime' },
      { name: '_sysTime', type: 'datetime' },
    ]);
  });

  it('discovers fields with their types, dotted names kept whole', async () => {
    await store.createDataset('discover');
    await store.append('discover', [
      event({ 'geo.city': 'Paris', n: 3, ratio: 0.5, ok: true, tags: ['a', 'b'] }),
      event({ 'attributes.http.method': 'GET', n: 4 }, base + 1),
    ]);
    assert.deepEqual(await store.fields('discover'), [
      { name: '_time', type: 'datetime' },
      { name: '_sysTime', type: 'datetime' },
      { name: 'geo.city', type: 'string' },
      { name: 'n', type: 'integer' },
      { name: 'ratio', type: 'float' },
      { name: 'ok', type: 'boolean' },
      { name: 'tags', type: 'array' },
      { name: 'attributes.http.method', type: 'string' },
    ]);
    const stored = await rows('discover');
    assert.equal(stored[0]!['geo.city'], 'Paris');
    assert.equal(stored[0]!.n, 3n);
    assert.equal(stored[0]!.tags, '["a","b"]');
    assert.equal(stored[1]!['geo.city'], null);
    assert.equal(stored[1]!['attributes.http.method'], 'GET');
  });

  it('widens integer to float, then anything to string, keeping every value', async () => {
    await store.createDataset('widen');
    await store.append('widen', [event({ v: 1 }, base)]);
    await store.append('widen', [event({ v: 2.5 }, base + 1)]);
    assert.equal((await store.fields('widen'))[2]!.type, 'float');
    await store.append('widen', [event({ v: 'three' }, base + 2), event({ v: true }, base + 3)]);
    await store.append('widen', [event({ v: [4] }, base + 4)]);
    assert.deepEqual(await store.fields('widen'), [
      { name: '_time', type: 'datetime' },
      { name: '_sysTime', type: 'datetime' },
      { name: 'v', type: 'string' },
    ]);
    assert.deepEqual(
      (await rows('widen')).map((row) => row.v),
      ['1.0', '2.5', 'three', 'true', '[4]'],
    );
  });

  it('widens within one batch', async () => {
    await store.createDataset('mixed');
    await store.append('mixed', [event({ v: 1 }, base), event({ v: 'x' }, base + 1), event({ v: null }, base + 2)]);
    assert.deepEqual(
      (await rows('mixed')).map((row) => row.v),
      ['1', 'x', null],
    );
  });

  it('stores declared timespan and object fields', async () => {
    await store.createDataset('declared');
    await store.append(
      'declared',
      [event({ duration: new Timespan(1500), 'attributes.custom': { 'http.protocol': 'HTTP/1.1' } })],
      [
        { name: 'duration', type: 'timespan' },
        { name: 'attributes.custom', type: 'object' },
      ],
    );
    const fields = await store.fields('declared');
    assert.deepEqual(fields.slice(2), [
      { name: 'duration', type: 'timespan' },
      { name: 'attributes.custom', type: 'object' },
    ]);
    const [row] = await database.all(
      `SELECT epoch_us("duration") AS us, "attributes.custom"->>'$."http.protocol"' AS protocol FROM ${eventTable('declared')}`,
    );
    assert.equal(row!.us, 1500n);
    assert.equal(row!.protocol, 'HTTP/1.1');
  });

  it('trims events older than a time and drops a dataset', async () => {
    await store.createDataset('trim');
    await store.append('trim', [event({ k: 1 }, base - 2 * hour), event({ k: 2 }, base - hour / 2), event({ k: 3 }, base)]);
    const deleted = await store.trimDataset('trim', new Date((base - hour) / 1000));
    assert.equal(deleted, 1);
    assert.deepEqual(
      (await rows('trim')).map((row) => row.k),
      [2n, 3n],
    );
    await store.dropDataset('trim');
    await assert.rejects(store.fields('trim'));
    await store.createDataset('trim');
    assert.equal(await store.count('trim'), 0);
  });

  it('rolls a writer back whole, schema included', async () => {
    await store.createDataset('rollback');
    const writer = await store.openWriter('rollback');
    await writer.append([event({ gone: 'x' })]);
    await writer.rollback();
    assert.equal(await store.count('rollback'), 0);
    assert.equal((await store.fields('rollback')).length, 2);
  });

  it('reads the committed fields while a writer is open, without waiting for it', async () => {
    await store.createDataset('reading');
    await store.append('reading', [event({ kept: 1 })]);
    const writer = await store.openWriter('reading');
    await writer.append([event({ pending: 'x' })]);
    const names = async () => (await store.fields('reading')).map((field) => field.name);
    const waited = new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), 2000));
    assert.deepEqual(await Promise.race([names(), waited]), ['_time', '_sysTime', 'kept']);
    await writer.commit();
    assert.deepEqual(await names(), ['_time', '_sysTime', 'kept', 'pending']);
  });

  it('quotes names holding quotes and dots', async () => {
    await store.createDataset('we"ird.name');
    await store.append('we"ird.name', [event({ 'a"b': 'q', 'x.y.z': 1 })]);
    assert.deepEqual(
      (await store.fields('we"ird.name')).map((field) => field.name),
      ['_time', '_sysTime', 'a"b', 'x.y.z'],
    );
  });
});
