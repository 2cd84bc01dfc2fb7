import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { getInlayHints } from '../../../language/features/inlayHints.ts';
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
        { name: 'duration', type: 'float' },
      ],
    },
  ],
};

function hints(lines: string[]): string[] {
  const analyzed = analyzeDocument(parseDocument(lines.join('\n')), schema);
  return getInlayHints(analyzed).map((hint) => `${hint.position.line}:${hint.position.character} ${hint.label}`);
}

describe('inlay hints', () => {
  it('show after summarize and project the columns they produce, and after extend the ones it adds', () => {
    assert.deepEqual(
      hints([
        /* 0 */ "['logs']",
        /* 1 */ '| where status >= 500',
        /* 2 */ '| extend slow = duration > 100',
        /* 3 */ '| summarize n = count(), avg(duration) by method',
        /* 4 */ '| project method, n',
      ]),
      ['2:30 → slow: bool', '3:48 → method: string, n: long, avg_duration: real', '4:19 → method: string, n: long'],
    );
  });

  it('cut long lists and say when more columns may exist', () => {
    const [wide] = hints(["['logs'] | project _time, status, method, duration, a = 1, b = 2, c = 3, d = 4"]);
    assert.match(wide!, /→ _time: datetime, status: long, method: string, duration: real, a: long, b: long, \+2 more$/);
    const [, unknown] = hints(["['elsewhere'] | extend a = 1 | project-away b"]);
    assert.match(unknown!, /, …$/);
  });
});
