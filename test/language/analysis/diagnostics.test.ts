import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import type { Schema } from '../../../language/analysis/schema.ts';
import type { Expression, PipelineNode, QueryNode, Span, TabularOperator } from '../../../language/syntax/ast.ts';
import * as b from './astBuilder.ts';
import { sampleSchema } from './testSchema.ts';

/** `null` analyzes without a schema. */
function diagnose(query: QueryNode | PipelineNode, schema: Schema | null = sampleSchema) {
  const node = query.kind === 'Query' ? query : b.query(query);
  return analyzeDocument(b.documentOf(node), schema ?? undefined).diagnostics;
}

function codes(query: QueryNode | PipelineNode, schema: Schema | null = sampleSchema): string[] {
  return diagnose(query, schema).map((d) => d.code);
}

function at(span: Span) {
  return { start: span.start, end: span.end };
}

const logs = () => b.q('sample-http-logs');
const withWhere = (predicate: Expression, ...before: TabularOperator[]) => b.pipe(logs(), ...before, b.where(predicate));
const extendWith = (expression: Expression) => b.pipe(logs(), b.extend(b.def('x', expression)));

describe('operators and functions', () => {
  it('reports an unknown operator at its name', () => {
    const unknown = b.unknownOp('frobnicate');
    const [diagnostic] = diagnose(b.pipe(logs(), unknown));
    assert.equal(diagnostic.code, 'unknown-operator');
    assert.equal(diagnostic.severity, 'error');
    assert.deepEqual(at(diagnostic), at(unknown.nameSpan));
    assert.match(diagnostic.message, /frobnicate/);
  });

  it('reports an unknown function at its name', () => {
    const call = b.call('strlenn', b.name('uri'));
    const [diagnostic] = diagnose(extendWith(call));
    assert.equal(diagnostic.code, 'unknown-function');
    assert.deepEqual(at(diagnostic), at(call.callee));
  });

  it('checks the argument count against every signature', () => {
    assert.deepEqual(codes(extendWith(b.call('strlen'))), ['argument-count']);
    assert.deepEqual(codes(extendWith(b.call('strlen', b.name('uri'), b.name('uri')))), ['argument-count']);
    assert.match(diagnose(extendWith(b.call('round', b.num(1), b.num(2), b.num(3))))[0].message, /1 to 2 arguments, but got 3/);
    assert.deepEqual(codes(extendWith(b.call('rand'))), []);
    assert.deepEqual(codes(extendWith(b.call('rand', b.num(10)))), []);
    assert.deepEqual(codes(extendWith(b.call('strcat', b.name('uri')))), []);
    assert.deepEqual(codes(extendWith(b.call('case', b.bool(true), b.num(1), b.bool(false), b.num(2), b.num(3)))), []);
    assert.deepEqual(codes(extendWith(b.call('now'))), []);
  });

  it('warns about an argument type only when it clearly cannot fit', () => {
    const wrong = b.str('abc');
    const [diagnostic] = diagnose(extendWith(b.call('round', wrong)));
    assert.equal(diagnostic.code, 'argument-type');
    assert.equal(diagnostic.severity, 'warning');
    assert.deepEqual(at(diagnostic), at(wrong));
    // status is a string column in sample-http-logs.
    assert.deepEqual(codes(extendWith(b.call('bin', b.name('status'), b.num(100)))), ['argument-type']);
    assert.deepEqual(codes(extendWith(b.call('ago', b.name('_time')))), ['argument-type']);
    // Widening, string parameters, dynamic and unknown values never mismatch.
    assert.deepEqual(codes(extendWith(b.call('round', b.name('resp_body_size_bytes'), b.num(2)))), []);
    assert.deepEqual(codes(extendWith(b.call('strlen', b.name('resp_body_size_bytes')))), []);
    assert.deepEqual(codes(extendWith(b.call('round', b.call('parse_json', b.name('message'))))), []);
    assert.deepEqual(codes(b.pipe(b.name('x'), b.extend(b.def('y', b.call('round', b.name('anything'))))), null), []);
  });
});

