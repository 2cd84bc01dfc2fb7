/**
 * No feature throws on any generated input shape, at any size up to a few kilobytes and any
 * cursor: diagnostics, tokens and folds stay inside the text.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  analyzeDocument,
  formatText,
  getCompletions,
  getDiagnostics,
  getDocumentSymbols,
  getFoldingRanges,
  getHover,
  getInlayHints,
  getSelectionRanges,
  getSemanticTokens,
  getSignatureHelp,
  parseDocument,
  parseQuery,
} from '../../../language/index.ts';
import { readSchema } from '../../../language/analysis/readSchema.ts';
import { generateShape, shapeNames } from '../inputShapes.ts';

const schema = readSchema(JSON.parse(readFileSync(new URL('./schema.json', import.meta.url), 'utf8')));

function exerciseEveryFeature(text: string, cursors: number[]): void {
  for (const parsed of [parseDocument(text), parseQuery(text)]) {
    const analyzed = analyzeDocument(parsed, schema);
    for (const diagnostic of getDiagnostics(analyzed)) {
      assert.ok(0 <= diagnostic.start && diagnostic.start <= diagnostic.end && diagnostic.end <= text.length, `${diagnostic.code} at ${diagnostic.start}-${diagnostic.end}`);
    }
    const lines = parsed.lineIndex.lineCount;
    for (const token of getSemanticTokens(analyzed)) assert.ok(token.line < lines && token.length > 0, `token at ${token.line}:${token.character}`);
    for (const range of getFoldingRanges(parsed)) assert.ok(range.startLine <= range.endLine && range.endLine < lines);
    getDocumentSymbols(parsed);
    getInlayHints(analyzed);
    const offsets = cursors.map((cursor) => Math.round(cursor * text.length));
    getSelectionRanges(parsed, offsets);
    const positions = offsets.map((offset) => parsed.lineIndex.positionAt(offset));
    for (const position of positions) {
      getCompletions(analyzed, position);
      getHover(analyzed, position);
      getSignatureHelp(analyzed, position);
    }
  }
  assert.equal(typeof formatText(text), 'string');
}

const shapedText = fc
  .record({ shape: fc.constantFrom(...shapeNames), size: fc.integer({ min: 0, max: 3_000 }), seed: fc.integer() })
  .map(({ shape, size, seed }) => generateShape(shape, size, seed));
const cursors = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 4 });

describe('every feature on generated input shapes', () => {
  it('never throws and stays inside the text', () => {
    fc.assert(fc.property(shapedText, cursors, exerciseEveryFeature), { numRuns: 150 });
  });

  it('never throws on shapes spliced together at random points', () => {
    const spliced = fc.array(fc.tuple(shapedText, fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 2, maxLength: 4 }).map((parts) =>
      parts.map(([text, cut]) => text.slice(0, Math.round(cut * text.length))).join(''),
    );
    fc.assert(fc.property(spliced, cursors, exerciseEveryFeature), { numRuns: 100 });
  });
});
