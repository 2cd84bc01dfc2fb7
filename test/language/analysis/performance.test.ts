import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import { sampleSchema } from './testSchema.ts';

describe('performance', () => {
  it('analyzes a typical query well under a millisecond', () => {
    const parsed = parseDocument(`let threshold = 500;
['sample-http-logs']
| where _time > ago(1h) and status == "500" and req_duration_ms > threshold
| extend seconds = req_duration_ms / 1000, city = ['geo.city']
| join kind=leftouter (['otel-demo-traces'] | project trace_id, duration) on $left.id == $right.trace_id
| summarize count(), avg(seconds), make_set(city) by bin(_time, 5m), method
| sort by count_ desc
| take 10`);
    for (let i = 0; i < 100; i++) analyzeDocument(parsed, sampleSchema);
    const runs = 500;
    const started = performance.now();
    for (let i = 0; i < runs; i++) analyzeDocument(parsed, sampleSchema);
    const perQuery = (performance.now() - started) / runs;
    // Typically around 0.05 ms; the bound leaves room for a loaded machine.
    assert.ok(perQuery < 1, `analysis took ${perQuery.toFixed(3)} ms`);
  });
});
