import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import { analyze, diagnosticsOf, nodeAt } from './analyzeText.ts';
import { sampleSchema } from './testSchema.ts';

const logs = `['sample-http-logs']`;
const check = (text: string, schema?: null) => diagnosticsOf(analyze(text, schema));
const extendWith = (expression: string) => check(`${logs} | extend x = ${expression}`);

describe('operators and functions', () => {
  it('reports an unknown operator at its name', () => {
    const analysis = analyze(`${logs} | frobnicate status`);
    assert.deepEqual(diagnosticsOf(analysis), ['error unknown-operator "frobnicate"']);
    assert.match(analysis.diagnostics[0].message, /Unknown tabular operator 'frobnicate'/);
  });

  it('reports an unknown function at its name', () => {
    assert.deepEqual(extendWith('strlenn(uri)'), ['error unknown-function "strlenn"']);
  });

  it('checks the argument count against every signature', () => {
    assert.deepEqual(extendWith('strlen()'), ['error argument-count "strlen()"']);
    assert.deepEqual(extendWith('strlen(uri, uri)'), ['error argument-count "strlen(uri, uri)"']);
    const analysis = analyze(`${logs} | extend x = round(1, 2, 3)`);
    assert.match(analysis.diagnostics[0].message, /'round' expects 1 to 2 arguments, but got 3/);
    for (const fine of ['rand()', 'rand(10)', 'strcat(uri)', 'case(true, 1, false, 2, 3)', 'now()', 'bag_pack("a", 1, "b", 2)']) {
      assert.deepEqual(extendWith(fine), [], fine);
    }
  });

  it('warns about case() without its final else (null where nothing holds), checks ensure_field and column_ifexists arity', () => {
    assert.deepEqual(extendWith('case(status == "1", 1, status == "2", 2)'), ['warning argument-groups "case(status == "1", 1, status == "2", 2)"']);
    const analysis = analyze(`${logs} | extend x = case(status == "1", 1, status == "2", 2)`);
    assert.match(analysis.diagnostics[0].message, /'case' expects condition\/result pairs and a final else, but got 4 arguments/);
    // The pairs are still type-checked, and the result keeps its type.
    assert.deepEqual(extendWith('case(now(), 1, status == "2", 2)'), ['warning argument-groups "case(now(), 1, status == "2", 2)"', 'warning argument-type "now()"']);
    assert.equal(analysis.typeOf(nodeAt(analysis, 'case', 'Call')), 'long');
    assert.deepEqual(extendWith('bag_pack("a", 1, "b")'), ['warning argument-groups "bag_pack("a", 1, "b")"']);
    assert.deepEqual(extendWith('ensure_field("a")'), ['error argument-count "ensure_field("a")"']);
    assert.deepEqual(extendWith('ensure_field("a", typeof(string), 1)'), ['error argument-count "ensure_field("a", typeof(string), 1)"']);
    assert.deepEqual(extendWith('column_ifexists("a")'), ['error argument-count "column_ifexists("a")"']);
    assert.deepEqual(extendWith('column_ifexists("a", 1, 2)'), ['error argument-count "column_ifexists("a", 1, 2)"']);
    for (const fine of ['case(true, 1, 2)', 'case(true, 1, false, 2, 3)', 'ensure_field("a", typeof(string))', 'column_ifexists("a", 1)']) {
      assert.deepEqual(extendWith(fine), [], fine);
    }
  });

  it('warns about a number compared with a string literal, either way round', () => {
    assert.deepEqual(check(`${logs} | where req_duration_ms > 'abc'`), [`warning comparison-type "'abc'"`]);
    assert.deepEqual(check(`${logs} | where "5" == resp_body_size_bytes`), ['warning comparison-type ""5""']);
    assert.deepEqual(check(`${logs} | where strlen(uri) + 1 != "x"`), ['warning comparison-type ""x""']);
    for (const fine of [`req_duration_ms > 5`, `status == "200"`, `status =~ "ok"`, `tostring(req_duration_ms) == "5"`]) {
      assert.deepEqual(check(`${logs} | where ${fine}`), [], fine);
    }
  });

  it('warns about an argument type only when it clearly cannot fit', () => {
    assert.deepEqual(extendWith(`round('abc')`), [`warning argument-type "'abc'"`]);
    // status is a string column in sample-http-logs.
    assert.deepEqual(extendWith('bin(status, 100)'), ['warning argument-type "status"']);
    assert.deepEqual(extendWith('ago(_time)'), ['warning argument-type "_time"']);
    // Widening, string parameters, timespans as numbers, dynamic and unknown values never mismatch.
    for (const fine of ['round(resp_body_size_bytes, 2)', 'strlen(resp_body_size_bytes)', 'round(parse_json(message))', 'abs(1h)']) {
      assert.deepEqual(extendWith(fine), [], fine);
    }
    assert.deepEqual(check(`logs | extend y = round(anything)`, null), []);
  });
});

