import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const fixturesRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The `.apl` inputs of a fixture folder (expected outputs sit beside them under other names). */
export function fixtureInputs(folder: string): string[] {
  return readdirSync(path.join(fixturesRoot, folder))
    .filter((name) => name.endsWith('.apl') && !name.endsWith('.formatted.apl'))
    .sort();
}

export function readFixture(folder: string, name: string): string {
  return readFileSync(path.join(fixturesRoot, folder, name), 'utf8');
}

/**
 * Compares output with the expected file beside the input. `UPDATE_FIXTURES=1` (or a missing
 * expected file) writes it instead: read the diff before committing it.
 */
export function expectFixture(folder: string, expectedName: string, actual: string): void {
  const expectedPath = path.join(fixturesRoot, folder, expectedName);
  if (process.env.UPDATE_FIXTURES === '1' || !existsSync(expectedPath)) writeFileSync(expectedPath, actual);
  assert.equal(actual, readFileSync(expectedPath, 'utf8'));
}
