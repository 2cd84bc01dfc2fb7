import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { IdleCheckpoint } from '../../service/store/idleCheckpoint.ts';
import { openStoreFixture, type StoreFixture } from './storeFixture.ts';

const quietMs = 30;

/** An IdleCheckpoint whose checkpoints are counted (and fail while `failing` is set). */
function counted() {
  const state = { checkpoints: 0, failing: false };
  const idle = new IdleCheckpoint(async () => {
    if (state.failing) throw new Error('refused');
    state.checkpoints++;
  }, quietMs);
  return { idle, state };
}

describe('idle checkpoint scheduling', () => {
  it('checkpoints once the quiet time has passed after a committed write', async () => {
    const { idle, state } = counted();
    idle.writeStarted();
    idle.writeEnded(true);
    assert.equal(state.checkpoints, 0);
    await sleep(quietMs * 4);
    assert.equal(state.checkpoints, 1);
    await sleep(quietMs * 2);
    assert.equal(state.checkpoints, 1, 'nothing new was written');
  });

  it('waits while writes keep coming, and for every writer to end', async () => {
    const { idle, state } = counted();
    idle.writeStarted();
    idle.writeStarted();
    idle.writeEnded(true);
    await sleep(quietMs * 3);
    assert.equal(state.checkpoints, 0, 'one writer is still open');
    idle.writeEnded(true);
    await sleep(quietMs / 2);
    idle.writeStarted();
    await sleep(quietMs * 3);
    assert.equal(state.checkpoints, 0, 'a write began inside the quiet time');
    idle.writeEnded(false);
    await sleep(quietMs * 4);
    assert.equal(state.checkpoints, 1);
  });

  it('does not checkpoint after writes that were all rolled back', async () => {
    const { idle, state } = counted();
    idle.writeStarted();
    idle.writeEnded(false);
    await sleep(quietMs * 4);
    assert.equal(state.checkpoints, 0);
  });

  it('tries again after a refused checkpoint', async () => {
    const { idle, state } = counted();
    state.failing = true;
    idle.writeStarted();
    idle.writeEnded(true);
    await sleep(quietMs * 2);
    state.failing = false;
    await sleep(quietMs * 4);
    assert.equal(state.checkpoints, 1);
  });

  it('schedules nothing once closed', async () => {
    const { idle, state } = counted();
    idle.writeStarted();
    idle.writeEnded(true);
    await idle.close();
    await sleep(quietMs * 4);
    assert.equal(state.checkpoints, 0);
  });
});

describe('the database writes its log out after ingest stops', () => {
  let fixture: StoreFixture;
  before(async () => {
    fixture = await openStoreFixture('apl-idle-checkpoint-');
  });
  after(() => fixture.close());

  it('leaves a small log alone, and empties a sizable one within a few seconds, keeping every event', async () => {
    const { database, store } = fixture;
    const wal = `${database.path}.wal`;
    const walBytes = () => (existsSync(wal) ? statSync(wal).size : 0);
    const base = Date.UTC(2026, 0, 1) * 1000;
    const padding = 'x'.repeat(120);
    const events = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({ time: base + from + index, sysTime: base, fields: { n: from + index, s: `${padding}${from + index}` } }));
    await store.createDataset('quiet');
    await store.append('quiet', events(0, 100));
    await sleep(3_000);
    assert.ok(walBytes() > 0, 'a log of 100 events is not worth a checkpoint');
    await store.append('quiet', events(100, 40_000));
    assert.ok(walBytes() > 4 << 20, `the log holds the commit (${walBytes()} bytes)`);
    const deadline = Date.now() + 10_000;
    while (walBytes() > 0 && Date.now() < deadline) await sleep(100);
    assert.equal(walBytes(), 0, 'the log was checkpointed');
    assert.equal(await store.count('quiet'), 40_100);
  });
});
