/**
 * Golden tests: each `golden/*.golden` file holds cases of the form
 *
 *   === title
 *   <APL, one or more lines>
 *   --- columns            (name:type per line, the service's type names)
 *   --- rows               (one JSON array per line; integers past 2^53 compared exactly)
 *   --- error              (instead of columns/rows: a substring of the 400 message)
 *
 * run against the fixture datasets over the range 2024-01-01T00:00:00Z .. 2024-01-02T00:00:00Z.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AplQueryError, runApl } from '../../../service/engine/index.ts';
import { stringifyExact } from '../../../wire/exactJson.ts';
import { openFixture, readAllButSecret, type Fixture } from './fixture.ts';
import { goldenFiles } from './goldenFiles.ts';

let fixture: Fixture;
before(async () => {
  fixture = await openFixture();
});
after(async () => {
  await fixture.close();
});

const range = { startTime: '2024-01-01T00:00:00Z', endTime: '2024-01-02T00:00:00Z' };
const sortRows = (rows: unknown[][]) => [...rows].map((row) => stringifyExact(row)).sort();

for (const { file, cases } of goldenFiles()) {
  describe(file, () => {
    for (const golden of cases) {
      test(golden.title, async () => {
        if (golden.error !== undefined) {
          await assert.rejects(runApl(fixture.database, { apl: golden.apl, ...range }, readAllButSecret), (error: unknown) => {
            assert.ok(error instanceof AplQueryError, `expected an AplQueryError, got ${error}`);
            assert.ok(error.message.includes(golden.error!), `"${error.message}" does not include "${golden.error}"`);
            return true;
          });
          return;
        }
        const result = await runApl(fixture.database, { apl: golden.apl, ...range }, readAllButSecret);
        if (golden.columns) assert.deepEqual(result.columns.map((column) => `${column.name}:${column.type}`), golden.columns);
        if (golden.rows) {
          if (golden.ordered) assert.deepEqual(result.rows, golden.rows);
          else assert.deepEqual(sortRows(result.rows), sortRows(golden.rows));
        }
      });
    }
  });
}
