/**
 * Junk (random characters, random tokens) costs the lexer and the parser no more per character
 * than a clean query of the same size, and yields a bounded number of errors per query. Work is
 * counted (regular-expression matches, token look-ups), not timed, so the checks hold on a busy machine.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { maxSyntaxErrorsPerDocument, maxSyntaxErrorsPerQuery, tooManyErrorsMessage, tooManyInDocumentMessage } from '../../../language/syntax/errorLimit.ts';
import { AplGrammar } from '../../../language/syntax/grammar.ts';
import { tokenize } from '../../../language/syntax/lexer.ts';
import { parseDocument, parseQuery } from '../../../language/syntax/parse.ts';
import { generateShape } from '../inputShapes.ts';

const size = 100_000;
const clean = generateShape('extendChain', size);
const junk = { randomUnicode: generateShape('randomUnicode', size), tokenSoup: generateShape('tokenSoup', size) };

/** Regular-expression matches the lexer runs per character of `text`. */
function matchesPerCharacter(text: string): number {
  const exec = RegExp.prototype.exec;
  let matches = 0;
  RegExp.prototype.exec = function (this: RegExp, input: string) {
    matches++;
    return exec.call(this, input);
  };
  try {
    tokenize(text);
  } finally {
    RegExp.prototype.exec = exec;
  }
  return matches / text.length;
}

/** Counts the parser's token look-ups: a deterministic measure of its work. */
class CountingGrammar extends AplGrammar {
  lookups = 0;
  override LA(howMuch: number) {
    this.lookups++;
    return super.LA(howMuch);
  }
}

/** Look-ups per token when the whole text is parsed as one query, with the parse's error limit. */
function lookupsPerToken(grammar: CountingGrammar, text: string): number {
  const tokens = tokenize(text).tokens;
  grammar.text = text;
  grammar.begin(tokens, maxSyntaxErrorsPerQuery);
  grammar.lookups = 0;
  grammar.query();
  return grammar.lookups / tokens.length;
}

describe('junk input', () => {
  it('lexes characters no token starts with as one run each, at the cost of a clean query', () => {
    const cleanCost = matchesPerCharacter(clean);
    for (const [shape, text] of Object.entries(junk)) {
      const cost = matchesPerCharacter(text);
      assert.ok(cost <= 2 * cleanCost, `${shape}: ${cost.toFixed(2)} matches per character, clean text ${cleanCost.toFixed(2)}`);
    }
    // Each run is one lexical error, reported as before.
    const lexical = parseQuery('x #€§ y').errors.filter((error) => error.message.startsWith('Unexpected characters'));
    assert.deepEqual(lexical, [{ start: 2, end: 5, message: "Unexpected characters '#€§'." }]);
    assert.deepEqual(parseQuery('a @b').errors.filter((error) => error.message.startsWith('Unexpected')).map(({ start, end }) => ({ start, end })), [{ start: 2, end: 3 }]);
  });

  it('costs the parser no more per token than a clean query of the same size', () => {
    const grammar = new CountingGrammar();
    const cleanCost = lookupsPerToken(grammar, clean);
    for (const [shape, text] of Object.entries(junk)) {
      const cost = lookupsPerToken(grammar, text);
      assert.ok(cost <= cleanCost, `${shape}: ${cost.toFixed(2)} look-ups per token, clean text ${cleanCost.toFixed(2)}`);
    }
  });

  it('reports at most the limit of error places per query, then says the rest is not reported', () => {
    for (const [shape, text] of Object.entries(junk)) {
      const parsed = parseDocument(text);
      for (const query of parsed.root.queries) {
        const errors = parsed.errors.filter((error) => error.start >= query.start && error.start < query.end);
        assert.ok(errors.length <= maxSyntaxErrorsPerQuery + 1, `${shape}: ${errors.length} errors in one query`);
      }
      const notices = parsed.errors.filter((error) => error.message === tooManyErrorsMessage);
      assert.ok(notices.length > 0, `${shape}: the limit is announced`);
      // Lexical errors between queries count towards the next query's limit, those after the last towards their own.
      const limit = (parsed.root.queries.length + 1) * (maxSyntaxErrorsPerQuery + 1);
      assert.ok(parsed.errors.length <= limit, `${shape}: ${parsed.errors.length} errors`);
    }
  });

  it('past the limit of a document, reports only the first error of each later query, and says so once', () => {
    // Each query has three separate mistakes; the document 100 queries of them.
    const broken = "['logs'] | where (a == | extend = 2 | summarize count( by";
    const text = Array.from({ length: 100 }, () => broken).join('\n\n');
    const parsed = parseDocument(text);
    const perQuery = parsed.root.queries.map((query) => parsed.errors.filter((error) => error.start >= query.start && error.start < query.end && error.message !== tooManyInDocumentMessage).length);
    assert.ok(perQuery[0] > 1, 'the first queries report all their errors');
    assert.ok(perQuery.slice(-50).every((count) => count === 1), `later queries: ${perQuery.slice(-50).join(',')}`);
    assert.equal(parsed.errors.filter((error) => error.message === tooManyInDocumentMessage).length, 1);
    assert.ok(parsed.errors.length <= maxSyntaxErrorsPerDocument + 2 * maxSyntaxErrorsPerQuery + 100, `${parsed.errors.length} errors`);
  });

  it('keeps every error of a query under the limit, with no notice', () => {
    const text = "['logs']\n| where (a == 1\n| extend = 2\n| summarize count( by x\n| take";
    const errors = parseQuery(text).errors;
    assert.ok(errors.length > 1 && errors.length <= maxSyntaxErrorsPerQuery, `${errors.length} errors`);
    assert.ok(errors.every((error) => error.message !== tooManyErrorsMessage));
  });
});
