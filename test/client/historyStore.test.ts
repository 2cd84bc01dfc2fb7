import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { QueryHistory, readHistory, retain, timeAgo, type HistoryEntry, type NewHistoryEntry, type StateStore } from '../../client/historyStore.ts';

/** Workspace state as VS Code keeps it: values go through JSON. */
class JsonState implements StateStore {
  private readonly values = new Map<string, string>();
  get(key: string): unknown {
    const text = this.values.get(key);
    return text === undefined ? undefined : JSON.parse(text);
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, JSON.stringify(value));
  }
}

const folders: string[] = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
function scratch(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'apl-history-'));
  folders.push(folder);
  return folder;
}

const run = (query: string, rows = 3): NewHistoryEntry => ({
  query,
  range: { kind: 'custom', start: { agoMs: 7_200_000 }, end: { agoMs: 0 } },
  startTime: '2026-11-21T10:00:00.000Z',
  endTime: '2026-11-21T12:00:00.000Z',
  ranAt: '2026-11-21T12:00:00.000Z',
  durationMs: 42,
  rows,
  documentUri: 'file:///w/q.apl',
  line: 4,
});
const resultsOf = (query: string, rows = 3) => ({ query, matches: { columns: [{ name: 'n', type: 'integer' }], rows: Array.from({ length: rows }, (_, i) => [i]) } });

describe('query history', () => {
  it('lists runs newest first and re-opens their results from disk', async () => {
    const dir = path.join(scratch(), 'history');
    const history = new QueryHistory(new JsonState(), dir);
    const first = await history.add(run("['logs'] | take 3"), resultsOf("['logs'] | take 3"));
    const second = await history.add(run("['logs'] | count", 1), resultsOf("['logs'] | count", 1));
    assert.deepEqual(history.entries().map((entry) => entry.query), ["['logs'] | count", "['logs'] | take 3"]);
    assert.deepEqual(history.entries()[1], { ...run("['logs'] | take 3"), id: first.id, resultBytes: first.resultBytes });
    assert.deepEqual(await history.openResults(first.id), resultsOf("['logs'] | take 3"));
    assert.deepEqual(await history.openResults(second.id), resultsOf("['logs'] | count", 1));
    assert.equal(readdirSync(dir).length, 2);
  });

  it('keeps a run whose results hold integers past 2^53, and gives them back exactly', async () => {
    const history = new QueryHistory(new JsonState(), path.join(scratch(), 'history'));
    const results = { query: 'q', matches: { columns: [{ name: 'id', type: 'integer' }], rows: [[9007199254740993n], [1]] } };
    const entry = await history.add(run('q', 2), results);
    assert.equal(history.entries().length, 1);
    assert.deepEqual(await history.openResults(entry.id), results);
  });

  it('keeps at most the entry limit, and results for the newest runs within count and size', async () => {
    const dir = scratch();
    const limits = { entries: 4, keptResults: 2, resultBytes: 10_000 };
    const history = new QueryHistory(new JsonState(), dir, limits);
    const added: HistoryEntry[] = [];
    for (let index = 0; index < 6; index++) added.push(await history.add(run(`q${index}`), resultsOf(`q${index}`)));
    assert.deepEqual(history.entries().map((entry) => entry.query), ['q5', 'q4', 'q3', 'q2']);
    assert.deepEqual(history.entries().map((entry) => entry.resultBytes !== undefined), [true, true, false, false]);
    assert.equal(await history.openResults(added[3].id), undefined, 'an older run lost its results');
    assert.deepEqual(readdirSync(dir).sort(), [`${added[4].id}.json`, `${added[5].id}.json`].sort(), 'only the kept results stay on disk');
  });

  it('does not keep a result larger than the size bound, and still records the run', async () => {
    const history = new QueryHistory(new JsonState(), scratch(), { entries: 10, keptResults: 5, resultBytes: 500 });
    const big = await history.add(run('big', 100), resultsOf('big', 100));
    assert.equal(big.resultBytes, undefined);
    assert.equal(history.entries()[0].rows, 100);
    assert.equal(await history.openResults(big.id), undefined);
  });

  it('records concurrent runs without losing one', async () => {
    const history = new QueryHistory(new JsonState(), scratch());
    await Promise.all(Array.from({ length: 8 }, (_, index) => history.add(run(`q${index}`), resultsOf(`q${index}`))));
    assert.equal(history.entries().length, 8);
  });

  it('gives nothing for a result file that went missing or was damaged', async () => {
    const dir = scratch();
    const history = new QueryHistory(new JsonState(), dir);
    const entry = await history.add(run('q'), resultsOf('q'));
    writeFileSync(path.join(dir, `${entry.id}.json`), '{"broken');
    assert.equal(await history.openResults(entry.id), undefined);
    assert.equal(await history.openResults('../../etc/passwd'), undefined);
  });

  it('clear removes the entries and their files', async () => {
    const dir = scratch();
    const history = new QueryHistory(new JsonState(), dir);
    await history.add(run('q'), resultsOf('q'));
    await history.clear();
    assert.deepEqual(history.entries(), []);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('skips malformed stored entries', () => {
    const good = { ...run('q'), id: 'a1' };
    assert.deepEqual(readHistory([good, { ...good, id: '../x' }, { ...good, range: { kind: 'relative', preset: '2y' } }, 'x', null]), [good]);
    assert.deepEqual(readHistory({}), []);
  });

  it('retain drops results past the size budget even when the count allows them', () => {
    const entry = (id: string, resultBytes?: number): HistoryEntry => ({ ...run(id), id, ...(resultBytes === undefined ? {} : { resultBytes }) });
    const { entries, dropped } = retain([entry('a', 600), entry('b'), entry('c', 600), entry('d', 100)], { entries: 10, keptResults: 5, resultBytes: 1000 });
    assert.deepEqual(entries.map((each) => [each.id, each.resultBytes]), [['a', 600], ['b', undefined], ['c', undefined], ['d', 100]]);
    assert.deepEqual(dropped, ['c']);
  });

  it('tells how long ago a run was', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    assert.equal(timeAgo('2026-11-21T11:59:50Z', now), 'just now');
    assert.equal(timeAgo('2026-11-21T11:55:00Z', now), '5 min ago');
    assert.equal(timeAgo('2026-11-21T09:00:00Z', now), '3 h ago');
    assert.equal(timeAgo('2026-11-19T12:00:00Z', now), '2 days ago');
  });
});
