/**
 * The fixtures must reach every tabular operator and every function category, so a feature
 * cannot quietly skip one. Each check derives what a case exercises from the features' own view.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregations, operators, scalarFunctions, findFunction } from '../../../language/catalog/catalog.ts';
import { cursorContext } from '../../../language/features/context.ts';
import { getSignatureHelp } from '../../../language/features/signatureHelp.ts';
import type { Node } from '../../../language/syntax/ast.ts';
import { nodePathAt } from '../../../language/syntax/visit.ts';
import { prepare, readFixtures } from './fixtures.ts';

const anyDirective = [
  'includes', 'excludes', 'first', 'before', 'count', 'empty', 'item', 'schema',
  'contains', 'lacks', 'range', 'none', 'label', 'parameter', 'active', 'signatures',
];
const operatorNames = operators().map((entry) => entry.name).sort();

function missing(expected: readonly string[], seen: Set<string>): string[] {
  return expected.filter((name) => !seen.has(name));
}

describe('fixture coverage', () => {
  it('completes inside a stage of every tabular operator', () => {
    const seen = new Set<string>();
    for (const fixture of readFixtures(new URL('./completion/', import.meta.url), anyDirective)) {
      const { analyzed } = prepare(fixture);
      const name = cursorContext(analyzed, fixture.offset).stage.operatorName;
      if (name) seen.add(name);
    }
    assert.deepEqual(missing(operatorNames, seen), []);
  });

  it('hovers the keyword of every tabular operator', () => {
    const seen = new Set<string>();
    for (const fixture of readFixtures(new URL('./hover/', import.meta.url), anyDirective)) {
      const { analyzed } = prepare(fixture);
      for (const node of nodePathAt(analyzed.parsed.root, fixture.offset) as Node[]) {
        if (!('nameSpan' in node)) continue;
        const { start, end } = node.nameSpan;
        if (start <= fixture.offset && fixture.offset <= end) seen.add(node.kind === 'unknown' ? node.name : node.kind);
      }
    }
    assert.deepEqual(missing(operatorNames, seen), []);
  });

  it('shows signatures of a function from every category', () => {
    const categories = [...new Set([...scalarFunctions(), ...aggregations()].map((entry) => entry.category))].sort();
    const seen = new Set<string>();
    for (const fixture of readFixtures(new URL('./signatureHelp/', import.meta.url), anyDirective)) {
      const { analyzed, position } = prepare(fixture);
      const help = getSignatureHelp(analyzed, position);
      const label = help?.signatures[help.activeSignature]?.label;
      const entry = label ? findFunction(label.slice(0, label.indexOf('('))) : undefined;
      if (entry) seen.add(entry.category);
    }
    assert.deepEqual(missing(categories, seen), []);
  });
});
