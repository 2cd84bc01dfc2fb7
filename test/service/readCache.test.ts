/** The registries' read cache: one read per key until it is dropped; a failed read is not kept. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ReadCache } from '../../service/store/readCache.ts';

/** A read that counts its calls and answers what `answer` says at the time. */
function counted(answer: (call: number) => Promise<string>) {
  let calls = 0;
  return { read: () => answer(++calls), calls: () => calls };
}

test('reads once per key, readers at the same time included, until the key is dropped', async () => {
  const cache = new ReadCache<string>();
  const source = counted(async (call) => `v${call}`);
  assert.deepEqual(await Promise.all([cache.get('a', source.read), cache.get('a', source.read)]), ['v1', 'v1']);
  assert.equal(await cache.get('a', source.read), 'v1');
  assert.equal(source.calls(), 1);
  cache.drop('a');
  assert.equal(await cache.get('a', source.read), 'v2');
});

test('a failed read is read again next time, and its failure does not drop a newer read', async () => {
  const cache = new ReadCache<string>();
  let fail!: (error: Error) => void;
  const failing = new Promise<string>((_resolve, reject) => (fail = reject));
  const first = cache.get('a', () => failing);
  cache.drop('a');
  const source = counted(async (call) => `v${call}`);
  assert.equal(await cache.get('a', source.read), 'v1');
  fail(new Error('the connection failed'));
  await assert.rejects(first, /the connection failed/);
  assert.equal(await cache.get('a', source.read), 'v1', 'the newer read is still kept');

  const flaky = counted(async (call) => (call === 1 ? Promise.reject(new Error('busy')) : `ok${call}`));
  await assert.rejects(cache.get('b', flaky.read), /busy/);
  assert.equal(await cache.get('b', flaky.read), 'ok2');
  assert.equal(await cache.get('b', flaky.read), 'ok2');
  assert.equal(flaky.calls(), 2);
});

test('past its size the cache starts over rather than growing', async () => {
  const cache = new ReadCache<string>(2);
  const source = counted(async (call) => `v${call}`);
  await cache.get('a', source.read);
  await cache.get('b', source.read);
  await cache.get('c', source.read);
  assert.equal(await cache.get('a', source.read), 'v4', 'a was let go when c came');
});
