import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { getHover } from '../../../language/features/hover.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import { directiveValues, featureSchema, hasDirective, prepare, readFixtures, textOf, type FixtureCase } from './fixtures.ts';

const directives = ['contains', 'lacks', 'range', 'none', 'schema'];
const cases = readFixtures(new URL('./hover/', import.meta.url), directives);

function check(fixture: FixtureCase): void {
  const { analyzed, position } = prepare(fixture);
  const hover = getHover(analyzed, position);
  if (hasDirective(fixture, 'none')) {
    assert.equal(hover, undefined, `expected no hover, got ${JSON.stringify(hover)}`);
    return;
  }
  assert.ok(hover, 'expected a hover');
  for (const text of directiveValues(fixture, 'contains')) {
    assert.ok(hover.contents.includes(text), `expected ${JSON.stringify(text)} in\n${hover.contents}`);
  }
  for (const text of directiveValues(fixture, 'lacks')) {
    assert.ok(!hover.contents.includes(text), `did not expect ${JSON.stringify(text)} in\n${hover.contents}`);
  }
  for (const text of directiveValues(fixture, 'range')) assert.equal(textOf(analyzed, hover.range), text);
}

describe('hover fixtures', () => {
  for (const fixture of cases) {
    it(`${fixture.title} ${fixture.description}`.trim(), () => check(fixture));
  }
});

describe('hover', () => {
  it('answers positions outside the text and empty documents without throwing', () => {
    for (const text of ['', "['sample-http-logs'] | where"]) {
      const parsed = parseDocument(text);
      const analyzed = analyzeDocument(parsed, featureSchema);
      for (const position of [{ line: 0, character: 0 }, { line: 30, character: 2 }, { line: 0, character: 500 }]) {
        getHover(analyzed, position);
      }
    }
  });
});
