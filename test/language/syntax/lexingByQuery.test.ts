/**
 * Lexing one query at a time, a long query of junk only as far as the parser reads, gives the
 * same parse as lexing the whole text first: the same queries, errors and tokens.
 */
import assert from 'node:assert/strict';
import { Lexer } from 'chevrotain';
import fc from 'fast-check';
import { describe, it } from 'node:test';
import { parseDocument } from '../../../language/index.ts';
import { parseWithLexing } from '../../../language/syntax/parse.ts';
import { generateShape, shapeNames } from '../inputShapes.ts';

function assertSameParse(text: string, splitOnBlankLines: boolean, label: string): void {
  const whole = parseWithLexing(text, splitOnBlankLines, 'whole');
  const byQuery = parseWithLexing(text, splitOnBlankLines, 'byQuery');
  assert.deepEqual(byQuery.errors, whole.errors, `${label}: errors`);
  assert.deepEqual(byQuery.root, whole.root, `${label}: queries`);
  assert.deepEqual(byQuery.tokens, whole.tokens, `${label}: tokens`);
}

const junk = ['€¤ ', '§§', '#', '\u0007', '\ud800', '😀', 'x', '(', "'", '\n', '\n\n', ' // c €\n', '| where ', 'a.b', '@', '\t'];

/** Junk of `size` characters from a seed: runs of unknown characters among tokens, lines and blank lines. */
function junkText(seed: number, size: number): string {
  let state = seed;
  const parts: string[] = [];
  let length = 0;
  while (length < size) {
    state = (state * 1103515245 + 12345) % 2147483648;
    const part = junk[state % junk.length]!;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

describe('lexing by query', () => {
  it('parses every input shape as lexing the whole text does', () => {
    for (const shape of shapeNames) {
      for (const size of [5_000, 30_000]) {
        const text = generateShape(shape, size, 7);
        assertSameParse(text, true, `${shape} ${size} document`);
        assertSameParse(text, false, `${shape} ${size} query`);
      }
    }
  });

  it('parses junk with blank lines, comments and clean queries between as lexing the whole text does', () => {
    const clean = "['sample-http-logs']\n| where status == '500' // errors\n| summarize count() by bin(_time, 5m)\n";
    for (let seed = 1; seed <= 40; seed++) {
      const text = [junkText(seed, 9_000), clean, junkText(seed + 100, 12_000), `// only a comment €\n\n${clean}`, junkText(seed + 200, 300)].join('\n\n');
      assertSameParse(text, true, `seed ${seed}`);
    }
  });

  it('parses random texts of junk and APL pieces as lexing the whole text does (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom(...junk, '\r\n', '\r', '\n  \n', "['logs'] | take 1\n", 'f(a, "b\\"c")', "@'x''y'", '// ' , '1h', '-', 'project-away', 'datetime(2024-01-01)'),
      fc.string({ maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 4 }),
    );
    const text = fc.array(piece, { minLength: 500, maxLength: 4_000 }).map((pieces) => pieces.join(''));
    fc.assert(
      fc.property(text, fc.boolean(), (sample, splitOnBlankLines) => assertSameParse(sample, splitOnBlankLines, 'sample')),
      { numRuns: 60 },
    );
  });

  it('is what a long text of junk gets: the parser stops early and most of the text is never lexed', () => {
    const text = generateShape('randomUnicode', 100_000);
    const lexedCharacters = countingLexedCharacters();
    try {
      const parsed = parseDocument(text);
      assert.ok(lexedCharacters.total < text.length / 4, `${lexedCharacters.total} of ${text.length} characters lexed`);
      assert.deepEqual(parsed.errors, parseWithLexing(text, true, 'whole').errors);
    } finally {
      lexedCharacters.restore();
    }
  });
});

/** Counts the characters chevrotain's lexer is given from now on, until `restore`. */
function countingLexedCharacters(): { total: number; restore(): void } {
  const original = Lexer.prototype.tokenize;
  const counter = {
    total: 0,
    restore: () => {
      Lexer.prototype.tokenize = original;
    },
  };
  Lexer.prototype.tokenize = function (this: Lexer, text: string, mode?: string) {
    counter.total += text.length;
    return original.call(this, text, mode);
  };
  return counter;
}
