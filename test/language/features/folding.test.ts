import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getFoldingRanges } from '../../../language/features/folding.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';

function folds(lines: string[]): string[] {
  return getFoldingRanges(parseDocument(lines.join('\n'))).map(
    (range) => `${range.startLine}-${range.endLine}${range.kind ? ` ${range.kind}` : ''}`,
  );
}

describe('folding ranges', () => {
  it('folds each multi-line query from its first to its last line', () => {
    assert.deepEqual(
      folds([
        /* 0 */ "['sample-http-logs']",
        /* 1 */ "| where status == '500'",
        /* 2 */ '| summarize count() by method',
        /* 3 */ '',
        /* 4 */ "['sample-http-logs'] | take 1",
        /* 5 */ '',
        /* 6 */ "['otel-demo-traces']",
        /* 7 */ '| count',
      ]),
      ['0-2', '6-7'],
    );
  });

  it('folds runs of two or more comment lines, not single ones or trailing comments', () => {
    assert.deepEqual(
      folds([
        /* 0 */ '// Errors per method,',
        /* 1 */ '// over the last day.',
        /* 2 */ "['sample-http-logs'] // one trailing comment",
        /* 3 */ '// just one line',
        /* 4 */ '| take 1 // trailing',
        /* 5 */ '// a run at the end',
        /* 6 */ '// of the query',
        /* 7 */ '//   three lines long',
      ]),
      // The query ends with its last code; the comments after it fold on their own.
      ['0-1 comment', '2-4', '5-7 comment'],
    );
  });

  it('folds a multi-line subquery up to the line its closing parenthesis starts', () => {
    assert.deepEqual(
      folds([
        /* 0 */ "['otel-demo-traces']",
        /* 1 */ '| join kind=inner (',
        /* 2 */ "    ['otel-demo-traces']",
        /* 3 */ "    | where kind == 'server'",
        /* 4 */ ') on trace_id',
        /* 5 */ '| union (U',
        /* 6 */ '    | take 1)',
      ]),
      ['0-6', '1-3', '5-6'],
    );
  });

  it('folds a multi-line let statement; one fold per start line, the widest', () => {
    assert.deepEqual(
      folds([
        /* 0 */ 'let threshold = 5;',
        /* 1 */ "let errors = ['sample-http-logs']",
        /* 2 */ "    | where status == '500';",
        /* 3 */ 'errors',
        /* 4 */ '| count',
      ]),
      ['0-4', '1-2'],
    );
  });

  it('returns nothing for one-line and empty documents, and survives broken text', () => {
    assert.deepEqual(folds(['T | take 1']), []);
    assert.deepEqual(folds(['']), []);
    assert.doesNotThrow(() => folds(['T | join (', '  U | where ]', ')) on']));
  });
});
