import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { AplGrammar } from '../../../language/syntax/grammar.ts';
import { parseDocument, parseQuery } from '../../../language/syntax/parse.ts';
import { createLexer, tokenize } from '../../../language/syntax/lexer.ts';
import { walk } from '../../../language/syntax/visit.ts';

const seeds = [
  "['sample-http-logs'] | where status == '500' | summarize count() by bin(_time, 1h)",
  "let t = 5m; ['otel-demo-traces'] | where duration > t | extend s = ['service.name'] | top 10 by duration desc",
  "['sample-http-logs'] | parse uri with '/api/v' v:int '/' * | project-away status*, ['geo.']*",
  "union withsource=src ['a'], (['b'] | where x in ('1', '2')) | join kind=leftouter (['c']) on $left.id == $right.id",
  "['t'] | make-series count() default = 0 on _time from ago(1d) to now() step 1h by k | mv-expand count_",
  'print d = dynamic({"a": [1, 2, {"b": null}]}), x = datetime(2024-01-01 10:00), y = -1.5e3 * 2',
];

const fragments = [
  '|', ' ', '\n', '\n\n', '(', ')', '[', ']', '{', '}', ',', ';', '.', '..', ':', '=', '==', '!=', '=~', '*', '-', '+', '/',
  "'", '"', '@', '//', 'where', 'summarize', 'by', 'on', 'let', 'kind', 'in', '!in', 'has', 'contains', 'between', 'and',
  'or', 'not', 'x', "['a b']", '1', '1.5', '1h', 'datetime(', 'dynamic(', 'count()', 'project-away', 'mv-expand', 'join',
  'union', 'search', 'parse', 'with', 'typeof(', 'true', 'null', 'ä', '#', '\\', '$left',
];

/** Random text built from APL's own pieces, which reaches far more parser states than random bytes. */
const aplLikeText = fc.array(fc.constantFrom(...fragments), { maxLength: 60 }).map((parts) => parts.join(' '));

/** A seed query with random characters inserted, deleted or replaced. */
const mutatedQuery = fc
  .tuple(
    fc.constantFrom(...seeds),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.constantFrom(...fragments)), { minLength: 1, maxLength: 6 }),
  )
  .map(([seed, edits]) =>
    edits.reduce((text, [position, deleteCount, insert]) => {
      const at = position % (text.length + 1);
      return text.slice(0, at) + insert + text.slice(at + deleteCount);
    }, seed),
  );

function assertWellFormed(text: string): void {
  for (const parsed of [parseDocument(text), parseQuery(text)]) {
    for (const error of parsed.errors) {
      assert.ok(error.start >= 0 && error.start <= error.end && error.end <= text.length, `error span ${error.start}-${error.end}`);
      assert.ok(error.message.length > 0);
    }
    walk(parsed.root, (node) => {
      assert.ok(Number.isFinite(node.start) && Number.isFinite(node.end), `${node.kind} has a position`);
      assert.ok(node.start <= node.end, `${node.kind} ${node.start}-${node.end}`);
    });
  }
}

describe('parser robustness', () => {
  it('never throws and yields positioned nodes and errors on APL-like text', () => {
    fc.assert(fc.property(aplLikeText, assertWellFormed), { numRuns: 400 });
  });

  it('never throws on mutated queries', () => {
    fc.assert(fc.property(mutatedQuery, assertWellFormed), { numRuns: 400 });
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), assertWellFormed), { numRuns: 300 });
  });

  it('the grammar and the tokens pass the validations of chevrotain', () => {
    assert.doesNotThrow(() => new AplGrammar({ validate: true }));
    // ensureOptimizations also fails if any token stops the lexer's first-character optimisation.
    assert.doesNotThrow(() => createLexer({ validate: true }));
  });

  it('every seed query parses without errors', () => {
    for (const seed of seeds) assert.deepEqual(parseQuery(seed).errors, [], seed);
  });
});

/** Counts the parser's token look-ups: a deterministic measure of its work. */
class CountingGrammar extends AplGrammar {
  lookups = 0;
  override LA(howMuch: number) {
    this.lookups++;
    return super.LA(howMuch);
  }
}

describe('parser work is linear in the input', () => {
  const grammar = new CountingGrammar();
  const work = (text: string) => {
    grammar.input = tokenize(text).tokens;
    grammar.lookups = 0;
    grammar.query();
    return grammar.lookups / Math.max(1, grammar.input.length);
  };

  it('look-ups per token stay bounded as broken input grows', () => {
    fc.assert(
      fc.property(fc.oneof(aplLikeText, mutatedQuery), (text) => {
        // One long query made of many copies: super-linear recovery would show as growing work per token.
        const small = work(text.repeat(4));
        const large = work(text.repeat(64));
        assert.ok(large <= small * 1.5 + 20, `work per token grew from ${small.toFixed(1)} to ${large.toFixed(1)}`);
      }),
      { numRuns: 60 },
    );
  });
});
