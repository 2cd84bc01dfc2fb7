import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import type { Expression, TabularOperator } from '../../../language/syntax/ast.ts';
import * as b from './astBuilder.ts';
import { sampleSchema } from './testSchema.ts';

// Error recovery hands the analyzer partial trees: Missing nodes anywhere, odd operands, unknown
// names. Whatever the tree, analysis must finish and describe every operator it reached.

const names = ['status', 'uri', '_time', 'req_duration_ms', 'geo', 'nope', '$left', 'count_', 'x'];
const functions = ['avg', 'count', 'strlen', 'bin', 'bin_auto', 'iff', 'case', 'column_ifexists', 'arg_max', 'round', 'nofn'];
const operators = ['+', '-', '*', '/', '==', 'contains', 'and', ':'];

const expression: fc.Memo<Expression> = fc.memo((depth) => {
  const leaves = fc.oneof(
    fc.constantFrom(...names).map((n) => b.name(n)),
    fc.constant(null).map(() => b.missing()),
    fc.constant(null).map(() => b.star()),
    fc.integer().map((n) => b.num(n)),
    fc.string().map((text) => b.str(text)),
    fc.constant(null).map(() => b.span('1h')),
    fc.constant(null).map(() => b.nul()),
    fc.constantFrom('string', 'nope').map((type) => b.typeOf(type)),
  );
  if (depth <= 1) return leaves;
  return fc.oneof(
    { weight: 3, arbitrary: leaves },
    fc.tuple(fc.constantFrom(...functions), fc.array(expression(depth - 1), { maxLength: 3 })).map(([fn, args]) => b.call(fn, ...args)),
    fc.tuple(fc.constantFrom(...operators), expression(depth - 1), expression(depth - 1)).map(([op, l, r]) => b.bin(op, l, r)),
    fc.tuple(expression(depth - 1), fc.constantFrom('a', 'city')).map(([target, key]) => b.member(target, key)),
    fc.tuple(expression(depth - 1), expression(depth - 1)).map(([target, key]) => b.index(target, key)),
    fc.tuple(expression(depth - 1), fc.array(expression(depth - 1), { maxLength: 2 })).map(([left, items]) => b.list('in', left, ...items)),
  );
});

const operator: fc.Arbitrary<TabularOperator> = fc.oneof(
  expression(3).map((e) => b.where(e)),
  fc.array(expression(3), { maxLength: 3 }).map((es) => b.extend(...es.map((e, i) => (i % 2 ? b.def(`c${i}`, e) : b.def(e))))),
  fc.array(expression(3), { maxLength: 3 }).map((es) => b.project(...es.map((e) => b.def(e)))),
  fc.tuple(fc.array(expression(3), { maxLength: 2 }), fc.array(expression(2), { maxLength: 2 })).map(([aggs, by]) => b.summarize(aggs, by)),
  fc.array(expression(2), { maxLength: 2 }).map((es) => b.projectAway(...es)),
  fc.array(expression(2), { maxLength: 2 }).map((es) => b.distinct(...es)),
  expression(2).map((e) => b.join(b.paren(b.pipe(b.q('otel-demo-traces'), b.take(1))), [e])),
  expression(2).map((e) => b.join(e, [b.name('id')], [], 'lookup')),
  fc.constant(null).map(() => b.count()),
  fc.constant(null).map(() => b.getschema()),
  fc.constant(null).map(() => b.unknownOp('zap')),
  expression(2).map((e) => b.mvExpand([[e]])),
  expression(2).map((e) => b.parse(e, [b.str('a'), b.decl('p', 'nope'), b.missing()])),
);

describe('robustness', () => {
  it('analyzes any tree without throwing and records every operator', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Expression>(b.q('sample-http-logs'), b.name('unknown'), b.missing()),
        fc.array(operator, { maxLength: 6 }),
        fc.boolean(),
        (source, stages, withSchema) => {
          const pipeline = b.pipe(source, ...stages);
          const analysis = analyzeDocument(b.documentOf(b.query(pipeline)), withSchema ? sampleSchema : undefined);
          for (const stage of stages) {
            assert.ok(analysis.inputOf(stage));
            assert.ok(analysis.outputOf(stage));
          }
          for (const diagnostic of analysis.diagnostics) assert.ok(diagnostic.start <= diagnostic.end);
        },
      ),
      { numRuns: 300 },
    );
  });
});
