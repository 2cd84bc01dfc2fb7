import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { LineIndex } from '../../../language/text/lineIndex.ts';
import * as b from './astBuilder.ts';
import { sampleSchema } from './testSchema.ts';

describe('symbols', () => {
  it('resolves datasets, columns, lets and functions', () => {
    const dataset = b.q('sample-http-logs');
    const threshold = b.letStatement('threshold', b.num(100));
    const column = b.name('req_duration_ms');
    const thresholdUse = b.name('threshold');
    const newName = b.name('slow');
    const call = b.call('tostring', b.name('status'));
    const extend = b.extend({ kind: 'ColumnDefinition', name: newName, expression: b.bin('>', column, thresholdUse), start: newName.start, end: thresholdUse.end });
    const document = b.documentOf(b.query(threshold, b.pipe(dataset, extend, b.extend(b.def('s', call)))));
    const analysis = analyzeDocument(document, sampleSchema);

    const datasetSymbol = analysis.symbolOf(dataset);
    assert.equal(datasetSymbol?.kind, 'dataset');
    assert.equal(datasetSymbol?.kind === 'dataset' && datasetSymbol.table.columns.length, 16);
    assert.deepEqual(analysis.symbolOf(column), { kind: 'column', column: { name: 'req_duration_ms', type: 'real' } });
    const letSymbol = analysis.symbolOf(thresholdUse);
    assert.equal(letSymbol?.kind === 'let' && letSymbol.binding.type, 'long');
    assert.equal(analysis.symbolOf(threshold.name)?.kind, 'let');
    assert.deepEqual(analysis.symbolOf(newName), { kind: 'column', column: { name: 'slow', type: 'bool' } });
    assert.deepEqual(analysis.symbolOf(call.callee), { kind: 'function', name: 'tostring' });
  });

  it('resolves a dataset without a schema as an open table', () => {
    const dataset = b.name('logs');
    const column = b.name('x');
    const analysis = analyzeDocument(b.documentOf(b.query(b.pipe(dataset, b.where(b.bin('>', column, b.num(1)))))));
    const symbol = analysis.symbolOf(dataset);
    assert.equal(symbol?.kind === 'dataset' && symbol.table.open, true);
    assert.deepEqual(analysis.symbolOf(column), { kind: 'column', column: { name: 'x', type: 'unknown' } });
  });

  it('lists the lets visible at an offset, later ones hiding earlier ones', () => {
    const first = b.letStatement('a', b.num(1));
    const second = b.letStatement('b', b.str('x'));
    const third = b.letStatement('a', b.str('y'));
    const tail = b.pipe(b.q('sample-http-logs'), b.take(1));
    const analysis = analyzeDocument(b.documentOf(b.query(first, second, third, tail)), sampleSchema);
    const names = (offset: number) => analysis.letsVisibleAt(offset).map((binding) => `${binding.name}:${binding.type}`);
    assert.deepEqual(names(first.start), []);
    assert.deepEqual(names(first.end), ['a:long']);
    assert.deepEqual(names(second.end), ['a:long', 'b:string']);
    assert.deepEqual(names(tail.start), ['a:string', 'b:string']);
    // Typing after the last token still belongs to the query, unless a blank line starts a new one.
    assert.deepEqual(names(tail.end + 3), ['a:string', 'b:string']);
    const document = b.documentOf(b.query(first, second, third, tail));
    const text = document.text.slice(0, tail.end) + '\n\n' + document.text.slice(tail.end + 2);
    const separated = analyzeDocument({ ...document, text, lineIndex: new LineIndex(text) }, sampleSchema);
    assert.deepEqual(separated.letsVisibleAt(tail.end + 3), []);
  });

  it('gives each operator its input and output', () => {
    const project = b.project('status');
    const where = b.where(b.bin('==', b.name('status'), b.str('200')));
    const analysis = analyzeDocument(b.documentOf(b.query(b.pipe(b.q('sample-http-logs'), project, where))), sampleSchema);
    assert.equal(analysis.inputOf(project)?.columns.length, 16);
    assert.deepEqual(analysis.outputOf(project), { columns: [{ name: 'status', type: 'string' }], open: false });
    assert.deepEqual(analysis.inputOf(where), analysis.outputOf(project));
  });
});
