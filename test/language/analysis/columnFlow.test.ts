import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, diagnosticsOf, operatorsOf, resultColumns } from './analyzeText.ts';

const httpColumns = [
  '_time:datetime', '_sysTime:datetime', 'content_type:string', 'geo.city:string', 'geo.country:string', 'id:string',
  'is_tls:bool', 'message:string', 'method:string', 'req_duration_ms:real', 'resp_body_size_bytes:long',
  'resp_header_size_bytes:long', 'server_datacenter:string', 'status:string', 'uri:string', 'user_agent:string',
];

const columnsOf = (text: string) => resultColumns(analyze(text));

describe('datasets', () => {
  it('reads a dataset from the schema with folded types', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | take 10`), httpColumns);
  });

  it('keeps columns through where, sort, top, sample and search', () => {
    const analysis = analyze(`['sample-http-logs'] | where status == "200" | sort by _time | top 5 by req_duration_ms | sample 0.5 | search "error"`);
    for (const operator of operatorsOf(analysis)) {
      assert.deepEqual(analysis.outputOf(operator)?.columns.map((c) => `${c.name}:${c.type}`), httpColumns, operator.kind);
    }
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('gives an open table when no schema is given', () => {
    const analysis = analyze(`anything | where x > 1`, null);
    assert.deepEqual(resultColumns(analysis), ['...']);
    assert.deepEqual(analysis.diagnostics, []);
  });
});

describe('extend and project', () => {
  it('extend appends, and a replaced column moves to the end', () => {
    assert.deepEqual(
      columnsOf(`['sample-http-logs'] | project status, method, req_duration_ms | extend status = toint(status), secs = req_duration_ms / 1000`),
      ['method:string', 'req_duration_ms:real', 'status:int', 'secs:real'],
    );
  });

  it('extend sees columns defined earlier in the same operator', () => {
    const analysis = analyze(`['sample-http-logs'] | project _time | extend a = 1, b = a + 0.5`);
    assert.deepEqual(resultColumns(analysis), ['_time:datetime', 'a:long', 'b:real']);
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('project computes and renames', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project status, city = ['geo.city'], d = now() - _time`), [
      'status:string', 'city:string', 'd:timespan',
    ]);
  });

  it('an unnamed computed column is named Column<position>, as the engine names it', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project status, strlen(uri)`), ['status:string', 'Column2:long']);
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project status | extend strlen(status), n = 1, 2 * n`), [
      'status:string', 'Column1:long', 'n:long', 'Column3:long',
    ]);
  });

  it('project-away and project-keep take names and wildcards', () => {
    assert.deepEqual(
      columnsOf(`['sample-http-logs'] | project-away ['geo.']*, resp_*, _sysTime`),
      httpColumns.filter((c) => !c.startsWith('geo.') && !c.startsWith('resp_') && !c.startsWith('_sysTime')),
    );
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project-keep resp_*, status`), [
      'resp_body_size_bytes:long', 'resp_header_size_bytes:long', 'status:string',
    ]);
  });

  it('project-rename renames in place; project-reorder moves columns to the front', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project status, method | project-rename verb = method`), ['status:string', 'verb:string']);
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project status, method, uri, id | project-reorder uri, *d desc`), [
      'uri:string', 'method:string', 'id:string', 'status:string',
    ]);
  });
});

describe('summarize and make-series', () => {
  it('names aggregates fn_field and count_, keeps by names, bin gives _time', () => {
    const text = `['sample-http-logs']
| summarize count(), avg(req_duration_ms), make_set(['geo.city']), total = sum(resp_body_size_bytes) by bin(_time, 1h), status`;
    assert.deepEqual(columnsOf(text), [
      '_time:datetime', 'status:string', 'count_:long', 'avg_req_duration_ms:real', 'make_set_geo.city:dynamic', 'total:long',
    ]);
  });

  it('bin_auto(_time) gives _time', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | summarize count() by bin_auto(_time)`), ['_time:datetime', 'count_:long']);
  });

  it('arg_max gives the expression and the listed fields, or every column for *', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | summarize arg_max(req_duration_ms, uri, status) by method`), [
      'method:string', 'req_duration_ms:real', 'uri:string', 'status:string',
    ]);
    const all = columnsOf(`['sample-http-logs'] | summarize arg_max(_time, *) by id`);
    assert.equal(all.length, httpColumns.length);
    assert.deepEqual(all.slice(0, 3), ['id:string', '_time:datetime', '_sysTime:datetime']);
  });

  it('arg_max over a call is named after the call\'s column, as the engine names it', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | summarize arg_max(toint(status), uri) by ['geo.country']`), [
      'geo.country:string', 'status:int', 'uri:string',
    ]);
  });

  it('names percentiles_array after its field', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | summarize percentiles_array(req_duration_ms, 50, 95)`), [
      'percentiles_array_req_duration_ms:dynamic',
    ]);
  });

  it('a scalar function wrapping an aggregation is named after the aggregation', () => {
    const analysis = analyze(`['sample-http-logs'] | summarize round(avg(req_duration_ms), 2)`);
    assert.deepEqual(analysis.diagnostics, []);
    assert.deepEqual(resultColumns(analysis), ['avg_req_duration_ms:real']);
  });

  it('an aggregation over a call or a predicate is fn_, a key over a call takes its column\'s name', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | summarize avg(toreal(status)), countif(status == "500") by tolower(method)`), [
      'method:string', 'avg_:real', 'countif_:long',
    ]);
  });

  it('make-series gives dynamic series and the time axis', () => {
    assert.deepEqual(
      columnsOf(`['sample-http-logs'] | make-series count(), avg(req_duration_ms) on _time from ago(1d) to now() step 1h by method`),
      ['method:string', 'count_:dynamic', 'avg_req_duration_ms:dynamic', '_time:dynamic'],
    );
  });
});

