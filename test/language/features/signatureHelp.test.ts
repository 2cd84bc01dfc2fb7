import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getSignatureHelp } from '../../../language/features/signatureHelp.ts';
import { directiveValues, hasDirective, prepare, readFixtures, type FixtureCase } from './fixtures.ts';

const directives = ['label', 'parameter', 'active', 'signatures', 'none', 'schema'];
const cases = readFixtures(new URL('./signatureHelp/', import.meta.url), directives);

function check(fixture: FixtureCase): void {
  const { analyzed, position } = prepare(fixture);
  const help = getSignatureHelp(analyzed, position);
  if (hasDirective(fixture, 'none')) {
    assert.equal(help, undefined, `expected no signature help, got ${JSON.stringify(help)}`);
    return;
  }
  assert.ok(help, 'expected signature help');
  const signature = help.signatures[help.activeSignature];
  assert.ok(signature, `no signature at activeSignature ${help.activeSignature}`);
  for (const label of directiveValues(fixture, 'label')) assert.equal(signature.label, label);
  for (const value of directiveValues(fixture, 'active')) assert.equal(help.activeParameter, Number(value), 'activeParameter');
  for (const value of directiveValues(fixture, 'signatures')) assert.equal(help.signatures.length, Number(value), 'signature count');
  for (const text of directiveValues(fixture, 'parameter')) {
    const range: [number, number] | undefined = signature.parameters[help.activeParameter]?.label;
    assert.ok(range, `no parameter ${help.activeParameter} in ${signature.label}`);
    assert.equal(signature.label.slice(range[0], range[1]), text);
  }
}

describe('signature help fixtures', () => {
  for (const fixture of cases) {
    it(`${fixture.title} ${fixture.description}`.trim(), () => check(fixture));
  }
});

describe('signature help documentation', () => {
  it('is the written summary, and each parameter has what the doc says of it', () => {
    const text = "['sample-http-logs'] | summarize percentile(req_duration_ms, ";
    const { analyzed, position } = prepare({ title: 'percentile', description: '', directives: [], text, offset: text.length });
    const help = getSignatureHelp(analyzed, position)!;
    const signature = help.signatures[help.activeSignature]!;
    assert.match(signature.documentation!, /percentile/i);
    assert.doesNotMatch(signature.documentation!, /\n/);
    const documented = signature.parameters.map((parameter) => parameter.documentation);
    assert.ok(documented.every((text) => text && text.length > 10), JSON.stringify(documented));
  });
});
