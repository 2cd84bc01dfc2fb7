import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { ScalarType } from '../../../language/analysis/analyzer.ts';
import { analyze, operatorsOf } from './analyzeText.ts';

/** The type `typeOf` gives each expression, written as extend columns over sample-http-logs. */
function typesOf(...expressions: string[]): ScalarType[] {
  const text = `['sample-http-logs'] | extend ${expressions.map((expression, i) => `c${i} = ${expression}`).join(', ')}`;
  const analysis = analyze(text);
  const extend = operatorsOf(analysis).find((operator) => operator.kind === 'extend');
  assert.ok(extend && extend.kind === 'extend');
  return extend.columns.map((definition) => analysis.typeOf(definition.expression));
}

describe('expression types', () => {
  it('types literals', () => {
    assert.deepEqual(typesOf('"a"', '1', '1.5', 'true', '1h', 'null', 'dynamic([1])'), [
      'string', 'long', 'real', 'bool', 'timespan', 'unknown', 'dynamic',
    ]);
    assert.deepEqual(typesOf('datetime(2024-01-01)', 'int(null)', 'time(1s)', 'double(1)'), ['datetime', 'int', 'timespan', 'real']);
  });

  it('types columns from the schema', () => {
    assert.deepEqual(typesOf('_time', 'req_duration_ms', 'resp_body_size_bytes', 'is_tls', `['geo.city']`), [
      'datetime', 'real', 'long', 'bool', 'string',
    ]);
  });

  it('follows datetime and timespan arithmetic', () => {
    assert.deepEqual(
      typesOf('now() - _time', 'now() - 1h', 'ago(10m) + 10m', '1s * 5', '10m / 1s', '1m + 1s', '-1h'),
      ['timespan', 'datetime', 'datetime', 'timespan', 'real', 'timespan', 'timespan'],
    );
  });

  it('widens numbers', () => {
    assert.deepEqual(typesOf('1 + 2', 'resp_body_size_bytes * 1.5', '7 % 2'), ['long', 'real', 'long']);
  });

  it('gives bool for comparisons, string operators, logic, in and between', () => {
    assert.deepEqual(
      typesOf(
        'status == "200"',
        'uri contains "api"',
        'uri !has_cs "api"',
        'true and false',
        'method in ("GET", "POST")',
        'req_duration_ms between (1 .. 2)',
        'not(is_tls)',
      ),
      ['bool', 'bool', 'bool', 'bool', 'bool', 'bool', 'bool'],
    );
  });

  it('reads function signatures, resolving same:N', () => {
    assert.deepEqual(
      typesOf(
        'strlen(uri)',
        'bin(_time, 1h)',
        'bin(req_duration_ms, 10)',
        'iff(is_tls, "a", "b")',
        'iff(is_tls, real(null), 1.5)',
        'iff(is_tls, null, 1.5)',
        'case(is_tls, 1, 2)',
        'todatetime(status)',
        'parse_json(message)',
        'rand()',
        'rand(10)',
        'abs(-1h)',
      ),
      ['long', 'datetime', 'real', 'string', 'real', 'real', 'long', 'datetime', 'dynamic', 'real', 'long', 'timespan'],
    );
  });

  it('types ensure_field by its typeof and column_ifexists by the column or the default', () => {
    assert.deepEqual(
      typesOf('ensure_field("x", typeof(date))', 'column_ifexists("req_duration_ms", 0)', 'column_ifexists("missing", "")'),
      ['datetime', 'real', 'string'],
    );
  });

  it('types dynamic access as dynamic', () => {
    assert.deepEqual(typesOf('parse_json(message).a', 'parse_json(message)[0]', 'split(uri, "/")[1]'), ['dynamic', 'dynamic', 'dynamic']);
  });
});
