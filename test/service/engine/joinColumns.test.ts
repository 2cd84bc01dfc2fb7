/**
 * The language core computes the columns of a join for completions and diagnostics; the engine
 * computes them for the result. For every kind of join and lookup the two must name the same
 * columns in the same order.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { TabularOperator } from '../../../language/syntax/ast.ts';
import { runApl } from '../../../service/engine/index.ts';
import { openFixture, readAllButSecret, type Fixture } from './fixture.ts';

const tables = `let X = datatable(Key: string, Value: long, Key1: string) ['a', 1, 'x', 'b', 2, 'y'];
let Y = datatable(Key: string, Value: long, Other: string) ['b', 10, 'p', 'c', 20, 'q'];
`;

const kinds = ['inner', 'innerunique', 'leftouter', 'rightouter', 'fullouter', 'leftanti', 'anti', 'leftantisemi', 'rightanti', 'rightantisemi', 'leftsemi', 'rightsemi'];
const conditions = ['Key', '$left.Key == $right.Key', 'Value == Value, Key == Key', '$right.Other == $left.Key1', 'Key == tostring(Other)'];

const queries = [
  ...kinds.flatMap((kind) => conditions.map((on) => `X | join kind=${kind} (Y) on ${on}`)),
  ...['', 'kind=leftouter ', 'kind=inner '].flatMap((kind) => conditions.map((on) => `X | lookup ${kind}(Y) on ${on}`)),
];

function analyzerColumns(apl: string): string[] {
  const parsed = parseDocument(apl);
  assert.deepEqual(parsed.errors.map((error) => error.message), []);
  const analysis = analyzeDocument(parsed);
  assert.deepEqual(analysis.diagnostics.map((diagnostic) => diagnostic.message), []);
  const statement = parsed.root.queries.at(-1)!.statements.at(-1)!;
  assert.ok(statement.kind === 'ExpressionStatement' && statement.expression.kind === 'Pipeline');
  const shape = analysis.outputOf(statement.expression.operators.at(-1) as TabularOperator);
  assert.ok(shape && !shape.open, 'the analyzer knows every column');
  return shape.columns.map((column) => column.name);
}

let fixture: Fixture;
before(async () => {
  fixture = await openFixture();
});
after(async () => {
  await fixture.close();
});

describe('join columns: analyzer and engine agree', () => {
  for (const query of queries) {
    test(query, async () => {
      const apl = tables + query;
      const result = await runApl(fixture.database, { apl, startTime: '2024-01-01T00:00:00Z', endTime: '2024-01-02T00:00:00Z' }, readAllButSecret);
      assert.deepEqual(analyzerColumns(apl), result.columns.map((column) => column.name));
    });
  }
});
