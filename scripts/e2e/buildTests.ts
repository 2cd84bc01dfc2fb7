/** Bundles the extension-host suite (test/e2e/extension) into dist/e2e/extension: one file per suite plus the mocha entry. */
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { projectRoot } from './harness.ts';

const extensionTestsOut = path.join(projectRoot, 'dist/e2e/extension');

/** Gives the path of the entry the extension host calls `run()` on. */
export async function buildExtensionTests(): Promise<string> {
  const source = path.join(projectRoot, 'test/e2e/extension');
  const suites = readdirSync(source).filter((name) => name.endsWith('.e2e.ts'));
  rmSync(extensionTestsOut, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['index.ts', ...suites].map((name) => path.join(source, name)),
    outdir: extensionTestsOut,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    // The extension host provides `vscode`; mocha is loaded from node_modules (it requires its reporters by name).
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return path.join(extensionTestsOut, 'index.js');
}
