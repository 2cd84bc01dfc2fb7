/**
 * Every feature at every offset of every fixture text: nothing throws, and each completion's
 * range is a single line holding the cursor, as LSP requires of a text edit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getCompletions } from '../../../language/features/completion.ts';
import { getHover } from '../../../language/features/hover.ts';
import { getSignatureHelp } from '../../../language/features/signatureHelp.ts';
import { prepare, readFixtures } from './fixtures.ts';

const anyDirective = [
  'includes', 'excludes', 'first', 'before', 'count', 'empty', 'item', 'schema',
  'contains', 'lacks', 'range', 'none', 'label', 'parameter', 'active', 'signatures',
];
const folders = ['completion', 'hover', 'signatureHelp'];

describe('features at every offset', () => {
  for (const folder of folders) {
    it(`of the ${folder} fixtures`, () => {
      for (const fixture of readFixtures(new URL(`./${folder}/`, import.meta.url), anyDirective)) {
        const { analyzed } = prepare(fixture);
        const { lineIndex, text } = analyzed.parsed;
        for (let offset = 0; offset <= text.length; offset++) {
          const position = lineIndex.positionAt(offset);
          const where = `${fixture.title} at ${offset}`;
          for (const item of getCompletions(analyzed, position)) {
            assert.ok(item.range, `${where}: ${item.label} has no range`);
            const { start, end } = item.range;
            assert.ok(start.line === position.line && end.line === position.line, `${where}: ${item.label} spans lines`);
            assert.ok(start.character <= position.character && position.character <= end.character, `${where}: ${item.label} misses the cursor`);
          }
          const hover = getHover(analyzed, position);
          if (hover) assert.ok(hover.contents.length > 0, `${where}: empty hover`);
          const help = getSignatureHelp(analyzed, position);
          if (help) {
            assert.ok(help.activeSignature >= 0 && help.activeSignature < help.signatures.length, `${where}: activeSignature`);
            assert.ok(help.activeParameter >= 0, `${where}: activeParameter`);
          }
        }
      }
    });
  }
});
