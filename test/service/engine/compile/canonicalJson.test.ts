/** dynamic_to_json's canonical text, checked against a recursive reference on random JSON and on edge cases. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { canonicalJson } from '../../../../service/engine/compile/canonicalJson.ts';

/** The plain recursive definition: sorted keys at every depth, compact. */
function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${keys.map((key) => `${JSON.stringify(key)}:${reference((value as Record<string, unknown>)[key])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

test('agrees with the recursive definition on random JSON, whatever the spacing', () => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.boolean(), (value, spaced) => {
      const text = JSON.stringify(value, null, spaced ? 2 : undefined);
      assert.equal(canonicalJson(text), reference(JSON.parse(text)));
    }),
  );
});

test('sorts nested bags and keeps number digits and string escapes as written', () => {
  assert.equal(canonicalJson('{"b":{"d":1,"c":[{"z":1,"y":2}]},"a":12345678901234567890}'), '{"a":12345678901234567890,"b":{"c":[{"y":2,"z":1}],"d":1}}');
  assert.equal(canonicalJson('{"k":"a\\"b\\u00e9","A":1.50}'), '{"A":1.50,"k":"a\\"b\\u00e9"}');
  assert.equal(canonicalJson('[]'), '[]');
  assert.equal(canonicalJson('{}'), '{}');
  assert.equal(canonicalJson('"text"'), '"text"');
});

test('any nesting depth, in linear work', () => {
  const depth = 100_000;
  const text = `${'[{"b":1,"a":'.repeat(depth)}0${'}]'.repeat(depth)}`;
  const expected = `${'[{"a":'.repeat(depth)}0${',"b":1}]'.repeat(depth)}`;
  assert.equal(canonicalJson(text), expected);
});

test('text that is not JSON has no canonical form', () => {
  for (const text of ['', '{', '[1', '{"a"}', '{1:2}', '[1]]', '1 2', 'nope']) assert.equal(canonicalJson(text), undefined, text);
});
