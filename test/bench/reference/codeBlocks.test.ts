import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeBlocksOf } from '../../../bench/reference/codeBlocks.ts';

const page = [
  '---',
  'title: demo',
  '---',
  '',
  '## Usage',
  '',
  '### Syntax',
  '',
  '```kusto',
  '| demo Column',
  '```',
  '',
  '## Use case examples',
  '',
  '<Tabs>',
  '  <Tab title="Logs">',
  '  ```kusto',
  "  ['sample-http-logs']",
  '  | where status == 200',
  '',
  '  ```',
  '  </Tab>',
  '</Tabs>',
  '',
  '<CodeGroup>',
  '```sql SQL example',
  'SELECT * FROM t',
  '```',
  '',
  '```kusto APL equivalent',
  "['t']",
  '```',
  '</CodeGroup>',
  '',
  '````',
  'outer block quoting a fence:',
  '```kusto',
  'print 1',
  '```',
  '````',
].join('\n');

test('finds every fenced block with its info word, title, heading and line', () => {
  const blocks = codeBlocksOf('demo.mdx', page);
  assert.deepEqual(
    blocks.map(({ language, title, heading, line }) => ({ language, title, heading, line })),
    [
      { language: 'kusto', title: '', heading: 'Syntax', line: 9 },
      { language: 'kusto', title: '', heading: 'Use case examples', line: 17 },
      { language: 'sql', title: 'SQL example', heading: 'Use case examples', line: 26 },
      { language: 'kusto', title: 'APL equivalent', heading: 'Use case examples', line: 30 },
      { language: '', title: '', heading: 'Use case examples', line: 35 },
    ],
  );
});

test('removes the fence indentation and trims blank lines at both ends', () => {
  const [, indented] = codeBlocksOf('demo.mdx', page);
  assert.equal(indented.text, "['sample-http-logs']\n| where status == 200");
});

test('a longer fence holds shorter ones as content', () => {
  const outer = codeBlocksOf('demo.mdx', page).at(-1);
  assert.equal(outer?.text, 'outer block quoting a fence:\n```kusto\nprint 1\n```');
});

test('lines that look like headings inside a block do not change the heading', () => {
  const blocks = codeBlocksOf('x.mdx', '## Examples\n```kusto\n# not a heading\nprint 1\n```\n```kusto\nprint 2\n```');
  assert.deepEqual(
    blocks.map((block) => block.heading),
    ['Examples', 'Examples'],
  );
});

test('an unclosed fence runs to the end of the page', () => {
  const [block] = codeBlocksOf('x.mdx', '```kusto\nprint 1\n| take 1');
  assert.equal(block.text, 'print 1\n| take 1');
});
