import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { getCatalogReferences, getResultShape } from '../../../language/features/queryFacts.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { Schema } from '../../../language/index.ts';

const schema: Schema = {
  datasets: [
    {
      name: 'logs',
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'status', type: 'integer' },
        { name: 'method', type: 'string' },
      ],
    },
  ],
};

const analyze = (text: string) => analyzeDocument(parseDocument(text), schema);
const columns = (text: string) => getResultShape(analyze(text))?.columns.map((column) => `${column.name}: ${column.type}`);

describe('query facts', () => {
  it('the result shape is the output of the last query’s last operator', () => {
    assert.deepEqual(columns("['logs'] | where status >= 500 | summarize n = count() by method, bin_auto(_time)"), [
      'method: string',
      '_time: datetime',
      'n: long',
    ]);
  });

  it('a query that only names a dataset or a tabular let ends with its columns', () => {
    const fields = columns("['logs']") ?? [];
    assert.ok(fields.includes('method: string') && fields.includes('_time: datetime'), fields.join(', '));
    assert.deepEqual(columns("let slow = ['logs'] | project method;\nslow"), ['method: string']);
  });

  it('lists the operators, functions and scalar operators used, once each, in order', () => {
    const used = getCatalogReferences(analyze("['logs'] | where method contains 'GE' | summarize count() by bin(_time, 1h) | where count_ > 1"));
    assert.deepEqual(
      used.map((entry) => `${entry.kind} ${entry.name}`),
      ['operator where', 'scalar operator contains', 'operator summarize', 'function count', 'function bin'],
    );
    assert.ok(used.every((entry) => entry.doc.length > 20));
  });
});
