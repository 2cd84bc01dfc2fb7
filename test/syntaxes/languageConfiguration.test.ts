import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

interface AutoClosingPair {
  open: string;
  close: string;
  notIn?: string[];
}

interface LanguageConfiguration {
  comments: { lineComment: string; blockComment?: [string, string] };
  brackets: [string, string][];
  autoClosingPairs: AutoClosingPair[];
  surroundingPairs: [string, string][];
  wordPattern: string;
}

const configuration = JSON.parse(
  readFileSync(new URL('../../language-configuration.json', import.meta.url), 'utf8'),
) as LanguageConfiguration;

/** The word the editor would pick around `offset`, the way VS Code applies a word pattern. */
function wordAt(text: string, offset: number): string | undefined {
  const pattern = new RegExp(configuration.wordPattern, 'g');
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start <= offset && offset <= start + match[0].length) return match[0];
  }
  return undefined;
}

test('line comments use //, and there is no block comment', () => {
  assert.equal(configuration.comments.lineComment, '//');
  assert.equal(configuration.comments.blockComment, undefined);
});

test('quotes auto-close except inside strings and comments', () => {
  for (const quote of ["'", '"']) {
    const pair = configuration.autoClosingPairs.find((candidate) => candidate.open === quote);
    assert.ok(pair, `no auto-closing pair for ${quote}`);
    assert.equal(pair.close, quote);
    assert.deepEqual([...(pair.notIn ?? [])].sort(), ['comment', 'string']);
  }
});

test('every bracket pair auto-closes and surrounds a selection', () => {
  for (const [open, close] of configuration.brackets) {
    assert.ok(configuration.autoClosingPairs.some((pair) => pair.open === open && pair.close === close));
    assert.ok(configuration.surroundingPairs.some(([o, c]) => o === open && c === close));
  }
  assert.ok(configuration.surroundingPairs.some(([o, c]) => o === "'" && c === "'"));
});

test('hyphenated operators are one word, arithmetic minus is not', () => {
  const text = '| project-away status | mv-expand tags | extend d = a-b';
  assert.equal(wordAt(text, text.indexOf('away')), 'project-away');
  assert.equal(wordAt(text, text.indexOf('expand')), 'mv-expand');
  assert.equal(wordAt(text, text.indexOf('a-b')), 'a');
  assert.equal(wordAt(text, text.indexOf('a-b') + 2), 'b');
});

test('built-in fields, dotted field paths and quoted names select sensibly', () => {
  const text = "| where _time > ago(1h) and geo.city == 'x' and ['service.name'] != ''";
  assert.equal(wordAt(text, text.indexOf('time')), '_time');
  assert.equal(wordAt(text, text.indexOf('city')), 'geo.city');
  assert.equal(wordAt(text, text.indexOf('name')), 'service.name');
  assert.equal(wordAt(text, text.indexOf('ago')), 'ago');
});

test('numbers and timespan literals are single words', () => {
  const text = 'print a = 1.5d, b = 100ms, c = 2.5e3';
  assert.equal(wordAt(text, text.indexOf('1.5d') + 1), '1.5d');
  assert.equal(wordAt(text, text.indexOf('100ms') + 3), '100ms');
  assert.equal(wordAt(text, text.indexOf('2.5e3')), '2.5e3');
});