describe('aggregations', () => {
  it('reports an aggregation outside summarize', () => {
    const avg = b.call('avg', b.name('req_duration_ms'));
    const [diagnostic] = diagnose(extendWith(avg));
    assert.equal(diagnostic.code, 'aggregation-context');
    assert.deepEqual(at(diagnostic), at(avg.callee));
    assert.deepEqual(codes(withWhere(b.bin('>', b.call('count'), b.num(1)))), ['aggregation-context']);
  });

  it('accepts scalar functions wrapping aggregations in summarize', () => {
    const query = b.pipe(logs(), b.summarize([b.call('round', b.call('avg', b.name('req_duration_ms')), b.num(2))], [b.name('method')]));
    assert.deepEqual(codes(query), []);
    const ratio = b.bin('/', b.call('countif', b.bin('==', b.name('status'), b.str('500'))), b.call('count'));
    assert.deepEqual(codes(b.pipe(logs(), b.summarize([b.def('ratio', ratio)]))), []);
  });

  it('reports a summarize column without any aggregation', () => {
    const plain = b.call('strlen', b.name('uri'));
    const [diagnostic] = diagnose(b.pipe(logs(), b.summarize([plain])));
    assert.equal(diagnostic.code, 'aggregation-expected');
    assert.equal(diagnostic.severity, 'warning');
    assert.deepEqual(at(diagnostic), at(plain));
  });

  it('reports an aggregation nested in another', () => {
    assert.deepEqual(codes(b.pipe(logs(), b.summarize([b.call('avg', b.call('count'))]))), ['aggregation-context']);
  });

  it('accepts histogram() as a group key, as the reference does', () => {
    const by = b.call('histogram', b.name('req_duration_ms'), b.num(10));
    assert.deepEqual(codes(b.pipe(logs(), b.summarize([b.call('count')], [by]))), []);
  });

  it('accepts make-series aggregates and rejects plain ones', () => {
    const series = (aggregate: Expression) => b.pipe(logs(), b.makeSeries([aggregate], b.name('_time'), b.span('1h')));
    assert.deepEqual(codes(series(b.call('count'))), []);
    assert.deepEqual(codes(series(b.name('status'))), ['aggregation-expected']);
  });

  it('bin_auto only takes _time', () => {
    assert.deepEqual(codes(b.pipe(logs(), b.summarize([b.call('count')], [b.call('bin_auto', b.name('_time'))]))), []);
    const other = b.name('_sysTime');
    const [diagnostic] = diagnose(b.pipe(logs(), b.summarize([b.call('count')], [b.call('bin_auto', other)])));
    assert.equal(diagnostic.code, 'bin-auto-time');
    assert.deepEqual(at(diagnostic), at(other));
  });
});

