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
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AplQueryError, runApl } from '../../../service/engine/index.ts';
import { parseExact, stringifyExact } from '../../../wire/exactJson.ts';
import { openFixture, readAllButSecret, type Fixture } from './fixture.ts';

interface GoldenCase {
  title: string;
  apl: string;
  columns?: string[];
  rows?: unknown[][];
  error?: string;
  ordered: boolean;
}

const folder = join(import.meta.dirname, 'golden');

export function readGoldenFile(text: string): GoldenCase[] {
  const cases: GoldenCase[] = [];
  for (const block of text.split(/^=== /m).slice(1)) {
    const [title, ...lines] = block.split('\n');
    const sections = new Map<string, string[]>();
    let current = 'apl';
    sections.set(current, []);
    for (const line of lines) {
      const header = /^--- (columns|rows|error|unordered)\s*$/.exec(line);
      if (header) sections.set((current = header[1]!), []);
      else if (line.trim() !== '' && !line.startsWith('#')) sections.get(current)!.push(line);
    }
    cases.push({
      title: title!.trim(),
      apl: sections.get('apl')!.join('\n'),
      columns: sections.get('columns'),
      rows: sections.has('rows') ? sections.get('rows')!.map((line) => parseExact(line) as unknown[]) : sections.has('unordered') ? sections.get('unordered')!.map((line) => parseExact(line) as unknown[]) : undefined,
      error: sections.get('error')?.join('\n'),
      ordered: !sections.has('unordered'),
    });
  }
  return cases;
}

let fixture: Fixture;
before(async () => {
  fixture = await openFixture();
});
after(async () => {
  await fixture.close();
});

const range = { startTime: '2024-01-01T00:00:00Z', endTime: '2024-01-02T00:00:00Z' };
const sortRows = (rows: unknown[][]) => [...rows].map((row) => stringifyExact(row)).sort();

for (const file of readdirSync(folder).filter((name) => name.endsWith('.golden')).sort()) {
  describe(file, () => {
    for (const golden of readGoldenFile(readFileSync(join(folder, file), 'utf8'))) {
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
