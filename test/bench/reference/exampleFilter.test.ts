import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CodeBlock } from '../../../bench/reference/codeBlocks.ts';
import { classify, isQueryBlock, withoutStringsAndComments } from '../../../bench/reference/exampleFilter.ts';

function block(text: string, overrides: Partial<CodeBlock> = {}): CodeBlock {
  return { file: 'page.mdx', line: 1, language: 'kusto', title: '', heading: 'Use case examples', text, ...overrides };
}

const reasonOf = (candidate: CodeBlock) => {
  const verdict = classify(candidate);
  return verdict.kind === 'example' ? 'example' : verdict.reason;
};

test('only kusto and apl blocks are candidates', () => {
  assert.equal(isQueryBlock(block('print 1')), true);
  assert.equal(isQueryBlock(block('print 1', { language: 'apl' })), true);
  assert.equal(isQueryBlock(block('SELECT 1', { language: 'sql' })), false);
  assert.equal(isQueryBlock(block('index=main', { language: 'splunk' })), false);
  assert.equal(isQueryBlock(block('{}', { language: 'json' })), false);
});

test('whole queries are examples, whatever dataset they name', () => {
  for (const text of [
    "['sample-http-logs']\n| where status == '500'\n| summarize count() by bin(_time, 1h)",
    "let threshold = 100;\n['otel-demo-traces']\n| where duration > threshold * 1ms",
    'print x = strlen("abc")',
    "datatable(a:string)['x']\n| extend n = 1",
    "union ['a'], ['b']\n| count",
    'T | extend n = array_length(arr)',
    "['dataset']\n| where msg has 'error' // the comment's ... and <x> do not count",
    "['sample-http-logs']\n| where uri == '/api/<id>/...'",
  ]) {
    assert.equal(reasonOf(block(text)), 'example', text);
  }
});

test('blocks under a Syntax heading are skeletons', () => {
  assert.equal(reasonOf(block('summarize max(ColumnName)', { heading: 'Syntax' })), 'syntax-section');
  assert.equal(reasonOf(block("['t']\n| where x", { heading: ' syntax ' })), 'syntax-section');
  assert.equal(reasonOf(block("['t']\n| where x", { heading: 'Syntax highlighting' })), 'example');
});

test('pieces of queries are fragments', () => {
  assert.equal(reasonOf(block('| where status == 200')), 'fragment');
  assert.equal(reasonOf(block('// keep errors\n| where status == 500')), 'fragment');
  assert.equal(reasonOf(block('... | extend day = dayofweek(_time)')), 'fragment');
  assert.equal(reasonOf(block('…\n| take 1')), 'fragment');
  assert.equal(reasonOf(block('extend netmask = ipv4_netmask_suffix(ip)')), 'fragment');
  assert.equal(reasonOf(block('summarize make_list_if(field, condition)')), 'fragment');
  assert.equal(reasonOf(block("let index = array_index_of(array, 'value')")), 'fragment');
  assert.equal(reasonOf(block('let a = 1;\nset stricttypes;')), 'fragment');
});

test('a dataset that happens to share an operator name is not a fragment', () => {
  assert.equal(reasonOf(block('sample\n| take 1')), 'example');
});

test('typographic quotes are left out', () => {
  assert.equal(reasonOf(block("[‘sample-http-logs’]\n| count")), 'typographic-quotes');
  assert.equal(reasonOf(block("['t']\n| where msg contains “error”")), 'typographic-quotes');
});

test('other languages tagged as kusto are left out', () => {
  assert.equal(reasonOf(block('`otel-demo-metrics`:`go.memory.used`\n| align to 5m using avg')), 'other-language');
  assert.equal(reasonOf(block('SELECT status, COUNT(*)\nFROM logs')), 'other-language');
  assert.equal(reasonOf(block('index=main sourcetype=access | stats count by status')), 'other-language');
});

test('placeholders and optional-part brackets are left out', () => {
  assert.equal(reasonOf(block('DatasetName\n| Operator ...')), 'placeholder');
  assert.equal(reasonOf(block("['t']\n| where <Predicate>")), 'placeholder');
  assert.equal(reasonOf(block("search [kind=CaseSensitivity] 'x'")), 'placeholder');
  assert.equal(reasonOf(block("['t']\n| project a [, b]")), 'placeholder');
});

test('lone scalar expressions are not queries', () => {
  assert.equal(reasonOf(block("format_ipv4_mask('192.168.1.10', 24)")), 'expression');
  assert.equal(reasonOf(block("['array_shift_left'](array, 1)")), 'expression');
  assert.equal(reasonOf(block('"get" == "get"\n"get" != "GET"')), 'expression');
  assert.equal(reasonOf(block("datatable(a:long)[1]")), 'example');
  assert.equal(reasonOf(block("externaldata (a:string) ['https://example.invalid/a.csv']")), 'example');
});

test('strings and comments are blanked before the code checks', () => {
  assert.equal(withoutStringsAndComments(`a == 'x...' and b == "<y>" // c ...\n| take 1`), 'a == "" and b == "" \n| take 1');
  assert.equal(withoutStringsAndComments(`@'C:\\dir\\' "say \\"hi\\""`), '"" ""');
});
