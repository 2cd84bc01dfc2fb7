/** The engine's caps on what a query may build and return (service/engine/limits.ts), on a real DuckDB file. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AplQueryError } from '../../../service/engine/index.ts';
import { useFixture } from './fixture.ts';

const { run } = useFixture();

async function refused(apl: string, message: RegExp): Promise<void> {
  await assert.rejects(run(apl), (error: unknown) => {
    assert.ok(error instanceof AplQueryError, `${error}`);
    assert.equal(error.status, 400);
    assert.match(error.message, message);
    return true;
  });
}

test('strrep repeats at most 1024 times, as the APL reference caps the multiplier', async () => {
  const result = await run(`print plain = strlen(strrep('abc', 1000000000)), delimited = strlen(strrep('ab', 5000, ',')), few = strrep('ab', 3, '-')`);
  assert.deepEqual(result.rows, [[3 * 1024, 3 * 1024 - 1, 'ab-ab-ab']]);
});

test('strrep refuses to build a text past 1 MiB, naming the cap, instead of building it', async () => {
  await refused(`print s = strrep(strrep('abc', 1000), 1000)`, /^strrep\(\) would build a text longer than 1 MiB/);
  await refused(`print s = strrep(strrep('abc', 1000), 1000, ',')`, /longer than 1 MiB/);
  const fits = await run(`print n = strlen(strrep(strrep('ab', 1000), 500))`);
  assert.deepEqual(fits.rows, [[1_000_000]]);
});

test('tohex refuses a width past 1 MiB', async () => {
  await refused(`print s = tohex(255, 5000000)`, /^tohex\(\) would build a text longer than 1 MiB/);
  assert.deepEqual((await run(`print s = tohex(255, 4)`)).rows, [['00ff']]);
});

test('range() stops at 2^20 values, as Kusto truncates it', async () => {
  const result = await run(`print n = array_length(range(1, 5000000)), small = range(1, 3)`);
  assert.deepEqual(result.rows, [[1_048_576, [1, 2, 3]]]);
});

test('the mv-expand of range(1, 1000000000) counts the 2^20 values Kusto documents', async () => {
  assert.deepEqual((await run('print r = range(1, 1000000000) | mv-expand r | count')).rows, [[1_048_576]]);
});

test('make_list keeps at most 2^20 values, whatever size it is given', async () => {
  const result = await run('print r = range(1, 2000) | mv-expand r | extend q = range(1, 600) | mv-expand q | summarize l = make_list(q, 5000000) | project n = array_length(l)');
  assert.deepEqual(result.rows, [[1_048_576]]);
});

test('make-series arrays stop at 2^20 values', async () => {
  const result = await run(
    'print t = datetime(2024-01-01) | make-series c = count() on t from datetime(2024-01-01) to datetime(2024-03-01) step 1s | project n = array_length(c), first = c[0]',
  );
  assert.deepEqual(result.rows, [[1_048_576, 1]]);
});

test('a result of more than 500,000 rows is refused before it is read', async () => {
  await refused('print r = range(1, 500001) | mv-expand r | take 500001', /^the result has 500001 rows, more than the 500000 a query may return/);
  assert.equal((await run('print r = range(1, 500000) | mv-expand r | take 500000 | count')).rows[0]![0], 500_000);
});

test('a result of more than 64 MiB is refused before any of its text is decoded', async () => {
  // 100 rows of a 1,024,000-byte text each.
  await refused(`print r = range(1, 100) | mv-expand r | extend s = strrep(strrep('x', 1024), 1000) | take 100`, /^the result holds more than 64 MiB/);
  const fits = await run(`print r = range(1, 50) | mv-expand r | extend s = strrep(strrep('x', 1024), 1000) | take 50`);
  assert.equal(fits.rows.length, 50);
  assert.equal((fits.rows[49]![1] as string).length, 1_024_000);
});
