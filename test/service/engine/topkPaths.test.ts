/**
 * topk is counted by GROUP BYs (compile/countedTopk.ts): alone, beside other aggregations (joined
 * on the keys), by a time bin (with its totals) and as topkif. Inside an expression it still goes
 * through DuckDB's histogram. Both must answer the same rows, totals and status figures, so each
 * summarize below is run as written and with every topk wrapped in `todynamic(…)`, which changes
 * nothing but sends it down the histogram path.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stringifyExact } from '../../../wire/exactJson.ts';
import { useFixture } from './fixture.ts';

const fixture = useFixture();

const summarizes = [
  'summarize topk(status, 3)',
  'summarize t = topk(path, 2), n = count()',
  "summarize t = topk(status, 1), n = count(), p = topk(path, 1) by ['geo.city']",
  'summarize t = topkif(path, 2, status >= 400), n = count()',
  'summarize t = topk(status, 2) by bin(_time, 1h)',
  "summarize n = count(), t = topk(path, 1), u = topkif(status, 2, status > 200) by bin(_time, 6h), ['geo.city']",
  "summarize n = count(), t = topk(status, 2) by bin(_time, 6h), ['geo.city'] | take 2",
  "where id > 100 | summarize t = topk(status, 3), n = count() by path",
  'where id > 100 | summarize t = topk(status, 3), n = count()',
  // NaN is a value of its own: DuckDB's histogram counted it with another value.
  'extend r = iff(status >= 500, sqrt(-1.0), 2.5) | summarize t = topk(r, 3), n = count()',
];

const throughHistogram = (apl: string) => apl.replace(/\b(topk(?:if)?\([^()]*\))/g, 'todynamic($1)');

const answer = async (apl: string) => {
  const result = await fixture.run(apl);
  return {
    rows: result.rows.map((row) => stringifyExact(row)).sort(),
    totals: result.totals?.rows.map((row) => stringifyExact(row)),
    status: [result.status.rowsExamined, result.status.rowsMatched, result.status.numGroups],
  };
};

for (const summarize of summarizes) {
  test(`logs | ${summarize}`, async () => {
    const apl = `logs | ${summarize}`;
    assert.notEqual(throughHistogram(apl), apl);
    assert.deepEqual(await answer(apl), await answer(throughHistogram(apl)));
  });
}
