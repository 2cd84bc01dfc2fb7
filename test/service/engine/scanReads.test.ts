/**
 * A summarize, count, topk, extend or project right after a dataset's filters reads the table itself
 * instead of a subquery of it (Stage.scan, readRows): each must answer as the same operator after
 * a stage that is no scan (`sort by _time desc` keeps the rows and their order but ends the scan),
 * the filters kept, the columns in the same order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useFixture } from './fixture.ts';

const { run } = useFixture();

const filters = "logs | where status >= 400 or method == 'GET' | where isnotnull(duration)";
const unscanned = `${filters} | sort by _time desc`;

async function sameAnswer(tail: string, ordered: boolean): Promise<void> {
  const [scan, nested] = await Promise.all([run(`${filters} | ${tail}`), run(`${unscanned} | ${tail}`)]);
  assert.deepEqual(scan.columns.map((column) => column.name), nested.columns.map((column) => column.name), tail);
  const rows = (result: typeof scan) => (ordered ? result.rows : [...result.rows].map((row) => JSON.stringify(row)).sort());
  assert.deepEqual(rows(scan), rows(nested), tail);
  assert.ok(scan.rows.length > 0, tail);
  assert.deepEqual([scan.status.rowsExamined, scan.status.rowsMatched], [nested.status.rowsExamined, nested.status.rowsMatched], tail);
}

test('summarize and count read the filtered table as they read any stage', async () => {
  await sameAnswer('summarize count(), avg(duration) by method', false);
  await sameAnswer('summarize n = count() by bin(_time, 1h), method', true);
  await sameAnswer('summarize max(duration)', false);
  await sameAnswer('count', false);
  await sameAnswer('summarize topk(method, 2)', false);
});

test('extend and project: the dataset columns in their order, the filters kept', async () => {
  await sameAnswer('extend doubled = duration * 2', true);
  await sameAnswer('extend id = id + 100', true);
  await sameAnswer('extend doubled = duration * 2, tripled = doubled + duration | summarize sum(tripled) by method', false);
  await sameAnswer('project _time, method, doubled = duration * 2 | take 3', true);
  await sameAnswer('project method, id | take 3', true);
  await sameAnswer('project *', true);
});
