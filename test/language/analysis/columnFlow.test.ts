import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument, type AnalyzedDocument } from '../../../language/analysis/analyzer.ts';
import type { PipelineNode, TabularOperator } from '../../../language/syntax/ast.ts';
import * as b from './astBuilder.ts';
import { sampleSchema } from './testSchema.ts';
import type { Schema } from '../../../language/analysis/schema.ts';

/** Analyzes one pipeline and returns the output of its last operator as `name:type` strings. */
function flow(pipeline: PipelineNode, schema: Schema | undefined = sampleSchema): { columns: string[]; open: boolean; analysis: AnalyzedDocument } {
  const analysis = analyzeDocument(b.documentOf(b.query(pipeline)), schema);
  const last = pipeline.operators.at(-1) ?? (pipeline.source as TabularOperator);
  const shape = analysis.outputOf(last);
  assert.ok(shape, 'the last operator was analyzed');
  return { columns: shape.columns.map((c) => `${c.name}:${c.type}`), open: shape.open, analysis };
}

const logs = () => b.q('sample-http-logs');
const traces = () => b.q('otel-demo-traces');
const httpColumns = [
  '_time:datetime', '_sysTime:datetime', 'content_type:string', 'geo.city:string', 'geo.country:string', 'id:string',
  'is_tls:bool', 'message:string', 'method:string', 'req_duration_ms:real', 'resp_body_size_bytes:long',
  'resp_header_size_bytes:long', 'server_datacenter:string', 'status:string', 'uri:string', 'user_agent:string',
];