describe('aggregations', () => {
  it('reports an aggregation outside summarize', () => {
    assert.deepEqual(extendWith('avg(req_duration_ms)'), ['error aggregation-context "avg"']);
    assert.deepEqual(check(`${logs} | where count() > 1`), ['error aggregation-context "count"']);
  });

  it('accepts scalar functions wrapping aggregations in summarize', () => {
    assert.deepEqual(check(`${logs} | summarize round(avg(req_duration_ms), 2) by method`), []);
    assert.deepEqual(check(`${logs} | summarize ratio = countif(status == "500") * 1.0 / count()`), []);
  });

  it('warns about a summarize column without any aggregation', () => {
    assert.deepEqual(check(`${logs} | summarize strlen(uri)`), ['warning aggregation-expected "strlen(uri)"']);
    assert.deepEqual(check(`${logs} | make-series status on _time step 1h`), ['warning aggregation-expected "status"']);
  });

  it('reports an aggregation nested in another', () => {
    const analysis = analyze(`${logs} | summarize avg(count())`);
    assert.deepEqual(diagnosticsOf(analysis), ['error aggregation-context "count"']);
    assert.match(analysis.diagnostics[0].message, /inside another aggregation/);
  });

  it('accepts histogram() as a group key, as the reference does', () => {
    assert.deepEqual(check(`${logs} | summarize count() by histogram(req_duration_ms, 10)`), []);
  });

  it('bin_auto only takes _time', () => {
    assert.deepEqual(check(`${logs} | summarize count() by bin_auto(_time)`), []);
    assert.deepEqual(check(`${logs} | summarize count() by bin_auto(_sysTime)`), ['error bin-auto-time "_sysTime"']);
  });
});

describe('datasets and columns', () => {
  it('reports an unknown dataset only with a schema', () => {
    assert.deepEqual(check(`['no-such-logs'] | where x == 1`), [`error unknown-dataset "['no-such-logs']"`]);
    assert.deepEqual(check(`['no-such-logs'] | where x == 1`, null), []);
  });

  it('reports an unknown column only with a schema', () => {
    assert.deepEqual(check(`${logs} | where stauts == "200"`), ['error unknown-column "stauts"']);
    assert.deepEqual(check(`${logs} | where stauts == "200"`, null), []);
  });

  it('explains a column used after project dropped it', () => {
    const analysis = analyze(`${logs} | project status, method | where uri == "/"`);
    assert.deepEqual(diagnosticsOf(analysis), ['error column-out-of-scope "uri"']);
    assert.equal(analysis.diagnostics[0].message, `Column 'uri' is no longer available after 'project'.`);
  });

  it('explains it without a schema too, since project fixes the columns', () => {
    assert.deepEqual(check(`logs | project a | where b > 1`, null), ['error column-out-of-scope "b"']);
    const away = analyze(`logs | project-away a | where a > 1`, null);
    assert.match(away.diagnostics[0].message, /'a' is no longer available after 'project-away'/);
    const summarized = analyze(`${logs} | summarize count() by status | where uri == "/"`);
    assert.match(summarized.diagnostics[0].message, /after 'summarize'/);
  });

  it('lets a column come back after extend', () => {
    assert.deepEqual(check(`${logs} | project status | extend uri = "/" | where uri == "/"`), []);
  });

  it('resolves flattened dotted names and map access', () => {
    assert.deepEqual(check(`${logs} | where geo.city == "Paris"`), []);
    assert.deepEqual(check(`${logs} | where geo.town == "Paris"`), ['error unknown-column "geo.town"']);
    assert.deepEqual(check(`['otel-demo-traces'] | where ['attributes.custom']['http.protocol'] == "HTTP/1.1"`), []);
    assert.deepEqual(check(`['otel-demo-traces'] | where attributes.custom.foo == "x"`), []);
  });

  it('resolves $left and $right in join conditions, and plain names on each side of ==', () => {
    const right = `(['otel-demo-traces'] | project trace_id, duration)`;
    assert.deepEqual(check(`${logs} | join ${right} on $left.id == $right.trace_id`), []);
    assert.deepEqual(check(`${logs} | join ${right} on id == trace_id`), []);
    const analysis = analyze(`${logs} | join ${right} on $left.id == $right.request_id`);
    assert.deepEqual(diagnosticsOf(analysis), ['error unknown-column "request_id"']);
    assert.match(analysis.diagnostics[0].message, /in the right side of the join/);
  });

  it('never complains about the name given to column_ifexists', () => {
    assert.deepEqual(extendWith(`column_ifexists("no_such_field", "")`), []);
  });

  it('treats names inside typeof() as types', () => {
    assert.deepEqual(extendWith(`ensure_field("x", typeof(string))`), []);
    assert.deepEqual(extendWith(`ensure_field("x", typeof(strng))`), ['error unknown-type "strng"']);
  });

  it('accepts a tabular let as the list of in', () => {
    assert.deepEqual(check(`let ids = ['otel-demo-traces'] | project trace_id;\n${logs} | where id in (ids)`), []);
  });

  it('does not see a let inside its own value', () => {
    const analysis = analyze(`let x = x + 1;\n${logs} | where req_duration_ms > x`);
    assert.equal(analysis.symbolOf(nodeAt(analysis, 'x + 1', 'Name')), undefined);
    assert.equal(analysis.symbolOf(nodeAt(analysis, 'x', 'Name', 2))?.kind, 'let');
  });
});

