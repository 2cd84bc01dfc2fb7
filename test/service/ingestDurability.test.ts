/**
 * Durability: the built CLI's service is killed with SIGKILL while clients keep ingesting; after a
 * restart every event whose request was answered 200 is stored.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Database } from '../../service/store/database.ts';
import { eventTable } from '../../service/store/eventStore.ts';
import { cli, startCliService, stopCliService } from './cliService.ts';

const token = 'xapt-durability-test';
const headers = { Authorization: `Bearer ${token}`, 'X-Axiom-Org-Id': 'local' };
const serve = (dataDir: string) => startCliService(['--data', dataDir], { ...process.env, APL_ADMIN_TOKEN: token });

describe('ingest durability', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'apl-durability-'));
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged event across a SIGKILL', async () => {
    assert.ok(existsSync(cli), 'dist/cli.js is built (npm run build)');
    const first = await serve(dataDir);
    const created = await fetch(`${first.url}/v2/datasets`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'durable', description: '' }),
    });
    assert.equal(created.status, 200);

    const acknowledged = new Set<number>();
    let next = 0;
    let killed = false;
    const client = async () => {
      while (!killed) {
        const ids = Array.from({ length: 200 }, () => next++);
        const body = ids.map((id) => JSON.stringify({ id, payload: 'x'.repeat(50), nested: { id } })).join('\n');
        try {
          const response = await fetch(`${first.url}/v1/datasets/durable/ingest`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/x-ndjson' },
            body,
          });
          const status = (await response.json()) as { ingested: number };
          if (response.status === 200 && status.ingested === ids.length) for (const id of ids) acknowledged.add(id);
        } catch {
          // The connection died with the service: this request was never acknowledged.
        }
      }
    };
    const clients = [client(), client(), client()];
    while (acknowledged.size < 3000) await new Promise((resolve) => setTimeout(resolve, 5));
    const stopped = stopCliService(first, 'SIGKILL');
    killed = true;
    await Promise.all(clients);
    await stopped;

    const second = await serve(dataDir);
    const fields = await fetch(`${second.url}/v2/datasets/durable/fields`, { headers });
    assert.equal(fields.status, 200);
    // Segments the killed service had spooled are gone.
    assert.deepEqual(readdirSync(join(dataDir, 'spool')), []);
    await stopCliService(second);

    const database = await Database.open(dataDir);
    try {
      const rows = await database.all<{ id: bigint }>(`SELECT id FROM ${eventTable('durable')}`);
      const stored = new Set(rows.map((row) => Number(row.id)));
      const lost = [...acknowledged].filter((id) => !stored.has(id));
      assert.deepEqual(lost, [], `${lost.length} of ${acknowledged.size} acknowledged events lost`);
      assert.equal(stored.size, rows.length, 'no event stored twice');
    } finally {
      await database.close();
    }
  });
});
