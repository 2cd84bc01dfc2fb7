import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyze, lastPipeline, nodeAt, operatorsOf } from './analyzeText.ts';

describe('symbols', () => {
  it('resolves datasets, columns, lets and functions', () => {
    const analysis = analyze(`let threshold = 100;
['sample-http-logs']
| extend slow = req_duration_ms > threshold
| extend s = tostring(status)`);
    const dataset = analysis.symbolOf(nodeAt(analysis, `['sample-http-logs']`, 'Name'));
    assert.equal(dataset?.kind === 'dataset' && dataset.table.columns.length, 16);
    assert.deepEqual(analysis.symbolOf(nodeAt(analysis, 'req_duration_ms', 'Name')), {
      kind: 'column',
      column: { name: 'req_duration_ms', type: 'real' },
    });
    const use = analysis.symbolOf(nodeAt(analysis, 'threshold', 'Name', 1));
    assert.equal(use?.kind === 'let' && use.binding.type, 'long');
    assert.equal(analysis.symbolOf(nodeAt(analysis, 'threshold', 'Name', 0))?.kind, 'let');
    assert.deepEqual(analysis.symbolOf(nodeAt(analysis, 'slow', 'Name')), { kind: 'column', column: { name: 'slow', type: 'bool' } });
    assert.deepEqual(analysis.symbolOf(nodeAt(analysis, 'tostring', 'Name')), { kind: 'function', name: 'tostring' });
  });

  it('resolves a flattened dotted name to its column', () => {
    const analysis = analyze(`['sample-http-logs'] | where geo.city == "Paris"`);
    const expected = { kind: 'column', column: { name: 'geo.city', type: 'string' } };
    assert.deepEqual(analysis.symbolOf(nodeAt(analysis, 'geo', 'Name')), expected);
    assert.deepEqual(analysis.symbolOf(nodeAt(analysis, 'city', 'Name')), expected);
  });

  it('resolves a dataset without a schema as an open table', () => {
    const analysis = analyze(`logs | where x > 1`, null);
    const dataset = analysis.symbolOf(nodeAt(analysis, 'logs', 'Name'));
    assert.equal(dataset?.kind === 'dataset' && dataset.table.open, true);
    assert.deepEqual(analysis.symbolOf(nodeAt(analysis, 'x', 'Name')), { kind: 'column', column: { name: 'x', type: 'unknown' } });
  });

  it('lists the lets visible at an offset, later ones hiding earlier ones', () => {
    const text = `let a = 1;
let b = "x";
let a = "y";
['sample-http-logs'] | take 1 `;
    const analysis = analyze(text);
    const names = (offset: number) => analysis.letsVisibleAt(offset).map((binding) => `${binding.name}:${binding.type}`);
    assert.deepEqual(names(0), []);
    assert.deepEqual(names(text.indexOf('let b')), ['a:long']);
    assert.deepEqual(names(text.indexOf('let a = "y"')), ['a:long', 'b:string']);
    assert.deepEqual(names(text.indexOf('take')), ['a:string', 'b:string']);
    // Typing after the last token still belongs to the query; a blank line starts another one.
    assert.deepEqual(names(text.length), ['a:string', 'b:string']);
    const separated = analyze(`${text}\n\nprint 1`);
    assert.deepEqual(separated.letsVisibleAt(separated.parsed.text.indexOf('print')), []);
  });

  it('gives each operator its input and output', () => {
    const analysis = analyze(`['sample-http-logs'] | project status | where status == "200"`);
    const [project, where] = operatorsOf(analysis);
    assert.equal(analysis.inputOf(project)?.columns.length, 16);
    assert.deepEqual(analysis.outputOf(project), { columns: [{ name: 'status', type: 'string' }], open: false });
    assert.deepEqual(analysis.inputOf(where), analysis.outputOf(project));
    assert.equal(lastPipeline(analysis).operators.length, 2);
  });

  it('gives the columns in scope inside a join subquery', () => {
    const analysis = analyze(`['sample-http-logs'] | join (['otel-demo-traces'] | where duration > 1s) on $left.id == $right.trace_id`);
    const inner = operatorsOf(analysis).find((operator) => operator.kind === 'where');
    assert.ok(inner);
    assert.ok(analysis.inputOf(inner)?.columns.some((column) => column.name === 'duration'));
  });
});
