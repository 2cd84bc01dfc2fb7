import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  getDefinition,
  getDocumentHighlights,
  getReferences,
  prepareRename,
  renameSymbol,
} from '../../../language/features/navigation.ts';
import type { Range } from '../../../language/types.ts';
import { directiveValues, hasDirective, prepare, readFixtures, textOf, type FixtureCase } from './fixtures.ts';

/**
 * Navigation fixtures (navigation/*.apl): `⟦…⟧` marks each place the symbol under the cursor
 * stands, its definition first; the markers are removed before the text is parsed.
 *
 * `symbol`: the first mark is the definition, the others its uses. `field`: the marks are uses of
 * a column with no definition. `none`: nothing under the cursor. `rename: new` (with `new-text:`
 * when the edit's text differs from the name given): the edits replace exactly the marks.
 * `refused: text`: rename (or, without `rename:`, prepareRename) fails with a message holding text.
 */
const cases = readFixtures(new URL('./navigation/', import.meta.url), ['symbol', 'field', 'none', 'rename', 'new-text', 'refused']);

interface Marked {
  fixture: FixtureCase;
  /** Offsets of the marked spans in the text without markers. */
  marks: { start: number; end: number }[];
}

function unmark(fixture: FixtureCase): Marked {
  const marks: { start: number; end: number }[] = [];
  let text = '';
  let offset = fixture.offset;
  let open = -1;
  for (let i = 0; i < fixture.text.length; i++) {
    const char = fixture.text[i];
    if (char === '⟦' || char === '⟧') {
      if (i < fixture.offset) offset--;
      if (char === '⟦') open = text.length;
      else marks.push({ start: open, end: text.length });
      continue;
    }
    text += char;
  }
  return { fixture: { ...fixture, text, offset }, marks };
}

function spans(fixture: FixtureCase, ranges: Range[]): string[] {
  const { analyzed } = prepare(fixture);
  return ranges.map((range) => `${analyzed.parsed.lineIndex.offsetAt(range.start)}-${analyzed.parsed.lineIndex.offsetAt(range.end)}:${textOf(analyzed, range)}`);
}

function markedSpans(marked: Marked): string[] {
  return marked.marks.map(({ start, end }) => `${start}-${end}:${marked.fixture.text.slice(start, end)}`);
}

describe('navigation fixtures', () => {
  assert.ok(cases.length >= 20, 'the navigation fixtures are read');
  for (const raw of cases) {
    const marked = unmark(raw);
    const { fixture } = marked;
    it(`${fixture.title}: ${fixture.description}`, () => {
      const { analyzed, position } = prepare(fixture);
      const expected = markedSpans(marked);

      if (hasDirective(fixture, 'symbol')) {
        const definition = getDefinition(analyzed, position);
        assert.ok(definition, 'a definition is found');
        assert.deepEqual(spans(fixture, [definition]), expected.slice(0, 1), 'definition');
        assert.deepEqual(spans(fixture, getReferences(analyzed, position, true)), expected, 'references with the declaration');
        assert.deepEqual(spans(fixture, getReferences(analyzed, position, false)), expected.slice(1), 'references without it');
        const highlights = getDocumentHighlights(analyzed, position);
        assert.deepEqual(spans(fixture, highlights.map((highlight) => highlight.range)), expected, 'highlights');
        assert.deepEqual(highlights.map((highlight) => highlight.kind), expected.map((_, i) => (i === 0 ? 'write' : 'read')));
      }
      if (hasDirective(fixture, 'field')) {
        assert.equal(getDefinition(analyzed, position), undefined, 'no definition');
        assert.deepEqual(spans(fixture, getReferences(analyzed, position, true)), expected, 'references');
      }
      if (hasDirective(fixture, 'none')) {
        assert.equal(getDefinition(analyzed, position), undefined);
        assert.deepEqual(getReferences(analyzed, position, true), []);
        assert.deepEqual(getDocumentHighlights(analyzed, position), []);
      }

      const [newName] = directiveValues(fixture, 'rename');
      const [refused] = directiveValues(fixture, 'refused');
      if (refused !== undefined) {
        const result = newName === undefined ? prepareRename(analyzed, position) : renameSymbol(analyzed, position, newName);
        assert.ok('error' in result, 'refused');
        assert.ok(result.error.includes(refused), result.error);
        if (newName === undefined) assert.ok('error' in renameSymbol(analyzed, position, 'other'), 'rename is refused too');
      } else if (newName !== undefined) {
        const prepared = prepareRename(analyzed, position);
        assert.ok(!('error' in prepared), 'error' in prepared ? prepared.error : '');
        const result = renameSymbol(analyzed, position, newName);
        assert.ok('edits' in result, 'error' in result ? result.error : '');
        assert.deepEqual(spans(fixture, result.edits.map((edit) => edit.range)), expected, 'edited ranges');
        const [newText = newName] = directiveValues(fixture, 'new-text');
        assert.deepEqual(new Set(result.edits.map((edit) => edit.newText)), new Set([newText]));
      }
    });
  }
});

describe('navigation at every offset', () => {
  it('never throws and answers only with names of the document', () => {
    const longChain = `let x = 1;\n['sample-http-logs']\n| extend y = x\n| where ${Array.from({ length: 3000 }, () => 'y == x').join(' or ')}`;
    const texts = [...cases.map((fixture) => unmark(fixture).fixture), { ...cases[0], text: longChain, offset: 0 }];
    for (const fixture of texts) {
      const step = fixture.text.length > 1000 ? 997 : 1;
      const { analyzed } = prepare(fixture);
      for (let offset = 0; offset <= fixture.text.length; offset += step) {
        const position = analyzed.parsed.lineIndex.positionAt(offset);
        const ranges = [
          ...getReferences(analyzed, position, true),
          ...getDocumentHighlights(analyzed, position).map((highlight) => highlight.range),
        ];
        for (const range of ranges) assert.match(textOf(analyzed, range), /^(\w+|\[.*\])$/s, `${fixture.title} at ${offset}`);
        prepareRename(analyzed, position);
        renameSymbol(analyzed, position, 'renamed');
        getDefinition(analyzed, position);
      }
    }
  });

  it('finds the uses of a let across a long or-chain', () => {
    const text = `let x = 1;\n['sample-http-logs']\n| where ${Array.from({ length: 3000 }, () => 'x == 1').join(' or ')}`;
    const { analyzed } = prepare({ ...cases[0], text, offset: 4 });
    assert.equal(getReferences(analyzed, { line: 0, character: 4 }, true).length, 3001);
  });
});
