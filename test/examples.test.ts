import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { analyzeDocument, formatText, getDiagnostics, parseDocument, readSchema } from '../language/index.ts';

const root = join(import.meta.dirname, '..');
const schema = readSchema(JSON.parse(readFileSync(join(root, 'bench/reference/playground-schema.json'), 'utf8')));

describe('examples/', () => {
  for (const file of readdirSync(join(root, 'examples')).filter((name) => name.endsWith('.apl'))) {
    const text = readFileSync(join(root, 'examples', file), 'utf8');

    it(`${file} has no problems against the playground schema`, () => {
      const diagnostics = getDiagnostics(analyzeDocument(parseDocument(text), schema));
      assert.deepEqual(diagnostics.map((d) => `${d.range.start.line + 1}: ${d.message}`), []);
    });

    it(`${file} is formatted`, () => {
      assert.equal(formatText(text), text);
    });
  }
});
