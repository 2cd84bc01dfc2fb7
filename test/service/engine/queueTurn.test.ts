/**
 * A query waiting in the queue holds its text, not its tree: it is read (parsed, its range
 * checked) only once its turn has come, so a hundred waiting queries of a megabyte each do not
 * hold a hundred syntax trees.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setImmediate } from 'node:timers/promises';
import { AplQueryError, runApl } from '../../../service/engine/index.ts';
import { QueryQueue } from '../../../service/engine/queryQueue.ts';
import { fixtureDay, readAllButSecret, useFixture } from './fixture.ts';

const fixture = useFixture();

/** Whether the promise has settled after a few turns of the event loop. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 5; i++) await setImmediate();
  return done;
}

test('a waiting query is read only once its turn has come', async () => {
  const queue = new QueryQueue(1);
  const release = await queue.acquire();
  const waiting = runApl(fixture.database(), { apl: 'logs | where (', ...fixtureDay }, readAllButSecret, { queue });
  // Reading it before its turn would refuse it at once.
  assert.equal(await settled(waiting), false);
  release();
  await assert.rejects(waiting, (error) => error instanceof AplQueryError && error.kind === 'syntax');
  assert.equal(queue.active, 0);
});
