/**
 * A dataset's span (its row count and earliest and latest `_time`) is learned from a status
 * statement whose range held every row, and stands in for that statement while the event store
 * has changed no row: every write, trim and drop must make the next query count again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DuckDBConnection } from '@duckdb/node-api';
import { runApl, type EngineDatabase } from '../../../service/engine/index.ts';
import type { Database } from '../../../service/store/database.ts';
import type { EventStore, StoredEvent } from '../../../service/store/eventStore.ts';
import { openStoreFixture, type StoreFixture } from '../storeFixture.ts';

const hour = 3_600_000_000;
const base = Date.UTC(2026, 0, 1) * 1000;
const at = (hours: number, n: number): StoredEvent => ({ time: base + hours * hour, sysTime: base, fields: { n } });
const iso = (hours: number) => new Date((base + hours * hour) / 1000).toISOString().replace('.000Z', 'Z');
const readAll = { canRead: () => true };
/** topk's status is a statement of its own (a count() would find its figures itself). */
const apl = "['spans'] | summarize topk(_time, 1)";

describe('dataset spans stand in for the status statement while no row changed', () => {
  let fixture: StoreFixture;
  let store: EventStore;
  /** The real database, its connections counting the statements run on them. */
  let engine: EngineDatabase;
  let statements = 0;

  before(async () => {
    fixture = await openStoreFixture('apl-spans-');
    store = fixture.store;
    const database: Database = fixture.database;
    engine = {
      get eventSchemaVersion() {
        return database.eventSchemaVersion;
      },
      get eventDataVersion() {
        return database.eventDataVersion;
      },
      async connect(): Promise<DuckDBConnection> {
        const connection = await database.connect();
        const run = connection.run.bind(connection);
        connection.run = ((sql: string, ...rest: []) => {
          // Each connection is set up with the engine's macros first: those are not the query's statements.
          if (!sql.startsWith('CREATE')) statements++;
          return run(sql, ...rest);
        }) as typeof connection.run;
        return connection;
      },
    };
    await store.createDataset('spans');
    await store.append('spans', [at(1, 1), at(2, 2), at(3, 3)]);
  });
  after(() => fixture.close());

  /** The status figures of a query over [start, end) hours, and how many statements it ran. */
  async function figures(start = -1000, end = 1000) {
    const before = statements;
    const { status } = await runApl(engine, { apl, startTime: iso(start), endTime: iso(end) }, readAll);
    return { examined: status.rowsExamined, min: status.minBlockTime, max: status.maxBlockTime, statements: statements - before };
  }

  it('counts once, then answers from the span', async () => {
    const first = await figures();
    assert.deepEqual({ ...first, statements: undefined }, { examined: 3, min: iso(1), max: iso(3), statements: undefined });
    const second = await figures();
    assert.deepEqual(second, { ...first, statements: 1 }, 'the main statement alone');
  });

  it('counts again after a write', async () => {
    await figures();
    await store.append('spans', [at(4, 4)]);
    assert.deepEqual((await figures()).examined, 4);
    assert.deepEqual((await figures()).max, iso(4));
  });

  it('counts again after a trim', async () => {
    await figures();
    await store.trimDataset('spans', new Date((base + 2 * hour) / 1000));
    const trimmed = await figures();
    assert.deepEqual([trimmed.examined, trimmed.min], [3, iso(2)]);
  });

  it('counts again after the dataset was dropped and made anew', async () => {
    await figures();
    await store.dropDataset('spans');
    await store.createDataset('spans');
    assert.equal((await figures()).examined, 0);
    await store.append('spans', [at(5, 5)]);
    const refilled = await figures();
    assert.deepEqual([refilled.examined, refilled.min, refilled.max], [1, iso(5), iso(5)]);
  });

  it('a range that cuts the rows is counted by a statement, span or not', async () => {
    await store.append('spans', [at(6, 6), at(7, 7)]);
    await figures();
    const cut = await figures(5.5, 1000);
    assert.deepEqual([cut.examined, cut.min, cut.statements], [2, iso(6), 2]);
  });

  it('rows outside a range are looked for once per change of the data', async () => {
    await store.append('spans', [at(8, 8)]);
    const first = await figures(7.5, 1000);
    const second = await figures(7.5, 1000);
    assert.deepEqual([first.examined, first.statements, second.examined, second.statements], [1, 3, 1, 2]);
  });

  it('rows past the range: its figures are not the span', async () => {
    await store.append('spans', [at(50, 50)]);
    const before = await figures(-1000, 10);
    const again = await figures(-1000, 10);
    assert.equal(again.examined, before.examined);
    assert.equal((await figures()).examined, before.examined + 1);
  });
});
