/** Which parentheses of an RE2 pattern open capturing groups, as DuckDB numbers them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capturingGroups, namedGroups, re2Spelling } from '../../../../service/engine/compile/regexGroups.ts';
import { asRegex } from '../../../../service/engine/compile/coercions.ts';

test('plain and named groups count; non-capturing, flags, escaped and bracketed parentheses do not', () => {
  const cases: [string, number][] = [
    ['abc', 0],
    ['(a)(b)', 2],
    ['(?P<x>a)(?<y>b)', 2],
    ['(?:a)(?i)b(?s:c)', 0],
    ['\\(a\\)', 0],
    ['[(]a[)]', 0],
    ['[]()](a)', 1],
    ['[^]()](a)', 1],
    ['[\\]](a)', 1],
    ['((a)(?:b))', 2],
    ['(?<=a)(?<!b)(c)', 1],
  ];
  for (const [pattern, groups] of cases) assert.equal(capturingGroups(pattern), groups, pattern);
});

test('named groups by their numbers, counted with the unnamed ones', () => {
  assert.deepEqual([...namedGroups('(a)(?P<x>b)(?:c)(?<y>d)[(?P<z>]')], [['x', 2], ['y', 3]]);
});

test('(?<name> is spelt (?P<name>; look-behinds, escapes and classes are left as they are', () => {
  const cases: [string, string][] = [
    ['(?<a>x)(?P<b>y)', '(?P<a>x)(?P<b>y)'],
    ['(?<=a)(?<!b)', '(?<=a)(?<!b)'],
    ['\\(?<a>', '\\(?<a>'],
    ['[(?<a>](?<b>c)', '[(?<a>](?P<b>c)'],
    ['[]?<](?<b>c)', '[]?<](?P<b>c)'],
  ];
  for (const [pattern, spelt] of cases) assert.equal(re2Spelling(pattern), spelt, pattern);
  // A string literal's own text is spelt; any other value's SQL is left as it is.
  assert.equal(asRegex({ sql: "'(?<a>it''s)'", type: 'string', text: "(?<a>it's)" }), "'(?P<a>it''s)'");
  assert.equal(asRegex({ sql: 'lower(x)', type: 'string' }), 'lower(x)');
});
