import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyzeDocument } from '../../../language/analysis/analyzer.ts';
import type { Schema } from '../../../language/analysis/schema.ts';
import { getSemanticTokens } from '../../../language/features/semanticTokens.ts';
import { parseDocument } from '../../../language/syntax/parse.ts';
import { semanticTokenTypes, type SemanticToken } from '../../../language/types.ts';
import { expectFixture, fixtureInputs, readFixture } from './expectFixture.ts';

const schema: Schema = {
  datasets: [
    {
      name: 'sample-http-logs',
      fields: [
        { name: '_time', type: 'datetime' },
        { name: 'status', type: 'string' },
        { name: 'method', type: 'string' },
        { name: 'uri', type: 'string' },
        { name: 'req_duration_ms', type: 'float' },
        { name: 'kind', type: 'string' },
        { name: 'count', type: 'long' },
      ],
    },
    {
      name: 'otel-demo-traces',
      fields: [
        { name: 'trace_id', type: 'string' },
        { name: 'kind', type: 'string' },
      ],
    },
  ],
};

function tokensOf(text: string, withSchema: Schema | undefined = schema): SemanticToken[] {
  return getSemanticTokens(analyzeDocument(parseDocument(text), withSchema));
}

/** `line:column text type`, 1-based, one token a line. */
function renderTokens(text: string, tokens: SemanticToken[]): string {
  const lines = text.split(/\r?\n/);
  return tokens
    .map((token) => `${token.line + 1}:${token.character + 1} ${lines[token.line].slice(token.character, token.character + token.length)} ${token.type}\n`)
    .join('');
}

/** The type of the token at the nth occurrence of `word` (counting from 0). */
function typeAt(text: string, word: string, occurrence = 0, withSchema: Schema | undefined = schema): string | undefined {
  let offset = -1;
  for (let i = 0; i <= occurrence; i++) offset = text.indexOf(word, offset + 1);
  assert.ok(offset >= 0, `${word} #${occurrence} not in text`);
  const { line, character } = parseDocument(text).lineIndex.positionAt(offset);
  return tokensOf(text, withSchema).find((token) => token.line === line && token.character === character)?.type;
}

describe('semantic tokens', () => {
  for (const input of fixtureInputs('semanticTokens')) {
    it(`classifies ${input} as in ${input.replace(/\.apl$/, '.tokens.txt')}`, () => {
      const text = readFixture('semanticTokens', input);
      expectFixture('semanticTokens', input.replace(/\.apl$/, '.tokens.txt'), renderTokens(text, tokensOf(text)));
    });
  }

  it('marks the server test’s where as a keyword and its literal as a string', () => {
    const text = "['sample-http-logs']\n| where status == '500'";
    assert.equal(typeAt(text, 'where'), 'keyword');
    assert.equal(typeAt(text, "'500'"), 'string');
    assert.equal(typeAt(text, "'sample-http-logs'"), 'class');
  });

  it('tells a soft keyword from a column or function of the same name', () => {
    const text = "['sample-http-logs'] | where kind == 'x' and count > 1 | summarize count() by kind | count";
    assert.equal(typeAt(text, 'kind', 0), 'property');
    assert.equal(typeAt(text, 'count', 0), 'property');
    assert.equal(typeAt(text, 'count', 1), 'function');
    assert.equal(typeAt(text, 'by'), 'keyword');
    assert.equal(typeAt(text, 'count', 2), 'keyword');
    assert.equal(typeAt("T | join kind=inner (U) on id", 'kind'), 'keyword');
  });

  it('marks lets and their uses as variables, with or without a schema', () => {
    const text = "let threshold = 500;\nlet errors = ['sample-http-logs'] | where status == '500';\nerrors | where req_duration_ms > threshold";
    for (const withSchema of [schema, undefined]) {
      assert.equal(typeAt(text, 'threshold', 0, withSchema), 'variable');
      assert.equal(typeAt(text, 'threshold', 1, withSchema), 'variable');
      assert.equal(typeAt(text, 'errors', 1, withSchema), 'variable');
    }
  });

  it('falls back on the syntax for names the analyzer does not know', () => {
    const text = 'mystery | where something == 1 | project-away other*';
    assert.equal(typeAt(text, 'mystery', 0, undefined), 'class');
    assert.equal(typeAt(text, 'something', 0, undefined), 'property');
    assert.equal(typeAt(text, 'other', 0, undefined), 'property');
  });

  it('classifies literals, word operators, types and comments', () => {
    const text = "T | where a has 'x' or b in (1, 2.5) and c > 1h and d == datetime(2024-01-01) and e == typeof(string) // done";
    assert.equal(typeAt(text, 'has'), 'operator');
    assert.equal(typeAt(text, 'or'), 'operator');
    assert.equal(typeAt(text, 'in'), 'operator');
    assert.equal(typeAt(text, '2.5'), 'number');
    assert.equal(typeAt(text, '1h'), 'number');
    assert.equal(typeAt(text, 'datetime('), 'number');
    assert.equal(typeAt(text, 'string'), 'type');
    assert.equal(typeAt(text, '// done'), 'comment');
  });

  it('returns tokens in document order, on one line each, from the legend', () => {
    const text = readFixture('semanticTokens', 'roles.apl');
    const tokens = tokensOf(text);
    const lines = text.split('\n');
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i];
      assert.ok(semanticTokenTypes.includes(token.type));
      assert.ok(token.length > 0 && token.character + token.length <= lines[token.line].length);
      if (i > 0) {
        const previous = tokens[i - 1];
        assert.ok(previous.line < token.line || previous.character + previous.length <= token.character, `overlap at ${i}`);
      }
    }
  });

  it('survives broken text', () => {
    for (const text of ['T |', "let = ;\nT | where ==", 'T | join (U | where) on', "T | extend x = dynamic({'a': })"]) {
      assert.doesNotThrow(() => tokensOf(text), text);
      assert.doesNotThrow(() => tokensOf(text, undefined), text);
    }
  });
});
