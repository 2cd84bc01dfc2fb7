import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import { getCompletions } from '../../../language/features/completion.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { CompletionItem } from '../../../language/types.ts';
import { directiveValues, featureSchema, hasDirective, list, prepare, readFixtures, textOf, type FixtureCase } from './fixtures.ts';

const directives = ['includes', 'excludes', 'first', 'before', 'count', 'empty', 'item', 'schema'];
const cases = readFixtures(new URL('./completion/', import.meta.url), directives);

/** The order an editor shows: by sortText, then by label. */
function sorted(items: CompletionItem[]): CompletionItem[] {
  return [...items].sort((a, b) => compare(a.sortText ?? a.label, b.sortText ?? b.label) || compare(a.label, b.label));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function check(fixture: FixtureCase): void {
  const { analyzed, position } = prepare(fixture);
  const items = sorted(getCompletions(analyzed, position));
  const labels = items.map((item) => item.label);
  const shown = () => JSON.stringify(labels.slice(0, 60));

  if (hasDirective(fixture, 'empty')) assert.deepEqual(labels, [], 'expected no completions');
  for (const value of directiveValues(fixture, 'includes')) {
    for (const label of list(value)) assert.ok(labels.includes(label), `expected ${label} in ${shown()}`);
  }
  for (const value of directiveValues(fixture, 'excludes')) {
    for (const label of list(value)) assert.ok(!labels.includes(label), `did not expect ${label} in ${shown()}`);
  }
  for (const value of directiveValues(fixture, 'first')) {
    const expected = list(value);
    assert.deepEqual(labels.slice(0, expected.length), expected, `expected the list to start with ${expected.join(', ')}`);
  }
  for (const value of directiveValues(fixture, 'before')) {
    const [earlier, later] = list(value);
    const a = labels.indexOf(earlier);
    const b = labels.indexOf(later);
    assert.ok(a >= 0 && b >= 0 && a < b, `expected ${earlier} before ${later} in ${shown()}`);
  }
  for (const value of directiveValues(fixture, 'count')) assert.equal(items.length, Number(value), `count of ${shown()}`);
  for (const value of directiveValues(fixture, 'item')) {
    const match = /^(\S+(?: \S+)*?)\s+(\{.*\})$/.exec(value);
    assert.ok(match, `malformed item directive: ${value}`);
    const [, label, json] = match;
    const item = items.find((candidate) => candidate.label === label);
    assert.ok(item, `expected an item ${label} in ${shown()}`);
    const expected = JSON.parse(json) as Record<string, unknown>;
    for (const [key, want] of Object.entries(expected)) {
      if (key === 'replaces') {
        assert.ok(item.range, `item ${label} has no range`);
        assert.equal(textOf(analyzed, item.range), want, `text replaced by ${label}`);
      } else if (key === 'documentationIncludes') {
        assert.ok(item.documentation?.includes(String(want)), `documentation of ${label}: ${item.documentation}`);
      } else if (want === null) {
        assert.equal(item[key as keyof CompletionItem], undefined, `${label} should have no ${key}`);
      } else {
        assert.deepEqual(item[key as keyof CompletionItem], want, `${key} of ${label}`);
      }
    }
  }
}

describe('completion fixtures', () => {
  for (const fixture of cases) {
    it(`${fixture.title} ${fixture.description}`.trim(), () => check(fixture));
  }
});

describe('completion items', () => {
  it('carry a kind, a detail, documentation where the catalog has it, a sortText and a range', () => {
    const text = "['sample-http-logs']\n| summarize ";
    const parsed = parseDocument(text);
    const items = getCompletions(analyzeDocument(parsed, featureSchema), parsed.lineIndex.positionAt(text.length));
    const avg = items.find((item) => item.label === 'avg');
    assert.ok(avg);
    assert.equal(avg.kind, 'aggregation');
    assert.equal(avg.detail, 'avg(expr: numeric): real');
    assert.match(avg.documentation ?? '', /arithmetic mean/);
    const status = items.find((item) => item.label === 'status');
    assert.equal(status?.kind, 'column');
    assert.equal(status?.detail, 'string');
    for (const item of items) {
      assert.ok(item.sortText, `${item.label} has no sortText`);
      assert.deepEqual(item.range, { start: { line: 1, character: 12 }, end: { line: 1, character: 12 } });
    }
  });

  it('answer positions outside the text without throwing', () => {
    const parsed = parseDocument("['sample-http-logs'] | where");
    const analyzed = analyzeDocument(parsed, featureSchema);
    for (const position of [{ line: 40, character: 0 }, { line: 0, character: 400 }, { line: -1, character: -1 }]) {
      assert.ok(Array.isArray(getCompletions(analyzed, position)));
    }
  });
});
