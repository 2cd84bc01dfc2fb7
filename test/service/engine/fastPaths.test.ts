/**
 * The engine answers some queries by shortcuts: a summarize that also yields the status figures or
 * the totals, a topk answered by a top-N sort, filters appended to a scan. Each must give what
 * the general path gives. Every golden query is run as it is and again with an operator that
 * changes nothing appended (`extend` then `project-away` of a new column), which makes the query's
 * last stage an ordinary one; both must answer the same columns, the same rows and the same rows
 * examined and matched.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { stringifyExact } from '../../../wire/exactJson.ts';
import { useFixture } from './fixture.ts';
import { goldenFiles } from './goldenFiles.ts';

const fixture = useFixture();

/** A trailing operator that changes neither columns nor rows. */
const noOp = '\n| extend apl_unchanged_ = 1 | project-away apl_unchanged_';

const shape = (result: Awaited<ReturnType<typeof fixture.run>>, ordered: boolean) => ({
  columns: result.columns.map((column) => `${column.name}:${column.type}`),
  rows: ordered ? result.rows.map((row) => stringifyExact(row)) : result.rows.map((row) => stringifyExact(row)).sort(),
  examined: result.status.rowsExamined,
  matched: result.status.rowsMatched,
});

for (const { file, cases } of goldenFiles()) {
  describe(file, () => {
    for (const golden of cases.filter((golden) => golden.error === undefined)) {
      test(golden.title, async () => {
        const direct = await fixture.run(golden.apl);
        const general = await fixture.run(golden.apl.replace(/;\s*$/, '') + noOp);
        assert.deepEqual(shape(general, golden.ordered), shape(direct, golden.ordered));
      });
    }
  });
}