describe('other operators', () => {
  it('count, distinct and getschema', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | count`), ['count:long']);
    assert.deepEqual(columnsOf(`['sample-http-logs'] | distinct status, method`), ['status:string', 'method:string']);
    assert.deepEqual(columnsOf(`['sample-http-logs'] | getschema`), [
      'ColumnName:string', 'DataType:string', 'ColumnOrdinal:long', 'ColumnType:string',
    ]);
  });

  it('join adds the right side, renaming clashes with a 1 suffix', () => {
    const analysis = analyze(`['sample-http-logs']
| project id, status
| join (['otel-demo-traces'] | project id = trace_id, service = ['service.name']) on id`);
    assert.deepEqual(resultColumns(analysis), ['id:string', 'status:string', 'id1:string', 'service:string']);
    assert.deepEqual(analysis.diagnostics, []);
  });

  it('lookup adds the right side without its key', () => {
    assert.deepEqual(
      columnsOf(`['sample-http-logs']
| project id, status
| lookup (['otel-demo-traces'] | project trace_id, service = ['service.name']) on $left.id == $right.trace_id`),
      ['id:string', 'status:string', 'service:string'],
    );
  });

  it('leftanti keeps only the left columns', () => {
    assert.deepEqual(
      columnsOf(`['sample-http-logs'] | project id | join kind=leftanti (['otel-demo-traces'] | project id = trace_id) on id`),
      ['id:string'],
    );
  });

  it('union merges same-named columns and withsource adds a string column', () => {
    assert.deepEqual(
      columnsOf(`['sample-http-logs'] | project id, status | union withsource=src (['otel-demo-traces'] | project id = trace_id, duration)`),
      ['src:string', 'id:string', 'status:string', 'duration:timespan'],
    );
  });

  it('union may start a query with dataset wildcards', () => {
    const columns = columnsOf(`union github*`);
    assert.ok(columns.includes('push_id:long'));
    assert.ok(columns.includes('action:string'));
    assert.ok(!columns.includes('...'));
  });

  it('parse adds typed columns, string by default; parse-kv adds its keys', () => {
    assert.deepEqual(columnsOf(`['sample-http-logs'] | project uri | parse uri with "/api/" version: int "/" resource "/" *`), [
      'uri:string', 'version:int', 'resource:string',
    ]);
    assert.deepEqual(
      columnsOf(`['sample-http-logs'] | project message | parse-kv message as (user, took: timespan) with (pair_delimiter=",", kv_delimiter="=")`),
      ['message:string', 'user:string', 'took:timespan'],
    );
  });

  it('mv-expand makes the column dynamic or the requested type, with_itemindex adds a long', () => {
    assert.deepEqual(columnsOf(`['otel-demo-traces'] | project trace_id, events | mv-expand with_itemindex=i events to typeof(string)`), [
      'trace_id:string', 'events:string', 'i:long',
    ]);
    assert.deepEqual(columnsOf(`['otel-demo-traces'] | project events | mv-expand events`), ['events:dynamic']);
  });

  it('print, datatable and externaldata declare their columns', () => {
    assert.deepEqual(columnsOf(`print x = 1, s = strcat("a", "b")`), ['x:long', 's:string']);
    assert.deepEqual(columnsOf(`datatable(name: string, n: long, at: date) ["a", 1, datetime(2024-01-01)]`), [
      'name:string', 'n:long', 'at:datetime',
    ]);
    assert.deepEqual(columnsOf(`externaldata (a: string) ["https://example.invalid/x.csv"]`), ['a:string']);
  });

  it('an unknown operator keeps the known columns but opens the table', () => {
    const analysis = analyze(`['sample-http-logs'] | project status | frobnicate | where anything > 1`);
    assert.deepEqual(resultColumns(analysis), ['status:string', '...']);
    assert.deepEqual(diagnosticsOf(analysis), ['error unknown-operator "frobnicate"']);
  });
});

describe('lets', () => {
  it('a tabular let feeds a later pipeline; scalar lets resolve in expressions', () => {
    const analysis = analyze(`let errors = ['sample-http-logs'] | where status == "500" | project uri, req_duration_ms;
let limit_ms = 100.5;
errors
| extend slow = req_duration_ms > limit_ms`);
    assert.deepEqual(resultColumns(analysis), ['uri:string', 'req_duration_ms:real', 'slow:bool']);
    assert.deepEqual(analysis.diagnostics, []);
  });
});
