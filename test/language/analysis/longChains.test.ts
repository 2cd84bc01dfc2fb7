import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument, getDiagnostics, parseDocument, type Expression } from '../../../language/index.ts';
import { sampleSchema } from './testSchema.ts';

const terms = 30_000; // the longest chain that fits the 1 MiB read (syntax/parse.ts maxTextLength)

function whereOf(analyzedText: string): { analyzed: ReturnType<typeof analyzeDocument>; predicate: Expression } {
  const parsed = parseDocument(analyzedText);
  assert.deepEqual(parsed.errors, []);
  const analyzed = analyzeDocument(parsed, sampleSchema);
  const statement = parsed.root.queries[0]!.statements[0]!;
  assert.ok(statement.kind === 'ExpressionStatement' && statement.expression.kind === 'Pipeline');
  const where = statement.expression.operators[0]!;
  assert.ok(where.kind === 'where');
  return { analyzed, predicate: where.predicate };
}

/** Chains as long as the query are analyzed in a loop: no stack overflow, every link typed and checked. */
describe('long operator chains', () => {
  it(`analyzes ${terms.toLocaleString('en')} or-terms, down to the last name`, () => {
    const chain = Array.from({ length: terms }, (_, i) => `resp_body_size_bytes == ${i}`).join(' or ');
    const { analyzed, predicate } = whereOf(`['sample-http-logs'] | where ${chain} or nope == 1`);
    assert.equal(analyzed.typeOf(predicate), 'bool');
    const diagnostics = getDiagnostics(analyzed);
    assert.deepEqual(diagnostics.map((diagnostic) => diagnostic.message), ["Unknown column 'nope'."]);
  });

  it(`types a sum of ${terms.toLocaleString('en')} terms link by link`, () => {
    const sum = Array.from({ length: terms }, (_, i) => `${i}`).join(' + ');
    const { analyzed, predicate } = whereOf(`['sample-http-logs'] | where ${sum} > 1.5 * 2`);
    assert.ok(predicate.kind === 'Binary');
    assert.equal(analyzed.typeOf(predicate.left), 'long');
    assert.ok(predicate.left.kind === 'Binary' && predicate.left.left.kind === 'Binary');
    assert.equal(analyzed.typeOf(predicate.left.left), 'long');
    assert.equal(analyzed.typeOf(predicate.right), 'real');
  });
});