describe('syntax errors', () => {
  const withErrors = (text: string) => {
    const parsed = parseDocument(text);
    assert.notDeepEqual(parsed.errors, [], 'the text has a syntax error');
    const analysis = analyzeDocument(parsed, sampleSchema);
    return analysis.diagnostics.map((d) => `${d.code} "${text.slice(d.start, d.end)}"`);
  };

  it('drops diagnostics in the stage a syntax error broke, keeps the other stages', () => {
    assert.deepEqual(withErrors(`${logs} | project status | where uri ==`), []);
    assert.deepEqual(withErrors(`${logs} | where status == | extend y = foo()`), ['unknown-function "foo"']);
  });

  it('a trailing pipe is one syntax error, with no unknown operator besides', () => {
    for (const text of [`${logs} | `, `${logs} | where status == "500" |`, `${logs}\n| take 1\n| \n`]) {
      assert.deepEqual(withErrors(text), [], text);
      assert.equal(parseDocument(text).errors.length, 1, text);
    }
    assert.deepEqual(withErrors(`${logs} | | frob`), ['unknown-operator "frob"']);
  });

  it('a run of statements with no semicolon between them is one syntax error, with nothing reported inside it', () => {
    const range = 'range x from 1 to 5 step 1';
    assert.deepEqual(withErrors(range), []);
    assert.deepEqual(parseDocument(range).errors.map((error) => [range.slice(error.start, error.end), error.message.split('. ')[1]]), [[' x from 1 to 5 step 1', 'APL has no range operator: for Kusto\'s `range x from 1 to 5 step 1`, write `print x = range(1, 5, 1) | mv-expand x`.']]);
    // The statements after a `;` are checked again.
    assert.deepEqual(withErrors(`${logs} | take 1 nowhere; ${logs} | extend y = foo()`), ['unknown-function "foo"']);
    assert.equal(parseDocument(`print a = 1 print b = 2 print c = 3; print d = 4 print e = 5`).errors.length, 2);
  });

  it('does not count the arguments of a call whose parenthesis is not closed yet', () => {
    assert.deepEqual(withErrors(`${logs} | extend y = strlen(`), []);
    assert.deepEqual(withErrors(`${logs} | extend y = strlen(uri, uri`), []);
  });
});

describe('diagnostic shape', () => {
  it('carries offsets and a range, sorted by position', () => {
    const analysis = analyze(`${logs}\n| extend a = nope1(), b = nope2()`);
    const text = analysis.parsed.text;
    assert.deepEqual(
      analysis.diagnostics.map((d) => d.start),
      [text.indexOf('nope1'), text.indexOf('nope2')],
    );
    assert.deepEqual(analysis.diagnostics[0].range.start, { line: 1, character: '| extend a = '.length });
  });
});
