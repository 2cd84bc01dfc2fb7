import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseDocument } from '../../../language/syntax/parse.ts';
import { printAst } from './printAst.ts';

/**
 * Fixture tests: each `fixtures/<group>/<name>.apl` holds queries separated by blank lines; beside
 * it, `<name>.ast` holds the expected tree (printAst) and `<name>.errors` the expected syntax
 * errors as `line:column: message` (1-based). `UPDATE_FIXTURES=1` rewrites the expectations.
 */
const fixturesDir = join(import.meta.dirname, 'fixtures');
const update = process.env.UPDATE_FIXTURES === '1';

function expectFile(path: string, actual: string): void {
  if (update || !existsSync(path)) {
    writeFileSync(path, actual);
    if (!update) assert.fail(`wrote missing expectation ${path}; review it and run again`);
    return;
  }
  assert.equal(actual, readFileSync(path, 'utf8'));
}

for (const group of readdirSync(fixturesDir).sort()) {
  describe(`parser fixtures: ${group}`, () => {
    for (const file of readdirSync(join(fixturesDir, group)).filter((name) => name.endsWith('.apl')).sort()) {
      it(file, () => {
        const path = join(fixturesDir, group, file);
        const text = readFileSync(path, 'utf8');
        const parsed = parseDocument(text);
        const errors = parsed.errors.map((error) => {
          const { line, character } = parsed.lineIndex.positionAt(error.start);
          return `${line + 1}:${character + 1}: ${error.message}\n`;
        });
        if (group === 'errors') {
          assert.ok(errors.length > 0, 'an error fixture must produce errors');
          expectFile(path.replace(/\.apl$/, '.errors'), errors.join(''));
        } else {
          assert.deepEqual(errors, [], 'a valid fixture must parse without errors');
        }
        expectFile(path.replace(/\.apl$/, '.ast'), `${printAst(parsed.root)}\n`);
      });
    }
  });
}
