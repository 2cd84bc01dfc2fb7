import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import {
  analyzeDocument,
  formatText,
  getCompletions,
  getDocumentSymbols,
  getFoldingRanges,
  getHover,
  getSemanticTokens,
  getSignatureHelp,
  parseDocument,
  type AnalyzedDocument,
} from '../../../language/index.ts';
import { readSchema } from '../../../language/analysis/readSchema.ts';
import { readFileSync } from 'node:fs';

const schema = readSchema(JSON.parse(readFileSync(new URL('./schema.json', import.meta.url), 'utf8')));
const terms = 40_000; // the longest chain that fits the 1 MiB read (syntax/parse.ts maxTextLength)

/** Every feature over a chain as long as the query: none recurses per link. */
describe(`features over a where clause of ${terms.toLocaleString('en')} or-terms`, () => {
  const text = `['sample-http-logs']\n| where ${Array.from({ length: terms }, (_, i) => `status == '${i}'`).join(' or ')}\n| take 5`;
  let analyzed: AnalyzedDocument;

  before(() => {
    const parsed = parseDocument(text);
    assert.deepEqual(parsed.errors, []);
    analyzed = analyzeDocument(parsed, schema);
  });

  it('formats it', () => {
    const formatted = formatText(text);
    assert.ok(formatted.includes(`status == '${terms - 1}'`));
    assert.equal(formatted.match(/ or /g)?.length, terms - 1);
  });

  it('colours every column reference', () => {
    const line = text.split('\n')[1]!;
    const columns = getSemanticTokens(analyzed).filter((token) => token.line === 1 && line.slice(token.character, token.character + token.length) === 'status');
    assert.equal(columns.length, terms);
    assert.ok(columns.every((token) => token.type === columns[0]!.type));
  });

  it('folds and outlines it', () => {
    assert.ok(Array.isArray(getFoldingRanges(analyzed.parsed)));
    const [query] = getDocumentSymbols(analyzed.parsed);
    assert.equal(query!.children!.length, 2);
  });

  it('hovers the first and the last column of the chain', () => {
    for (const offset of [text.indexOf('status') + 2, text.lastIndexOf('status') + 2]) {
      const hover = getHover(analyzed, analyzed.parsed.lineIndex.positionAt(offset));
      assert.match(hover?.contents ?? '', /status/);
    }
  });

  it('completes and helps with signatures at the end of the chain', () => {
    const end = analyzed.parsed.lineIndex.positionAt(text.lastIndexOf('status'));
    assert.ok(getCompletions(analyzed, end).some((item) => item.label === 'status'));
    assert.equal(getSignatureHelp(analyzed, end), undefined);
  });
});
