/** Which parentheses of an RE2 pattern open capturing groups, as DuckDB numbers them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { capturingGroups, namedGroups } from '../../../../service/engine/compile/regexGroups.ts';

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