describe('datasets and columns', () => {
  it('reports an unknown dataset only with a schema', () => {
    const name = b.q('no-such-logs');
    const [diagnostic] = diagnose(b.pipe(name, b.where(b.bin('==', b.name('x'), b.num(1)))));
    assert.equal(diagnostic.code, 'unknown-dataset');
    assert.deepEqual(at(diagnostic), at(name));
    assert.deepEqual(codes(b.pipe(b.q('no-such-logs'), b.take(1)), null), []);
    assert.deepEqual(diagnose(b.pipe(b.q('no-such-logs'), b.take(1)), null), []);
  });

  it('reports an unknown column only with a schema', () => {
    const name = b.name('stauts');
    const [diagnostic] = diagnose(withWhere(b.bin('==', name, b.str('200'))));
    assert.equal(diagnostic.code, 'unknown-column');
    assert.deepEqual(at(diagnostic), at(name));
    assert.deepEqual(diagnose(withWhere(b.bin('==', b.name('stauts'), b.str('200'))), null), []);
  });

  it('explains a column used after project dropped it', () => {
    const uri = b.name('uri');
    const [diagnostic] = diagnose(withWhere(b.bin('==', uri, b.str('/')), b.project('status', 'method')));
    assert.equal(diagnostic.code, 'column-out-of-scope');
    assert.match(diagnostic.message, /'uri' is no longer available after 'project'/);
    assert.deepEqual(at(diagnostic), at(uri));
  });

  it('explains it without a schema too, since project fixes the columns', () => {
    const query = b.pipe(b.name('logs'), b.project('a'), b.where(b.bin('>', b.name('b'), b.num(1))));
    const diagnostics = diagnose(query, null);
    assert.deepEqual(diagnostics.map((d) => d.code), ['column-out-of-scope']);
    assert.match(diagnostics[0].message, /after 'project'/);
    const away = b.pipe(b.name('logs'), b.projectAway(b.name('a')), b.where(b.bin('>', b.name('a'), b.num(1))));
    assert.match(diagnose(away, null)[0].message, /'a' is no longer available after 'project-away'/);
    const summarized = withWhere(b.bin('==', b.name('uri'), b.str('/')), b.summarize([b.call('count')], [b.name('status')]));
    assert.match(diagnose(summarized)[0].message, /after 'summarize'/);
  });

  it('lets a column come back after extend', () => {
    const query = b.pipe(logs(), b.project('status'), b.extend(b.def('uri', b.str('/'))), b.where(b.bin('==', b.name('uri'), b.str('/'))));
    assert.deepEqual(codes(query), []);
  });

  it('resolves flattened dotted names and map access', () => {
    assert.deepEqual(codes(withWhere(b.bin('==', b.member(b.name('geo'), 'city'), b.str('Paris')))), []);
    const unknown = b.member(b.name('geo'), 'town');
    const [diagnostic] = diagnose(withWhere(b.bin('==', unknown, b.str('Paris'))));
    assert.equal(diagnostic.code, 'unknown-column');
    assert.match(diagnostic.message, /'geo.town'/);
    const traces = b.pipe(
      b.q('otel-demo-traces'),
      b.where(b.bin('==', b.index(b.q('attributes.custom'), b.str('http.protocol')), b.str('HTTP/1.1'))),
    );
    assert.deepEqual(codes(traces), []);
  });

  it('resolves $left and $right in join conditions', () => {
    const right = b.paren(b.pipe(b.q('otel-demo-traces'), b.project('trace_id', 'duration')));
    const good = b.bin('==', b.member(b.name('$left'), 'id'), b.member(b.name('$right'), 'trace_id'));
    assert.deepEqual(codes(b.pipe(logs(), b.join(right, [good]))), []);
    const missing = b.member(b.name('$right'), 'id');
    const bad = b.bin('==', b.member(b.name('$left'), 'id'), missing);
    const right2 = b.paren(b.pipe(b.q('otel-demo-traces'), b.project('trace_id', 'duration')));
    const [diagnostic] = diagnose(b.pipe(logs(), b.join(right2, [bad])));
    assert.equal(diagnostic.code, 'unknown-column');
    assert.match(diagnostic.message, /'id' in the right side/);
    assert.deepEqual(at(diagnostic), at(missing.member));
  });

  it('never complains about the name given to column_ifexists', () => {
    const query = extendWith(b.call('column_ifexists', b.str('no_such_field'), b.str('')));
    assert.deepEqual(codes(query), []);
  });

  it('treats names inside typeof() as types', () => {
    assert.deepEqual(codes(extendWith(b.call('ensure_field', b.str('x'), b.typeOf('string')))), []);
    const [diagnostic] = diagnose(extendWith(b.call('ensure_field', b.str('x'), b.typeOf('strng'))));
    assert.equal(diagnostic.code, 'unknown-type');
  });

  it('accepts a tabular let as the list of in', () => {
    const ids = b.letStatement('ids', b.pipe(b.q('otel-demo-traces'), b.project('trace_id')));
    const query = b.query(ids, withWhere(b.list('in', b.name('id'), b.name('ids'))));
    assert.deepEqual(codes(query), []);
  });

  it('does not see a let inside its own value', () => {
    const inner = b.name('x');
    const self = b.letStatement('x', b.bin('+', inner, b.num(1)));
    const outer = b.name('x');
    const analysis = analyzeDocument(b.documentOf(b.query(self, withWhere(b.bin('>', outer, b.num(1))))), sampleSchema);
    assert.equal(analysis.symbolOf(inner), undefined);
    assert.equal(analysis.symbolOf(outer)?.kind, 'let');
    assert.deepEqual(analysis.diagnostics, []);
  });
});

describe('diagnostic shape', () => {
  it('carries offsets and a range, sorted by position', () => {
    const first = b.call('nope1');
    const second = b.call('nope2');
    const diagnostics = diagnose(b.pipe(logs(), b.extend(b.def('a', first), b.def('b', second))));
    assert.deepEqual(diagnostics.map((d) => d.start), [first.callee.start, second.callee.start]);
    assert.deepEqual(diagnostics[0].range.start, { line: 0, character: first.callee.start });
  });
});
