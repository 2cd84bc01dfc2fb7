/**
 * Entry of the extension-host suite: VS Code calls `run()` inside its Node extension host (see
 * scripts/e2e/run-extension-tests.ts) and turns the outcome into the process exit code.
 */
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', reporter: 'spec', color: false, timeout: 60_000 });
  const only = process.env.APL_E2E_GREP;
  if (only) mocha.grep(only);
  // The suites are bundled next to this file as *.e2e.js.
  for (const file of readdirSync(__dirname).filter((name) => name.endsWith('.e2e.js')).sort()) mocha.addFile(path.join(__dirname, file));
  const failures = await new Promise<number>((resolve) => mocha.run(resolve));
  if (failures > 0) throw new Error(`${failures} extension-host test(s) failed`);
}
