import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { Database, duckdbThreads } from '../../service/store/database.ts';

describe('service database', () => {
  it('leaves a core to JavaScript unless APL_DUCKDB_THREADS says otherwise', () => {
    assert.equal(duckdbThreads({}), Math.max(1, availableParallelism() - 1));
    assert.equal(duckdbThreads({ APL_DUCKDB_THREADS: '3' }), 3);
    for (const ignored of ['0', '-1', 'many', '']) assert.equal(duckdbThreads({ APL_DUCKDB_THREADS: ignored }), duckdbThreads({}));
  });

  it('opens DuckDB with that many threads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'apl-database-'));
    const database = await Database.open(dir, 3);
    try {
      const row = await database.one<{ threads: bigint }>(`SELECT current_setting('threads') AS threads`);
      assert.equal(Number(row!.threads), 3);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
