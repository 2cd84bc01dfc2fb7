/**
 * Bundles a suite the extension host runs (a folder of test/e2e) into dist/e2e/<folder>: its
 * index.ts, the entry the host calls `run()` on, plus one file per *.e2e.ts beside it.
 */
import { readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { projectRoot } from './harness.ts';

/** Gives the path of the bundled entry. */
export async function buildExtensionTests(folder: 'extension' | 'activation'): Promise<string> {
  const source = path.join(projectRoot, 'test/e2e', folder);
  const outdir = path.join(projectRoot, 'dist/e2e', folder);
  const suites = readdirSync(source).filter((name) => name.endsWith('.e2e.ts'));
  rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: ['index.ts', ...suites].map((name) => path.join(source, name)),
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    // The extension host provides `vscode`; mocha is loaded from node_modules (it requires its reporters by name).
    external: ['vscode', 'mocha'],
    logLevel: 'warning',
  });
  return path.join(outdir, 'index.js');
}
