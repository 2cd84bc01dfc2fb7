/**
 * The small fixed datasets the engine tests query, stored in the event store's layout in a real DuckDB file
 * (names as storedNames.ts spells them: `_sysTime` is the column `_sys^Time`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { runApl } from '../../../service/engine/index.ts';
import { Database } from '../../../service/store/database.ts';

export interface Fixture {
  database: Database;
  close(): Promise<void>;
}

const logs = `
CREATE SCHEMA IF NOT EXISTS events;
CREATE TABLE events.logs (
  "_time" TIMESTAMP NOT NULL, "_sys^Time" TIMESTAMP NOT NULL,
  id BIGINT, status BIGINT, method VARCHAR, path VARCHAR, duration DOUBLE, "geo.city" VARCHAR,
  ok BOOLEAN, tags JSON, attrs JSON, latency INTERVAL, message VARCHAR
);
COMMENT ON COLUMN events.logs.attrs IS 'object';
INSERT INTO events.logs VALUES
 ('2024-01-01 10:00:00', '2024-01-01 10:00:01', 1, 200, 'GET',  '/api/users',   12.5, 'Berlin', true,  '["a","b"]', '{"k":"v1","n":1}', INTERVAL 1500 millisecond, 'user alice logged in'),
 ('2024-01-01 10:15:00', '2024-01-01 10:15:01', 2, 404, 'get',  '/api/items',   30.0, 'Paris',  false, '["b"]',     '{"k":"v2","n":2}', INTERVAL 2 second,        'item_not_found id=42'),
 ('2024-01-01 10:40:00', '2024-01-01 10:40:01', 3, 500, 'POST', '/api/users',   250.25, 'Berlin', false, '[]',      '{"k":"v1","n":3}', INTERVAL 90 second,       'Error: DB timeout'),
 ('2024-01-01 11:05:00', '2024-01-01 11:05:01', 4, 200, 'GET',  '/health',      1.0,  NULL,     true,  NULL,        NULL,               NULL,                     'ok'),
 ('2024-01-01 11:30:00', '2024-01-01 11:30:01', 5, 201, 'PUT',  '/api/items/7', 45.5, 'Tokyo',  true,  '["c","a"]', '{"k":"v3","n":5}', INTERVAL 250 millisecond, 'user bob created item'),
 ('2024-01-01 12:10:00', '2024-01-01 12:10:01', 6, 503, 'GET',  '/api/users',   NULL, 'Paris',  NULL,  '["a"]',     '{"k":"v2","n":6}', INTERVAL 1 hour,          'upstream-error retry'),
 ('2024-01-01 12:20:00', '2024-01-01 12:20:01', 7, 200, 'DELETE','/api/items/7', 8.0, 'Berlin', true,  '["b","c"]', '{"k":"v1","n":7}', INTERVAL 10 millisecond,  'user alice deleted item'),
 ('2024-01-01 12:50:00', '2024-01-01 12:50:01', 8, NULL, 'GET',  NULL,          20.0, 'tokyo',  true,  '["a","b","c"]', '{"k":null,"n":8}', INTERVAL 3 second,  NULL);
CREATE TABLE events.users ("_time" TIMESTAMP NOT NULL, "_sys^Time" TIMESTAMP NOT NULL, id BIGINT, name VARCHAR, team VARCHAR);
INSERT INTO events.users VALUES
 ('2024-01-01 09:00:00', '2024-01-01 09:00:00', 1, 'alice', 'core'),
 ('2024-01-01 09:00:00', '2024-01-01 09:00:00', 2, 'bob', 'web'),
 ('2024-01-01 09:00:00', '2024-01-01 09:00:00', 2, 'bobby', 'web'),
 ('2024-01-01 09:00:00', '2024-01-01 09:00:00', 5, 'carol', 'ops');
CREATE TABLE events.secret ("_time" TIMESTAMP NOT NULL, "_sys^Time" TIMESTAMP NOT NULL, password VARCHAR);
INSERT INTO events.secret VALUES ('2024-01-01 09:00:00', '2024-01-01 09:00:00', 'hunter2');
`;

export async function openFixture(): Promise<Fixture> {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-engine-'));
  const database = await Database.open(dataDir);
  await database.run(logs);
  return {
    database,
    close: async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The caller may read every dataset but `secret`. */
export const readAllButSecret = { canRead: (dataset: string) => dataset !== 'secret' };

/** The day the fixture's events fall in. */
export const fixtureDay = { startTime: '2024-01-01T00:00:00Z', endTime: '2024-01-02T00:00:00Z' };

/**
 * Opens the fixture before a test file's tests and closes it after them; `run` answers a query over
 * the fixture's day as a caller who may read every dataset but `secret`.
 */
export function useFixture() {
  let fixture: Fixture;
  before(async () => {
    fixture = await openFixture();
  });
  after(() => fixture.close());
  return {
    database: () => fixture.database,
    run: (apl: string) => runApl(fixture.database, { apl, ...fixtureDay }, readAllButSecret),
  };
}
