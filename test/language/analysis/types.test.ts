import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, type ScalarType } from '../../../language/analysis/analyzer.ts';
import type { Expression } from '../../../language/syntax/ast.ts';
import * as b from './astBuilder.ts';
import { sampleSchema } from './testSchema.ts';

/** The type of each expression when used in `extend` over sample-http-logs. */
function typesOf(...expressions: Expression[]): ScalarType[] {
  const operator = b.extend(...expressions.map((expression, i) => b.def(`c${i}`, expression)));
  const analysis = analyzeDocument(b.documentOf(b.query(b.pipe(b.q('sample-http-logs'), operator))), sampleSchema);
  return expressions.map((expression) => analysis.typeOf(expression));
}

describe('expression types', () => {
  it('types literals', () => {
    assert.deepEqual(typesOf(b.str('a'), b.num(1), b.num(1.5), b.bool(true), b.span('1h'), b.nul(), b.dyn('[1]')), [
      'string', 'long', 'real', 'bool', 'timespan', 'unknown', 'dynamic',
    ]);
    assert.deepEqual(typesOf(b.typed('datetime', '2024-01-01'), b.typed('int', 'null'), b.typed('time', '1s'), b.typed('double', '1')), [
      'datetime', 'int', 'timespan', 'real',
    ]);
  });

  it('types columns from the schema', () => {
    assert.deepEqual(typesOf(b.name('_time'), b.name('req_duration_ms'), b.name('resp_body_size_bytes'), b.name('is_tls'), b.q('geo.city')), [
      'datetime', 'real', 'long', 'bool', 'string',
    ]);
  });

  it('follows datetime and timespan arithmetic', () => {
    const time = () => b.name('_time');
    assert.deepEqual(
      typesOf(
        b.bin('-', b.call('now'), time()),
        b.bin('-', b.call('now'), b.span('1h')),
        b.bin('+', b.call('ago', b.span('10m')), b.span('10m')),
        b.bin('*', b.span('1s'), b.num(5)),
        b.bin('/', b.span('10m'), b.span('1s')),
        b.bin('+', b.span('1m'), b.span('1s')),
        b.neg(b.span('1h')),
      ),
      ['timespan', 'datetime', 'datetime', 'timespan', 'real', 'timespan', 'timespan'],
    );
  });

  it('widens numbers', () => {
    assert.deepEqual(
      typesOf(b.bin('+', b.num(1), b.num(2)), b.bin('*', b.name('resp_body_size_bytes'), b.num(1.5)), b.bin('%', b.num(7), b.num(2))),
      ['long', 'real', 'long'],
    );
  });

  it('gives bool for comparisons, string operators, logic, in and between', () => {
    assert.deepEqual(
      typesOf(
        b.bin('==', b.name('status'), b.str('200')),
        b.bin('contains', b.name('uri'), b.str('api')),
        b.bin('!has_cs', b.name('uri'), b.str('api')),
        b.bin('and', b.bool(true), b.bool(false)),
        b.list('in', b.name('method'), b.str('GET'), b.str('POST')),
        b.between(b.name('req_duration_ms'), b.num(1), b.num(2)),
        b.not(b.name('is_tls')),
      ),
      ['bool', 'bool', 'bool', 'bool', 'bool', 'bool', 'bool'],
    );
  });

  it('reads function signatures, resolving same:N', () => {
    assert.deepEqual(
      typesOf(
        b.call('strlen', b.name('uri')),
        b.call('bin', b.name('_time'), b.span('1h')),
        b.call('bin', b.name('req_duration_ms'), b.num(10)),
        b.call('iff', b.name('is_tls'), b.str('a'), b.str('b')),
        b.call('iff', b.name('is_tls'), b.nul(), b.num(1.5)),
        b.call('case', b.name('is_tls'), b.num(1), b.num(2)),
        b.call('todatetime', b.name('status')),
        b.call('parse_json', b.name('message')),
        b.call('rand'),
        b.call('rand', b.num(10)),
        b.call('unknown_fn', b.num(1)),
      ),
      ['long', 'datetime', 'real', 'string', 'real', 'long', 'datetime', 'dynamic', 'real', 'long', 'unknown'],
    );
  });

  it('types ensure_field by its typeof and column_ifexists by the column or the default', () => {
    assert.deepEqual(
      typesOf(
        b.call('ensure_field', b.str('x'), b.typeOf('date')),
        b.call('column_ifexists', b.str('req_duration_ms'), b.num(0)),
        b.call('column_ifexists', b.str('missing'), b.str('')),
      ),
      ['datetime', 'real', 'string'],
    );
  });

  it('types dynamic access as dynamic', () => {
    const json = () => b.call('parse_json', b.name('message'));
    assert.deepEqual(typesOf(b.member(json(), 'a'), b.index(json(), b.num(0))), ['dynamic', 'dynamic']);
  });
});
