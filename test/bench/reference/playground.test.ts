import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Schema } from '../../../language/index.ts';
import { loadPlaygroundSchema, playgroundDatasetsIn } from '../../../bench/reference/playground.ts';

const schema: Schema = {
  datasets: [
    { name: 'sample-http-logs', fields: [] },
    { name: 'otel-demo-traces', fields: [] },
    { name: 'hn', fields: [] },
  ],
};

test('quoted dataset names are found with either quote', () => {
  assert.deepEqual(playgroundDatasetsIn("['sample-http-logs']\n| take 1", schema), ['sample-http-logs']);
  assert.deepEqual(playgroundDatasetsIn('[ "otel-demo-traces" ] | count', schema), ['otel-demo-traces']);
});

test('every playground dataset of a join or union is listed', () => {
  const query = "['sample-http-logs']\n| join kind=inner (['otel-demo-traces'] | take 5) on id";
  assert.deepEqual(playgroundDatasetsIn(query, schema), ['sample-http-logs', 'otel-demo-traces']);
  assert.deepEqual(playgroundDatasetsIn("union hn, ['sample-http-logs']", schema), ['sample-http-logs', 'hn']);
});

test('bare names count only as whole words in code', () => {
  assert.deepEqual(playgroundDatasetsIn("['dataset']\n| where msg == 'hn' // hn", schema), []);
  assert.deepEqual(playgroundDatasetsIn('john\n| extend hn_score = 1', schema), []);
  assert.deepEqual(playgroundDatasetsIn("['sample-http-logs-archive']", schema), []);
});

test('a name that needs quoting is not matched bare', () => {
  assert.deepEqual(playgroundDatasetsIn('sample-http-logs | take 1', schema), []);
});

test('the committed playground schema has the sample datasets with service type names', () => {
  const playground = loadPlaygroundSchema();
  const names = playground.datasets.map((dataset) => dataset.name);
  assert.ok(names.includes('sample-http-logs') && names.includes('otel-demo-traces'));
  const httpLogs = playground.datasets.find((dataset) => dataset.name === 'sample-http-logs');
  assert.equal(httpLogs?.fields.find((field) => field.name === 'geo.city')?.type, 'string');
  const known = new Set(['string', 'integer', 'float', 'boolean', 'datetime', 'timespan', 'array', 'object']);
  for (const dataset of playground.datasets) for (const field of dataset.fields) assert.ok(known.has(field.type), `${dataset.name}.${field.name}: ${field.type}`);
});
