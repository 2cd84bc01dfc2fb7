import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DatasetLocks, type HeldLock } from '../../service/store/datasetLocks.ts';

/** Whether `pending` settles within a few turns of the event loop. */
async function granted(pending: Promise<HeldLock>): Promise<boolean> {
  const waited = new Promise<false>((resolve) => setTimeout(() => resolve(false), 20));
  return Promise.race([pending.then(() => true as const), waited]);
}

describe('dataset locks', () => {
  it('lets shared holders in together, and an exclusive one only alone', async () => {
    const locks = new DatasetLocks();
    const first = await locks.acquire('logs', 'shared');
    const second = locks.acquire('logs', 'shared');
    assert.equal(await granted(second), true);
    const exclusive = locks.acquire('logs', 'exclusive');
    assert.equal(await granted(exclusive), false);
    first.release();
    assert.equal(await granted(exclusive), false);
    (await second).release();
    assert.equal(await granted(exclusive), true);
    const after = locks.acquire('logs', 'shared');
    assert.equal(await granted(after), false);
    (await exclusive).release();
    assert.equal(await granted(after), true);
  });

  it('keeps a shared request behind an exclusive one that waits (no starvation)', async () => {
    const locks = new DatasetLocks();
    const reader = await locks.acquire('logs', 'shared');
    const exclusive = locks.acquire('logs', 'exclusive');
    const late = locks.acquire('logs', 'shared');
    assert.equal(await granted(late), false);
    reader.release();
    assert.equal(await granted(exclusive), true);
    assert.equal(await granted(late), false);
    (await exclusive).release();
    assert.equal(await granted(late), true);
  });

  it('upgrades a shared hold only when nobody else holds the lock', async () => {
    const locks = new DatasetLocks();
    const first = await locks.acquire('logs', 'shared');
    const second = await locks.acquire('logs', 'shared');
    assert.equal(first.upgrade(), false);
    assert.equal(first.mode, 'shared');
    second.release();
    assert.equal(first.upgrade(), true);
    assert.equal(first.mode, 'exclusive');
    const next = locks.acquire('logs', 'shared');
    assert.equal(await granted(next), false);
    first.release();
    first.release();
    assert.equal(await granted(next), true);
  });

  it('keeps datasets apart', async () => {
    const locks = new DatasetLocks();
    await locks.acquire('logs', 'exclusive');
    assert.equal(await granted(locks.acquire('traces', 'exclusive')), true);
  });
});
