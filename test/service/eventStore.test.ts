import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import type { Database } from '../../service/store/database.ts';
import { eventTable, SharedWriterError, type EventStore, type StoredEvent } from '../../service/store/eventStore.ts';
import { openStoreFixture, type StoreFixture } from './storeFixture.ts';
import { Timespan } from '../../service/store/fieldTypes.ts';
import { storedName } from '../../service/store/storedNames.ts';

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

  it('keeps no columns read while the table was dropped or changed', async () => {
    // Readers of a table whose columns are not cached yet (just made) race its drop, a little later each round:
    // some read the table before it is gone and answer after.
    for (let round = 0; round < 10; round++) {
      await store.createDataset('raced');
      const reads = Promise.allSettled(Array.from({ length: 6 }, () => store.fields('raced')));
      await delay(round / 2);
      await store.dropDataset('raced');
      for (const read of await reads) if (read.status === 'rejected') assert.match(String(read.reason), /no event table/);
      await assert.rejects(store.fields('raced'), /no event table/, `round ${round}: a dropped table's columns were kept`);
    }
    // A reader that answers after a writer added a column does not hide the column behind its older list.
    await store.createDataset('raced');
    const writer = await store.openWriter('raced');
    await writer.append([event({ added: 'x' })]);
    await Promise.all([store.fields('raced'), writer.commit()]);
    assert.deepEqual((await store.fields('raced')).map((field) => field.name), ['_time', '_sysTime', 'added']);
  });

  describe('writers side by side', () => {
    const fields = [{ name: 'n', type: 'integer' as const }];
    /** Settles to 'waiting' when `pending` takes longer than a moment. */
    const soon = <T>(pending: Promise<T>) =>
      Promise.race([pending, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 300))]);

    it('lets writers that add no column store at once, and commits each', async () => {
      await store.createDataset('side');
      await store.append('side', [event({ n: 0 })]);
      const first = await store.openWriter('side', fields);
      await first.append([event({ n: 1 })]);
      const second = await soon(store.openWriter('side', fields));
      assert.notEqual(second, 'waiting');
      if (second === 'waiting') return;
      await second.append([event({ n: 2 })]);
      await second.commit();
      await first.commit();
      assert.deepEqual((await rows('side', 'n')).map((row) => row.n), [0n, 1n, 2n]);
    });

    it('makes a writer that adds a column wait for the others, and others wait for it', async () => {
      await store.createDataset('alone');
      await store.append('alone', [event({ n: 0 })]);
      const sharing = await store.openWriter('alone', fields);
      const adding = store.openWriter('alone', [...fields, { name: 'extra', type: 'string' }]);
      assert.equal(await soon(adding), 'waiting');
      const later = store.openWriter('alone', fields);
      await sharing.commit();
      const alone = await adding;
      assert.equal(await soon(later), 'waiting');
      await alone.append([event({ n: 1, extra: 'x' })]);
      await alone.commit();
      const last = await later;
      await last.append([event({ n: 2 })]);
      await last.commit();
      assert.deepEqual((await rows('alone', 'n')).map((row) => [row.n, row.extra]), [[0n, null], [1n, 'x'], [2n, null]]);
    });

    it('refuses a new column to a writer that shares the dataset, and adds it for one left alone', async () => {
      await store.createDataset('upgrade');
      await store.append('upgrade', [event({ n: 0 })]);
      const first = await store.openWriter('upgrade', fields);
      const second = await store.openWriter('upgrade', fields);
      await assert.rejects(first.append([event({ n: 1, late: true })]), SharedWriterError);
      await first.rollback();
      await second.append([event({ n: 2, late: true })]);
      await second.commit();
      assert.deepEqual((await rows('upgrade', 'n')).map((row) => [row.n, row.late]), [[0n, null], [2n, true]]);
    });
  });

  it('quotes names holding quotes and dots', async () => {
    await store.createDataset('we"ird.name');
    await store.append('we"ird.name', [event({ 'a"b': 'q', 'x.y.z': 1 })]);
    assert.deepEqual(
      (await store.fields('we"ird.name')).map((field) => field.name),
      ['_time', '_sysTime', 'a"b', 'x.y.z'],
    );
  });
  it('adds hundreds of fields at once by remaking the table, keeping rows, types, object columns and NOT NULL times', async () => {
    await store.createDataset('wide');
    await store.append('wide', [event({ n: 1, text: 'kept' })], [{ name: 'map', type: 'object' }]);
    await store.append('wide', [event({ map: { a: 1 }, n: 2 }, base + 1)]);
    const many = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`f${index}`, index]));
    await store.append('wide', [event({ ...many, n: 3, extra: 'x' }, base + 2)]);
    const fields = await store.fields('wide');
    assert.equal(fields.length, 2 + 3 + 301);
    assert.deepEqual(fields.slice(0, 5), [
      { name: '_time', type: 'datetime' },
      { name: '_sysTime', type: 'datetime' },
      { name: 'map', type: 'object' },
      { name: 'n', type: 'integer' },
      { name: 'text', type: 'string' },
    ]);
    assert.ok(fields.some((field) => field.name === 'f299' && field.type === 'integer'));
    const stored = await rows('wide');
    assert.deepEqual(stored.map((row) => [row.n, row.text, row.f299 ?? null]), [[1n, 'kept', null], [2n, null, null], [3n, null, 299n]]);
    const nullable = await database.all(
      `SELECT column_name, is_nullable FROM duckdb_columns() WHERE schema_name = 'events' AND table_name = 'wide' AND column_name LIKE '\\_%' ESCAPE '\\'`,
    );
    assert.deepEqual(nullable.map((row) => [row.column_name, row.is_nullable]).sort(), [[storedName('_sysTime'), false], ['_time', false]]);
    // Still one table of that name, and a later request adds to it as usual.
    await store.append('wide', [event({ n: 4, later: true }, base + 3)]);
    assert.equal(await store.count('wide'), 4);
  });
});
