import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import { repoRoot } from './paths.ts';

/**
 * Bundles a module the way `scripts/build.mjs` bundles the server and the CLI (esbuild, CommonJS,
 * node20) and loads the result. Our side is measured from such a bundle rather than through tsx,
 * whose transform wraps every function expression in a naming helper (`__name`) that the
 * shipped code does not pay for. Returns the module's exports and the bundle's path.
 */
export async function loadBundled<Exports>(
  entry: string,
  name: string,
  /** Packages loaded from node_modules instead (native addons such as DuckDB's). */
  external: string[] = [],
): Promise<{ exports: Exports; path: string }> {
  const outfile = await bundle(entry, name, { external });
  const exports = createRequire(join(repoRoot, 'package.json'))(outfile) as Exports;
  return { exports, path: outfile };
}

/** Bundles `entry` into `.bench/<name>.cjs` and gives its path; `minify` as the shipped bundles are. */
export async function bundle(entry: string, name: string, options: { external?: string[]; minify?: boolean } = {}): Promise<string> {
  const outfile = join(repoRoot, '.bench', `${name}.cjs`);
  await esbuild.build({
    entryPoints: [join(repoRoot, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    minify: options.minify ?? false,
    logLevel: 'warning',
    logOverride: { 'empty-import-meta': 'silent' }, // as in scripts/build.mjs
    external: options.external ?? [],
  });
  return outfile;
}
