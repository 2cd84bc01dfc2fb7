import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseExact, stringifyExact } from '../../wire/exactJson.ts';

describe('exact JSON', () => {
  it('keeps integers beyond 2^53 as bigints and writes them back as the digits they were', () => {
    const text = '{"a":[9007199254740993,-9007199254740993,9007199254740991,1e400,12345678901234567890.5],"b":{"c":[18446744073709551615]}}';
    const value = parseExact(text) as { a: unknown[]; b: { c: unknown[] } };
    assert.deepEqual(value.a, [9007199254740993n, -9007199254740993n, 9007199254740991, Infinity, 12345678901234567000]);
    assert.deepEqual(value.b.c, [18446744073709551615n]);
    assert.equal(stringifyExact({ n: 9007199254740993n, list: [1, -18446744073709551615n] }), '{"n":9007199254740993,"list":[1,-18446744073709551615]}');
  });

  it('leaves digits inside strings alone, also with escapes and a string that holds NUL', () => {
    const value = parseExact('{"s":"x\\"9007199254740993","t":"\\u0000bigint","n":9007199254740993,"k":["9007199254740993"]}');
    assert.deepEqual(value, { s: 'x"9007199254740993', t: '\u0000bigint', n: 9007199254740993n, k: ['9007199254740993'] });
  });

  it('reads deep nesting without recursion and rejects what JSON.parse rejects', () => {
    const deep = '['.repeat(5000) + '9007199254740993' + ']'.repeat(5000);
    let value = parseExact(deep);
    for (let depth = 0; depth < 5000; depth++) value = (value as unknown[])[0];
    assert.equal(value, 9007199254740993n);
    assert.throws(() => parseExact('{"n":90071992547409930'), SyntaxError);
    assert.equal(stringifyExact({ plain: 1 }, 2), '{\n  "plain": 1\n}');
  });

  it('reads an integer longer than any query answers (39 digits) as a double, without the cost of a bigint', () => {
    assert.deepEqual(parseExact(`[${'9'.repeat(39)}, ${'9'.repeat(40)}, ${'9'.repeat(1_000_000)}]`), [BigInt('9'.repeat(39)), 1e40, Infinity]);
  });

  it('throws on a value JSON cannot write, a cycle holding a bigint too, instead of looping', () => {
    const cycle: Record<string, unknown> = { n: 9007199254740993n };
    cycle.self = cycle;
    assert.throws(() => stringifyExact(cycle), TypeError);
    assert.throws(() => stringifyExact({ s: Symbol.iterator, f: () => 1, n: 1n, nested: [cycle] }), TypeError);
  });
});
