import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { startTestService } from './harness.ts';

/** The data directory is its owner's only, like credentials.json (store/privateFiles.ts). */
describe('service: data directory modes', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('keeps the directory 0700 and the database and its log 0600, also for a directory made before', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'apl-private-'));
    const database = join(dataDir, 'apl.duckdb');
    const previousMask = process.umask(0o022);
    try {
      chmodSync(dataDir, 0o755);
      let service = await startTestService({ dataDir });
      try {
        assert.equal((await service.call('POST', '/v2/datasets', { body: { name: 'private', description: '' } })).status, 200);
        const reply = await service.call('POST', '/v1/datasets/private/ingest', { body: [{ secret: 'x' }] });
        assert.equal(reply.body.ingested, 1);
        assert.equal(mode(dataDir), 0o700);
        assert.equal(mode(database), 0o600);
        assert.ok(existsSync(`${database}.wal`), 'the ingest left a write-ahead log');
        assert.equal(mode(`${database}.wal`), 0o600);
      } finally {
        await service.stop();
      }

      // A data directory left open by an older version is closed on the next start.
      process.umask(0o022);
      chmodSync(dataDir, 0o755);
      chmodSync(database, 0o644);
      service = await startTestService({ dataDir });
      try {
        assert.equal(mode(dataDir), 0o700);
        assert.equal(mode(database), 0o600);
      } finally {
        await service.stop();
      }
    } finally {
      process.umask(previousMask);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
