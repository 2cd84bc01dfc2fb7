import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readSchema } from '../../../language/analysis/readSchema.ts';

describe('readSchema', () => {
  it('keeps datasets, fields and descriptions and drops other properties', () => {
    const schema = readSchema({
      source: 'docs',
      datasets: [
        {
          name: 'sample-http-logs',
          description: 'access log',
          fields: [{ name: 'status', type: 'string', description: 'HTTP status', examples: ['200'] }],
        },
      ],
    });
    assert.deepEqual(schema, {
      datasets: [{ name: 'sample-http-logs', fields: [{ name: 'status', type: 'string', description: 'HTTP status' }] }],
    });
  });

  it('names the first offending path', () => {
    assert.throws(() => readSchema(null), /^Error: schema must be an object$/);
    assert.throws(() => readSchema({}), /^Error: schema\.datasets must be an array$/);
    assert.throws(() => readSchema({ datasets: [{ fields: [] }] }), /^Error: schema\.datasets\[0\]\.name must be a string$/);
    assert.throws(
      () => readSchema({ datasets: [{ name: 'a', fields: [{ name: 'x' }] }] }),
      /^Error: schema\.datasets\[0\]\.fields\[0\]\.type must be a string$/,
    );
  });
});
