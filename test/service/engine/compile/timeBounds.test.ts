import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseQuery, type PipelineNode, type WhereOperator } from '../../../../language/index.ts';
import { timeBounds } from '../../../../service/engine/compile/timeBounds.ts';

/** The `where` of `logs | where <predicate>`, and the query's text. */
function whereOf(predicate: string): { text: string; where: WhereOperator } {
  const text = `logs | where ${predicate}`;
  const parsed = parseQuery(text);
  assert.deepEqual(parsed.errors, []);
  const statement = parsed.root.queries[0]!.statements[0]!;
  assert.equal(statement.kind, 'ExpressionStatement');
  const where = (statement.expression as PipelineNode).operators[0]!;
  assert.equal(where.kind, 'where');
  return { text, where };
}

/** The source text of each bound that `where <predicate>` sets on `_time`. */
function bounds(predicate: string): string[] {
  const { text, where } = whereOf(predicate);
  return timeBounds(where.predicate).bounds.map((bound) => text.slice(bound.start, bound.end));
}

const onlyBounds = (predicate: string) => timeBounds(whereOf(predicate).where.predicate).onlyBounds;

test('comparisons of _time with values known before reading, on either side', () => {
  assert.deepEqual(bounds('_time >= ago(1h)'), ['_time >= ago(1h)']);
  assert.deepEqual(bounds("datetime(2024-01-01) <= ['_time']"), ["datetime(2024-01-01) <= ['_time']"]);
  assert.deepEqual(bounds('_time < now() - 1d'), ['_time < now() - 1d']);
  assert.deepEqual(bounds('_time between (datetime(2024-01-01) .. datetime(2024-01-02))'), ['_time between (datetime(2024-01-01) .. datetime(2024-01-02))']);
});

test('each bound of a conjunction, however nested in parentheses', () => {
  assert.deepEqual(bounds('status == 500 and (_time > ago(2h) and _time < ago(1h))'), ['_time > ago(2h)', '_time < ago(1h)']);
});

test('nothing that some row could pass outside the bounds', () => {
  assert.deepEqual(bounds('_time > ago(1h) or status == 500'), []);
  assert.deepEqual(bounds('not(_time > ago(1h))'), []);
  assert.deepEqual(bounds('_time !between (datetime(2024-01-01) .. datetime(2024-01-02))'), []);
  assert.deepEqual(bounds('_time != datetime(2024-01-01)'), []);
});

test('nothing that depends on the row', () => {
  assert.deepEqual(bounds('_time > _sysTime'), []);
  assert.deepEqual(bounds('_time > ago(duration)'), []);
  assert.deepEqual(bounds('_sysTime > ago(1h)'), []);
  assert.deepEqual(bounds('_time > bin(_sysTime, 1h)'), []);
});

test('a predicate of bounds alone filters nothing beyond the rows it reads', () => {
  assert.equal(onlyBounds('_time >= ago(1h) and (_time < ago(5m))'), true);
  assert.equal(onlyBounds('_time >= ago(1h) and status == 500'), false);
  assert.equal(onlyBounds('status == 500'), false);
});
