import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AplQueryError, runApl } from '../../../service/engine/index.ts';
import type { Database } from '../../../service/store/database.ts';
import type { EventStore, StoredEvent } from '../../../service/store/eventStore.ts';
import { openStoreFixture, type StoreFixture } from '../storeFixture.ts';

const base = Date.UTC(2026, 0, 1) * 1000;
const event = (fields: Record<string, unknown>): StoredEvent => ({ time: base, sysTime: base, fields });
const readAll = { canRead: () => true };

/** The engine keeps tables' columns between queries; the event store's changes must reach it. */
describe('engine column cache over event store changes', () => {
  let fixture: StoreFixture;
  let database: Database;
  let store: EventStore;

  before(async () => {
    fixture = await openStoreFixture('apl-schema-cache-');
    ({ database, store } = fixture);
  });
  after(() => fixture.close());

  /** `getschema` answers from the columns the engine holds, so stale ones show without any error. */
  async function schemaOf(dataset: string): Promise<Record<string, unknown>> {
    const result = await runApl(database, { apl: `['${dataset}'] | getschema`, startTime: '2025-01-01T00:00:00Z' }, readAll);
    const name = result.columns.findIndex((column) => column.name === 'ColumnName');
    const type = result.columns.findIndex((column) => column.name === 'ColumnType');
    return Object.fromEntries(result.rows.map((row) => [row[name], row[type]]));
  }

  it('keeps the columns while ingest brings only known fields', async () => {
    await store.createDataset('steady');
    await store.append('steady', [event({ v: 1 })]);
    await schemaOf('steady');
    const version = database.eventSchemaVersion;
    await store.append('steady', [event({ v: 2 }), event({ v: 3 })]);
    assert.equal(database.eventSchemaVersion, version);
  });

  it('sees a widened column and a new one', async () => {
    await store.createDataset('evolving');
    await store.append('evolving', [event({ v: 1 })]);
    assert.equal((await schemaOf('evolving')).v, 'integer');
    await store.append('evolving', [event({ v: 'text', w: true })]);
    assert.deepEqual(await schemaOf('evolving'), { _time: 'datetime', _sysTime: 'datetime', v: 'string', w: 'boolean' });
  });

  it('sees a dataset made after a query found no such table, and one dropped', async () => {
    await assert.rejects(schemaOf('later'), AplQueryError);
    await store.createDataset('later');
    assert.deepEqual(Object.keys(await schemaOf('later')).sort(), ['_sysTime', '_time']);
    await store.dropDataset('later');
    await assert.rejects(schemaOf('later'), AplQueryError);
  });
});
