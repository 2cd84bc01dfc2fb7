import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DuckDBInstance } from '@duckdb/node-api';
import { startTestService } from './harness.ts';

/** A database file written before names were stored escaped: raw table and column names. */
async function layOutTheOldWay(dataDir: string): Promise<void> {
  const instance = await DuckDBInstance.create(join(dataDir, 'apl.duckdb'));
  const connection = await instance.connect();
  try {
    await connection.run(`
      DROP TABLE storage_layout;
      DROP TABLE events."^Case^X";
      CREATE TABLE events."CaseX" ("_time" TIMESTAMP NOT NULL, "_sysTime" TIMESTAMP NOT NULL, "Level" VARCHAR, "^a" BIGINT,
        "A" BIGINT, "geo.city" VARCHAR, "Obj" JSON);
      COMMENT ON COLUMN events."CaseX"."Obj" IS 'object';
      INSERT INTO events."CaseX" VALUES
        ('2026-01-01 00:00:01', '2026-01-01 00:00:02', 'warn', 1, 10, 'Paris', '{"k":1}'),
        ('2026-01-01 00:00:03', '2026-01-01 00:00:04', 'info', 2, 20, 'Nevers', NULL);
      DROP TABLE events.plain;
      CREATE TABLE events.plain ("_time" TIMESTAMP NOT NULL, "_sysTime" TIMESTAMP NOT NULL, msg VARCHAR);
      INSERT INTO events.plain VALUES ('2026-01-01 00:00:05', '2026-01-01 00:00:06', 'hello');
      CHECKPOINT;
    `);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

describe('opening a database whose names were stored raw', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-names-migration-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  const range = { startTime: '2025-01-01T00:00:00Z', endTime: '2027-01-01T00:00:00Z' };

  it('renames its tables and columns once and reads their events', async () => {
    let service = await startTestService({ dataDir });
    for (const name of ['CaseX', 'plain']) {
      assert.equal((await service.call('POST', '/v2/datasets', { body: { name, description: '' } })).status, 200);
    }
    await service.stop();
    await layOutTheOldWay(dataDir);

    const expectEvents = async () => {
      const reply = await service.call('POST', '/v1/datasets/_apl?format=legacy', {
        body: { apl: `['CaseX'] | order by _time asc | project Level, ['^a'], A, ['geo.city'], Obj, _sysTime`, ...range },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual(
        reply.body.matches.map((match: { data: unknown }) => match.data),
        [
          { Level: 'warn', '^a': 1, A: 10, geo: { city: 'Paris' }, Obj: { k: 1 } },
          { Level: 'info', '^a': 2, A: 20, geo: { city: 'Nevers' }, Obj: null },
        ],
      );
      assert.deepEqual(
        reply.body.matches.map((match: { _sysTime: string }) => match._sysTime),
        ['2026-01-01T00:00:02Z', '2026-01-01T00:00:04Z'],
      );
      const fields = await service.call('GET', '/v2/datasets/CaseX/fields');
      assert.deepEqual(
        fields.body.map((field: { name: string; type: string }) => `${field.name}:${field.type}`),
        ['_time:datetime', '_sysTime:datetime', 'Level:string', '^a:integer', 'A:integer', 'geo.city:string', 'Obj:object'],
      );
      const plain = await service.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl: `['plain'] | project msg`, ...range } });
      assert.deepEqual(plain.body.tables[0].columns, [['hello']]);
    };

    service = await startTestService({ dataDir });
    try {
      await expectEvents();
      // New events land in the renamed columns; a dataset differing only in case gets its own table.
      const ingested = await service.call('POST', '/v1/datasets/CaseX/ingest', {
        rawBody: '[{"_time":"2026-06-01T00:00:00Z","Level":"error","level":"low"}]',
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(ingested.status, 200, JSON.stringify(ingested.body));
      assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'casex', description: '' } })).status, 200);
      const counts = await service.call('POST', '/v1/datasets/_apl?format=tabular', {
        body: { apl: `['CaseX'] | summarize n = count(), levels = make_set(Level), lower = make_set(level)`, ...range },
      });
      assert.deepEqual(counts.body.tables[0].columns, [[3], [['warn', 'info', 'error']], [['low']]]);
    } finally {
      await service.stop();
    }

    // Opened again, nothing is renamed twice.
    service = await startTestService({ dataDir });
    try {
      const reply = await service.call('POST', '/v1/datasets/_apl?format=tabular', {
        body: { apl: `['CaseX'] | where Level != 'error' | summarize n = count(), a = sum(['^a']), big = sum(A)`, ...range },
      });
      assert.equal(reply.status, 200, JSON.stringify(reply.body));
      assert.deepEqual(reply.body.tables[0].columns, [[2], [3], [30]]);
    } finally {
      await service.stop();
    }
  });
});
