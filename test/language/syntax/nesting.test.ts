import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument, formatDocument, getCompletions, getDiagnostics, getDocumentSymbols, getFoldingRanges, getHover, getSemanticTokens, getSignatureHelp, parseDocument } from '../../../language/index.ts';
import { maxNestingDepth } from '../../../language/syntax/nesting.ts';

const tooDeep = /nested too deeply \(more than 100 levels\)/;

/** The offset of the `n`th (1-based) occurrence of `piece` in `text`. */
function nth(text: string, piece: string, n: number): number {
  let at = -1;
  for (let i = 0; i < n; i++) at = text.indexOf(piece, at + 1);
  return at;
}

/** Every feature the language server offers, at a few offsets: none may throw. */
function runEveryFeature(text: string): void {
  const parsed = parseDocument(text);
  const analyzed = analyzeDocument(parsed);
  getDiagnostics(analyzed);
  formatDocument(parsed);
  getSemanticTokens(analyzed);
  getFoldingRanges(parsed);
  getDocumentSymbols(parsed);
  for (const offset of [12, text.length >> 1, text.length]) {
    const position = parsed.lineIndex.positionAt(offset);
    getHover(analyzed, position);
    getCompletions(analyzed, position);
    getSignatureHelp(analyzed, position);
  }
}

describe('nesting limit', () => {
  it(`accepts exactly ${maxNestingDepth} nested parentheses, calls and signs, and reports one more`, () => {
    const shapes = [
      (n: number) => `print x = ${'('.repeat(n)}1${')'.repeat(n)}`,
      (n: number) => `print x = ${'strlen('.repeat(n)}"a"${')'.repeat(n)}`,
      (n: number) => `print x = ${'-'.repeat(n)}1`,
    ];
    for (const shape of shapes) {
      const text = shape(maxNestingDepth);
      assert.deepEqual(parseDocument(text).errors, [], text.slice(0, 40));
      runEveryFeature(text);
      assert.match(parseDocument(shape(maxNestingDepth + 1)).errors[0]?.message ?? '', tooDeep);
    }
  });

  /** The nesting error (alone, unless `once` is false) starts at `offset`, and every feature runs over the text. */
  function reportsTooDeepAt(text: string, offset: number, { once = true } = {}): void {
    const { errors } = parseDocument(text);
    if (once) assert.equal(errors.length, 1);
    assert.match(errors[0]!.message, tooDeep);
    assert.equal(errors[0]!.start, offset);
    runEveryFeature(text);
  }

  for (const count of [101, 600, 10_000]) {
    it(`reports ${count} nested parentheses at the 101st, without throwing`, () => {
      const text = `print x = ${'('.repeat(count)}1${')'.repeat(count)}`;
      reportsTooDeepAt(text, nth(text, '(', 101));
    });
  }

  it('reports 600 nested not( calls at the 101st parenthesis', () => {
    const text = `print x = ${'not('.repeat(600)}true${')'.repeat(600)}`;
    reportsTooDeepAt(text, nth(text, '(', 101), { once: false });
  });

  it('reports a run of 10,000 signs at the 101st sign', () => {
    const text = `print x = ${'-'.repeat(10_000)}1`;
    reportsTooDeepAt(text, nth(text, '-', 101));
  });

  it('reports brackets, dynamic literals, subqueries and unknown operators nested 10,000 deep', () => {
    for (const text of [
      `print x = dynamic(${'['.repeat(10_000)}${']'.repeat(10_000)})`,
      `print x = ${'a['.repeat(10_000)}0${']'.repeat(10_000)}`,
      `T${' | where x in (T'.repeat(10_000)}${')'.repeat(10_000)}`,
      `T | frobnicate ${'('.repeat(10_000)}1${')'.repeat(10_000)}`,
      `print x = ${'('.repeat(10_000)}`,
    ]) {
      const { errors } = parseDocument(text);
      assert.ok(errors.some((error) => tooDeep.test(error.message)), text.slice(0, 40));
      runEveryFeature(text);
    }
  });

  it('reports a .member chain 10,000 long', () => {
    const text = `print x = a${'.b'.repeat(10_000)}`;
    assert.match(parseDocument(text).errors[0]!.message, tooDeep);
    runEveryFeature(text);
  });

  it('reports once per query, and the next query parses as usual', () => {
    const deep = `print x = ${`(1, ${'('.repeat(200)}1${')'.repeat(200)}), `.repeat(50)}1`;
    const parsed = parseDocument(`${deep}\n\nprint y = 1 + `);
    assert.equal(parsed.errors.filter((error) => tooDeep.test(error.message)).length, 1);
    assert.equal(parsed.root.queries.length, 2);
  });
});
