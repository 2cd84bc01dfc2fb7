import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import fg from 'fast-glob';
import { formatDocument, formatText } from '../../../language/features/formatting.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { TextEdit } from '../../../language/types.ts';
import { expectFixture, fixtureInputs as inputsOf, fixturesRoot, readFixture } from './expectFixture.ts';

const projectRoot = path.resolve(fixturesRoot, '../../../..');
const fixtureDir = path.join(fixturesRoot, 'formatting');
const fixtureInputs = inputsOf('formatting');

/** Every token with its type and text, comments included: what formatting must never change. */
function tokenSequence(text: string): string[] {
  return parseDocument(text).tokens.map((token) => `${token.type} ${token.text}`);
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const { lineIndex } = parseDocument(text);
  const spans = edits
    .map((edit) => ({ start: lineIndex.offsetAt(edit.range.start), end: lineIndex.offsetAt(edit.range.end), newText: edit.newText }))
    .sort((a, b) => b.start - a.start);
  for (let i = 1; i < spans.length; i++) assert.ok(spans[i].end <= spans[i - 1].start, 'edits overlap');
  return spans.reduce((result, span) => result.slice(0, span.start) + span.newText + result.slice(span.end), text);
}

function assertFormattingIsSafe(text: string, label: string): void {
  const formatted = formatText(text);
  assert.deepEqual(tokenSequence(formatted), tokenSequence(text), `${label}: tokens changed`);
  assert.equal(formatText(formatted), formatted, `${label}: formatting twice changed the text again`);
  assert.equal(applyEdits(text, formatDocument(parseDocument(text))), formatted, `${label}: edits and formatText disagree`);
}

describe('formatting fixtures', () => {
  for (const input of fixtureInputs) {
    it(`formats ${input} as in ${input.replace(/\.apl$/, '.formatted.apl')}`, () => {
      expectFixture('formatting', input.replace(/\.apl$/, '.formatted.apl'), formatText(readFixture('formatting', input)));
    });
  }
});

describe('formatting keeps every token and is idempotent', () => {
  const aplFiles = fg.sync(['**/*.apl'], { cwd: projectRoot, ignore: ['node_modules/**', 'dist/**', '.*/**'] }).sort();

  it('finds the fixtures and the project’s other query files', () => {
    assert.ok(aplFiles.length > fixtureInputs.length, `only found ${aplFiles.join(', ')}`);
  });

  for (const file of aplFiles) {
    it(file, () => assertFormattingIsSafe(readFileSync(path.join(projectRoot, file), 'utf8'), file));
  }

  it('holds for fixture queries re-spaced at random, with comments slipped in', () => {
    const queries = fixtureInputs
      .flatMap((input) => readFileSync(path.join(fixtureDir, input), 'utf8').split(/\n\s*\n/))
      .filter((query) => parseDocument(query).errors.length === 0 && query.trim() !== '');
    const separator = fc.constantFrom(' ', '  ', '\n', '\n    ', '\t', ' // note\n', '\n// own line\n  ');
    const arbitrary = fc.constantFrom(...queries).chain((query) => {
      const tokens = parseDocument(query).tokens.filter((token) => token.type !== 'Comment');
      return fc.tuple(fc.constant(tokens), fc.array(separator, { minLength: tokens.length, maxLength: tokens.length }));
    });
    fc.assert(
      fc.property(arbitrary, ([tokens, separators]) => {
        // A comment needs a line break before the next token; separators that hold one end with it.
        const text = tokens.map((token, i) => token.text + separators[i]).join('');
        assertFormattingIsSafe(text, JSON.stringify(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('formatDocument', () => {
  it('puts each pipe of a one-line query on its own line (the server’s and CLI’s example)', () => {
    const text = "['sample-http-logs'] | where status == '500' | summarize count() by method";
    assert.equal(formatText(text), "['sample-http-logs']\n| where status == '500'\n| summarize count() by method\n");
  });

  // With no tokens the whole text was one gap between tokens, formatted to nothing: the text was deleted.
  it('leaves a text with nothing readable in it as it is: unknown characters, or a text past the length read', () => {
    for (const text of ['§§§ @@\n', `${'a '.repeat(600_000)}\n`]) {
      const parsed = parseDocument(text);
      assert.ok(parsed.errors.length > 0);
      assert.deepEqual(formatDocument(parsed), []);
      assert.equal(formatText(text), text);
    }
    assert.equal(formatText('  \n \n'), '');
  });

  it('returns no edits for a formatted document', () => {
    const text = "['sample-http-logs']\n| where status == '500'\n| summarize count() by method\n";
    assert.deepEqual(formatDocument(parseDocument(text)), []);
  });

  it('changes only whitespace: every edit replaces blanks with blanks', () => {
    const text = readFileSync(path.join(fixtureDir, 'pipelines.apl'), 'utf8');
    const parsed = parseDocument(text);
    const edits = formatDocument(parsed);
    assert.ok(edits.length > 0);
    for (const edit of edits) {
      const replaced = text.slice(parsed.lineIndex.offsetAt(edit.range.start), parsed.lineIndex.offsetAt(edit.range.end));
      assert.match(replaced, /^\s*$/);
      assert.match(edit.newText, /^\s*$/);
    }
  });

  it('leaves a query with a syntax error untouched, edits around it only', () => {
    const text = readFileSync(path.join(fixtureDir, 'syntax-errors.apl'), 'utf8');
    const parsed = parseDocument(text);
    assert.ok(parsed.errors.length > 0);
    const broken = parsed.root.queries.filter((query) => parsed.errors.some((error) => error.start >= query.start && error.start <= query.end));
    assert.equal(broken.length, 1);
    const edits = formatDocument(parsed);
    assert.ok(edits.length > 0, 'the other queries are still formatted');
    for (const edit of edits) {
      const start = parsed.lineIndex.offsetAt(edit.range.start);
      const end = parsed.lineIndex.offsetAt(edit.range.end);
      assert.ok(end < broken[0].start || start > broken[0].end, `edit ${JSON.stringify(edit)} touches the broken query`);
    }
    const brokenText = text.slice(broken[0].start, broken[0].end);
    assert.ok(formatText(text).includes(brokenText));
  });

  it('indents pipes by pipeIndent, and nested pipes 4 further', () => {
    const text = "let x = T | where a == 1 | where bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb == 2;\nx | take 1";
    assert.equal(
      formatText(text, { pipeIndent: 2 }),
      'let x = T\n      | where a == 1\n      | where bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb == 2;\nx\n  | take 1\n',
    );
  });

  it('keeps the document’s line breaks (CRLF)', () => {
    assert.equal(formatText('T | take 1\r\n\r\n\r\nU|count\r\n'), 'T\r\n| take 1\r\n\r\nU\r\n| count\r\n');
  });

  it('empties a blank document and leaves an empty one alone', () => {
    assert.equal(formatText(' \n\n\t'), '');
    assert.deepEqual(formatDocument(parseDocument('')), []);
  });
});
