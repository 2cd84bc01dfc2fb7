/** The service's DuckDB file in a temporary directory with the event store over it, for tests below the HTTP layer. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Database } from '../../service/store/database.ts';
import { EventStore } from '../../service/store/eventStore.ts';

export interface StoreFixture {
  database: Database;
  store: EventStore;
  close(): Promise<void>;
}

export async function openStoreFixture(prefix: string): Promise<StoreFixture> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const database = await Database.open(dir);
  return {
    database,
    store: new EventStore(database),
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
