import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../../language/index.ts';
import { ErrorSink } from '../../../../service/engine/errors.ts';
import { compileQuery } from '../../../../service/engine/compile/query.ts';
import type { Column } from '../../../../service/engine/compile/types.ts';
import { planQuery } from '../../../../service/engine/plan.ts';
import { parseReused, schemaReused } from '../../../../service/engine/reuse.ts';

const timeFilter = `"_time" >= TIMESTAMP '2026-01-01' AND "_time" < TIMESTAMP '2026-01-02'`;
const columns: Column[] = [
  { name: '_time', type: 'datetime' },
  { name: 'status', type: 'long' },
  { name: 'uri', type: 'string' },
];
const tables = new Map([
  ['logs', columns],
  ['cased', [{ name: '_time', type: 'datetime' }, { name: 'Level', type: 'string' }, { name: 'level', type: 'string' }] as Column[]],
]);

/** The main statement the engine runs for `apl`. */
function mainSql(apl: string): string {
  const parsed = parseReused(apl);
  const analyzed = analyzeDocument(parsed, schemaReused(tables));
  const env = {
    analyzed,
    errors: new ErrorSink(parsed.lineIndex),
    datasetColumns: (name: string) => tables.get(name),
    timeFilter,
    now: `TIMESTAMP '2026-01-02'`,
    binAutoNanos: 3_600e9,
    rangeSeconds: 86_400,
    readableDatasets: () => ['logs'],
  };
  const { stage, datasets } = compileQuery(parsed.root.queries[0]!, env, new Set(tables.keys()));
  return planQuery({ stage, datasets: [...datasets], timeFilter, defaultLimit: 1000 }).main;
}

const selects = (sql: string) => sql.match(/\bSELECT\b/g)?.length ?? 0;

test('wheres over a dataset become conditions of its scan, and a take sorts and limits that scan', () => {
  const sql = mainSql("['logs'] | where status >= 500 | where uri contains 'login' | take 10");
  assert.equal(selects(sql), 1, sql);
  assert.match(sql, /^SELECT "_time", "status", "uri" FROM events\."logs" WHERE "_time" >= .* AND .*status.* AND .*uri.* ORDER BY "_time" DESC NULLS LAST LIMIT 10$/);
});

test('a chain of wheres compiles in work linear in its length', () => {
  const chain = (count: number) => `['logs']${" | where status != 404".repeat(count)} | take 10`;
  /** CPU milliseconds per where, the best of three runs. */
  const perWhere = (count: number) => {
    const text = chain(count);
    let best = Infinity;
    for (let run = 0; run < 3; run++) {
      const start = process.cpuUsage();
      mainSql(text);
      const used = process.cpuUsage(start);
      best = Math.min(best, (used.user + used.system) / 1_000 / count);
    }
    return best;
  };
  const sql = mainSql(chain(8_000));
  assert.equal(selects(sql), 1);
  // Linear work keeps its cost per where; building the whole SQL again for each where grows 8x here.
  const growth = perWhere(8_000) / perWhere(1_000);
  assert.ok(growth < 3, `cost per where grew ${growth.toFixed(1)}x from 1,000 to 8,000 wheres`);
});

test('fields whose names differ only in case stay apart in the scan\'s conditions', () => {
  const sql = mainSql("['cased'] | where Level == 'A' | where level == 'a' | take 1");
  assert.equal(selects(sql), 1);
  assert.match(sql, /"\^Level" = 'A'.*"level" = 'a'/);
});

test('a where after an operator that computes columns reads them from a subquery', () => {
  const sql = mainSql("['logs'] | extend slow = status >= 500 | where slow | take 10");
  assert.ok(selects(sql) > 1, sql);
  assert.match(sql, /WHERE "slow"/);
});

test('a take count that is computed is clamped at zero in SQL; a written one is a number', () => {
  assert.match(mainSql("['logs'] | take 5"), /LIMIT 5$/);
  assert.match(mainSql("['logs'] | take toint('5')"), /LIMIT greatest\(/);
});

test('topks beside other aggregations are counted, each reading the input again: a few, over a short input', () => {
  const scans = (sql: string) => sql.match(/FROM events\."logs"/g)?.length ?? 0;
  const joined = mainSql("['logs'] | summarize a = topk(uri, 1), b = topk(status, 2), n = count()");
  assert.equal(scans(joined), 3);
  assert.doesNotMatch(joined, /histogram/);
  // Past four topks, one histogram pass reads the input once.
  const many = mainSql(`['logs'] | summarize ${Array.from({ length: 5 }, (_, i) => `t${i} = topk(uri, ${i + 1})`).join(', ')}, n = count()`);
  assert.equal(scans(many), 1);
  // A long input is not written out once per topk.
  const terms = Array.from({ length: 2_000 }, (_, i) => `status == ${i + 100_000}`).join(' or ');
  const long = mainSql(`['logs'] | where ${terms} | summarize a = topk(uri, 1), n = count()`);
  assert.equal(long.split('101999').length - 1, 1);
});