describe('datasets', () => {
  it('reads a dataset from the schema with folded types', () => {
    const result = flow(b.pipe(logs(), b.take(10)));
    assert.deepEqual(result.columns, httpColumns);
    assert.equal(result.open, false);
  });

  it('keeps columns through where, take, sort, top, sample and search', () => {
    const pipeline = b.pipe(
      logs(),
      b.where(b.bin('==', b.name('status'), b.str('200'))),
      b.sort(b.name('_time')),
      b.top(5, b.name('req_duration_ms')),
      b.search(b.str('error')),
    );
    const analysis = analyzeDocument(b.documentOf(b.query(pipeline)), sampleSchema);
    for (const operator of pipeline.operators) {
      assert.deepEqual(analysis.outputOf(operator)?.columns.map((c) => `${c.name}:${c.type}`), httpColumns);
    }
    assert.deepEqual(analysis.inputOf(pipeline.operators[1])?.columns.length, httpColumns.length);
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('gives an open table when no schema is given', () => {
    const pipeline = b.pipe(b.name('anything'), b.where(b.bin('>', b.name('x'), b.num(1))));
    const analysis = analyzeDocument(b.documentOf(b.query(pipeline)));
    const result = { open: analysis.outputOf(pipeline.operators[0])?.open, analysis };
    assert.equal(result.open, true);
    assert.deepEqual(result.analysis.diagnostics, []);
  });
});

describe('extend and project', () => {
  it('extend appends, and a replaced column moves to the end', () => {
    const result = flow(
      b.pipe(
        logs(),
        b.project('status', 'method', 'req_duration_ms'),
        b.extend(b.def('status', b.call('toint', b.name('status'))), b.def('secs', b.bin('/', b.name('req_duration_ms'), b.num(1000)))),
      ),
    );
    assert.deepEqual(result.columns, ['method:string', 'req_duration_ms:real', 'status:int', 'secs:real']);
  });

  it('extend sees columns defined earlier in the same operator', () => {
    const result = flow(b.pipe(logs(), b.project('_time'), b.extend(b.def('a', b.num(1)), b.def('b', b.bin('+', b.name('a'), b.num(0.5))))));
    assert.deepEqual(result.columns, ['_time:datetime', 'a:long', 'b:real']);
    assert.deepEqual(result.analysis.diagnostics, []);
  });

  it('project computes and renames', () => {
    const result = flow(
      b.pipe(logs(), b.project('status', b.def('city', b.q('geo.city')), b.def('d', b.bin('-', b.call('now'), b.name('_time'))))),
    );
    assert.deepEqual(result.columns, ['status:string', 'city:string', 'd:timespan']);
    assert.equal(result.open, false);
  });

  it('project-away and project-keep take names and wildcards', () => {
    const away = flow(b.pipe(logs(), b.projectAway(b.wild('geo.*'), b.wild('resp_*'), b.name('_sysTime'))));
    assert.deepEqual(
      away.columns,
      httpColumns.filter((c) => !c.startsWith('geo.') && !c.startsWith('resp_') && !c.startsWith('_sysTime')),
    );
    const keep = flow(b.pipe(logs(), b.projectKeep(b.wild('resp_*'), b.name('status'))));
    assert.deepEqual(keep.columns, ['resp_body_size_bytes:long', 'resp_header_size_bytes:long', 'status:string']);
  });

  it('project-rename renames in place; project-reorder moves columns to the front', () => {
    const renamed = flow(b.pipe(logs(), b.project('status', 'method'), b.projectRename(b.def('verb', b.name('method')))));
    assert.deepEqual(renamed.columns, ['status:string', 'verb:string']);
    const reordered = flow(
      b.pipe(logs(), b.project('status', 'method', 'uri', 'id'), b.projectReorder([b.name('uri')], [b.wild('*d'), 'desc'])),
    );
    assert.deepEqual(reordered.columns, ['uri:string', 'method:string', 'id:string', 'status:string']);
  });
});

describe('summarize', () => {
  it('names aggregates fn_field and count_, keeps by names, bin gives _time', () => {
    const result = flow(
      b.pipe(
        logs(),
        b.summarize(
          [b.call('count'), b.call('avg', b.name('req_duration_ms')), b.call('make_set', b.q('geo.city')), b.def('total', b.call('sum', b.name('resp_body_size_bytes')))],
          [b.call('bin', b.name('_time'), b.span('1h')), b.name('status')],
        ),
      ),
    );
    assert.deepEqual(result.columns, [
      '_time:datetime',
      'status:string',
      'count_:long',
      'avg_req_duration_ms:real',
      'make_set_geo.city:dynamic',
      'total:long',
    ]);
    assert.equal(result.open, false);
  });

  it('bin_auto(_time) gives _time', () => {
    const result = flow(b.pipe(logs(), b.summarize([b.call('count')], [b.call('bin_auto', b.name('_time'))])));
    assert.deepEqual(result.columns, ['_time:datetime', 'count_:long']);
  });

  it('arg_max gives the expression and the listed fields, or every column for *', () => {
    const listed = flow(b.pipe(logs(), b.summarize([b.call('arg_max', b.name('req_duration_ms'), b.name('uri'), b.name('status'))], [b.name('method')])));
    assert.deepEqual(listed.columns, ['method:string', 'req_duration_ms:real', 'uri:string', 'status:string']);
    const all = flow(b.pipe(logs(), b.summarize([b.call('arg_max', b.name('_time'), b.star())], [b.name('id')])));
    assert.equal(all.columns.length, httpColumns.length);
    assert.deepEqual(all.columns.slice(0, 3), ['id:string', '_time:datetime', '_sysTime:datetime']);
  });

  it('a scalar function wrapping an aggregation is fine, but its name is a guess', () => {
    const result = flow(b.pipe(logs(), b.summarize([b.call('round', b.call('avg', b.name('req_duration_ms')), b.num(2))])));
    assert.deepEqual(result.analysis.diagnostics, []);
    assert.equal(result.open, true);
    assert.deepEqual(result.columns, ['avg_req_duration_ms:real']);
  });

  it('make-series gives dynamic series and the time axis', () => {
    const result = flow(
      b.pipe(logs(), b.makeSeries([b.call('count'), b.call('avg', b.name('req_duration_ms'))], b.name('_time'), b.span('1h'), [b.name('method')])),
    );
    assert.deepEqual(result.columns, ['method:string', 'count_:dynamic', 'avg_req_duration_ms:dynamic', '_time:dynamic']);
  });
});

describe('other operators', () => {
  it('count, distinct and getschema', () => {
    assert.deepEqual(flow(b.pipe(logs(), b.count())).columns, ['count_:long']);
    assert.deepEqual(flow(b.pipe(logs(), b.distinct(b.name('status'), b.name('method')))).columns, ['status:string', 'method:string']);
    assert.deepEqual(flow(b.pipe(logs(), b.getschema())).columns, [
      'ColumnName:string',
      'ColumnOrdinal:long',
      'ColumnType:string',
      'DataType:string',
    ]);
  });

  it('join adds the right side, renaming clashes with a 1 suffix', () => {
    const right = b.pipe(traces(), b.project(b.def('id', b.name('trace_id')), b.def('service', b.q('service.name'))));
    const result = flow(b.pipe(logs(), b.project('id', 'status'), b.join(b.paren(right), [b.name('id')])));
    assert.deepEqual(result.columns, ['id:string', 'status:string', 'id1:string', 'service:string']);
    assert.deepEqual(result.analysis.diagnostics, []);
  });

  it('lookup adds the right side without its key', () => {
    const right = b.pipe(traces(), b.project(b.def('id', b.name('trace_id')), b.def('service', b.q('service.name'))));
    const on = b.bin('==', b.member(b.name('$left'), 'id'), b.member(b.name('$right'), 'id'));
    const result = flow(b.pipe(logs(), b.project('id', 'status'), b.join(b.paren(right), [on], [], 'lookup')));
    assert.deepEqual(result.columns, ['id:string', 'status:string', 'service:string']);
  });

  it('leftanti keeps only the left columns', () => {
    const kind = b.option('kind', b.name('leftanti'));
    const result = flow(b.pipe(logs(), b.project('id'), b.join(b.paren(b.pipe(traces(), b.project(b.def('id', b.name('trace_id'))))), [b.name('id')], [kind])));
    assert.deepEqual(result.columns, ['id:string']);
  });

  it('union merges same-named columns and withsource adds a string column', () => {
    const result = flow(
      b.pipe(
        b.pipe(logs(), b.project('id', 'status')).source,
        b.project('id', 'status'),
        b.union([b.paren(b.pipe(traces(), b.project(b.def('id', b.name('trace_id')), 'duration')))], [b.option('withsource', b.name('src'))]),
      ),
    );
    assert.deepEqual(result.columns, ['src:string', 'id:string', 'status:string', 'duration:timespan']);
  });

  it('union may start a query with dataset wildcards', () => {
    const result = flow(b.pipe(b.union([b.wild('github-*')])));
    assert.ok(result.columns.includes('push_id:long'));
    assert.ok(result.columns.includes('action:string'));
    assert.equal(result.open, false);
  });

  it('parse adds typed columns, string by default; parse-kv adds its keys', () => {
    const parsed = flow(
      b.pipe(logs(), b.project('uri'), b.parse(b.name('uri'), [b.str('/api/'), b.decl('version', 'int'), b.str('/'), b.decl('resource'), b.star()])),
    );
    assert.deepEqual(parsed.columns, ['uri:string', 'version:int', 'resource:string']);
    const kv = flow(b.pipe(logs(), b.project('message'), b.parseKv(b.name('message'), [b.decl('user'), b.decl('took', 'timespan')])));
    assert.deepEqual(kv.columns, ['message:string', 'user:string', 'took:timespan']);
  });

  it('mv-expand makes the column dynamic or the requested type, with_itemindex adds a long', () => {
    const result = flow(
      b.pipe(
        traces(),
        b.project('trace_id', 'events'),
        b.mvExpand([['events', 'string']], [b.option('with_itemindex', b.name('i'))]),
      ),
    );
    assert.deepEqual(result.columns, ['trace_id:string', 'events:string', 'i:long']);
    const plain = flow(b.pipe(traces(), b.project('events'), b.mvExpand([['events']])));
    assert.deepEqual(plain.columns, ['events:dynamic']);
  });

  it('print, datatable and externaldata declare their columns', () => {
    assert.deepEqual(flow(b.pipe(b.print(b.def('x', b.num(1)), b.def('s', b.call('strcat', b.str('a'), b.str('b')))))).columns, ['x:long', 's:string']);
    const table = flow(b.pipe(b.datatable([b.decl('name', 'string'), b.decl('n', 'long'), b.decl('at', 'date')], [b.str('a'), b.num(1), b.typed('datetime', '2024-01-01')])));
    assert.deepEqual(table.columns, ['name:string', 'n:long', 'at:datetime']);
    assert.equal(table.open, false);
    const external = flow(b.pipe(b.externaldata([b.decl('a', 'string')], [b.str('https://example.invalid/x.csv')])));
    assert.deepEqual(external.columns, ['a:string']);
  });

  it('an unknown operator keeps the known columns but opens the table', () => {
    const result = flow(b.pipe(logs(), b.project('status'), b.unknownOp('frobnicate'), b.where(b.bin('>', b.name('anything'), b.num(1)))));
    assert.equal(result.open, true);
    assert.deepEqual(result.analysis.diagnostics.map((d) => d.code), ['unknown-operator']);
  });
});

describe('lets', () => {
  it('a tabular let feeds a later pipeline; scalar lets resolve in expressions', () => {
    const tabular = b.letStatement('errors', b.pipe(logs(), b.where(b.bin('==', b.name('status'), b.str('500'))), b.project('uri', 'status')));
    const threshold = b.letStatement('limit_ms', b.num(100.5));
    const last = b.extend(b.def('slow', b.bin('>', b.name('uri'), b.name('limit_ms'))));
    const document = b.documentOf(b.query(tabular, threshold, b.pipe(b.name('errors'), last)));
    const analysis = analyzeDocument(document, sampleSchema);
    assert.deepEqual(analysis.outputOf(last)?.columns.map((c) => c.name), ['uri', 'status', 'slow']);
    assert.deepEqual(analysis.diagnostics, []);
    const visible = analysis.letsVisibleAt(threshold.end);
    assert.deepEqual(visible.map((binding) => `${binding.name}:${binding.type}`), ['errors:table', 'limit_ms:real']);
    assert.deepEqual(analysis.letsVisibleAt(tabular.start).map((binding) => binding.name), []);
  });
});
