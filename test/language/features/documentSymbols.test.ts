import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getDocumentSymbols } from '../../../language/features/documentSymbols.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import type { DocumentSymbol, Range } from '../../../language/types.ts';
import { expectFixture, fixtureInputs, readFixture } from './expectFixture.ts';

/** One symbol a line, children indented: `kind name — detail [range] @ selection`, positions 1-based. */
function renderOutline(symbols: DocumentSymbol[], depth = 0): string {
  return symbols
    .map((symbol) => {
      const detail = symbol.detail === undefined ? '' : ` — ${symbol.detail}`;
      const line = `${'  '.repeat(depth)}${symbol.kind} ${symbol.name}${detail} [${render(symbol.range)}] @ ${render(symbol.selectionRange)}\n`;
      return line + renderOutline(symbol.children, depth + 1);
    })
    .join('');
}

function render(range: Range): string {
  return `${range.start.line + 1}:${range.start.character + 1}-${range.end.line + 1}:${range.end.character + 1}`;
}

function contains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

describe('document symbols', () => {
  for (const input of fixtureInputs('documentSymbols')) {
    it(`outlines ${input} as in ${input.replace(/\.apl$/, '.symbols.txt')}`, () => {
      const symbols = getDocumentSymbols(parseDocument(readFixture('documentSymbols', input)));
      expectFixture('documentSymbols', input.replace(/\.apl$/, '.symbols.txt'), renderOutline(symbols));
    });
  }

  it('names a query after its first line and lists lets and operators by keyword', () => {
    const text = "let threshold = 500;\n['sample-http-logs']\n| where toint(status) >= threshold\n| summarize count() by method";
    const [query] = getDocumentSymbols(parseDocument(text));
    assert.equal(query.name, 'let threshold = 500;');
    assert.equal(query.kind, 'query');
    assert.deepEqual(
      query.children.map((child) => [child.kind, child.name]),
      [
        ['let', 'threshold'],
        ['operator', 'where toint(status) >= threshold'],
        ['operator', 'summarize count() by method'],
      ],
    );
  });

  it('cuts long names at a word with an ellipsis', () => {
    const columns = Array.from({ length: 20 }, (_, i) => `column_${i}`).join(', ');
    const [query] = getDocumentSymbols(parseDocument(`T | project ${columns}`));
    const [project] = query.children;
    assert.ok(project.name.startsWith('project column_0, column_1,'));
    assert.ok(project.name.endsWith('…'));
    assert.ok(project.name.length <= 60, project.name);
  });

  it('keeps every selection inside its range and never names a symbol with nothing, even in broken text', () => {
    const texts = ["T |", "let = ;\nT | where", "T | join (U | where) on", "let x = T | summarize by;\nx |  | take"];
    for (const text of texts) {
      const visit = (symbols: DocumentSymbol[]) => {
        for (const symbol of symbols) {
          assert.ok(symbol.name.trim() !== '', `empty name in ${JSON.stringify(text)}`);
          assert.ok(contains(symbol.range, symbol.selectionRange), `${symbol.name} in ${JSON.stringify(text)}`);
          visit(symbol.children);
        }
      };
      visit(getDocumentSymbols(parseDocument(text)));
    }
  });
});
