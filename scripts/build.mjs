// Bundles the entry points: language server, CLI, extension, the results webview and the notebook renderer. Type-checking is a separate step (`npm run typecheck`).
import { mkdirSync, writeFileSync } from 'node:fs';
import * as esbuild from 'esbuild';
import { notebookRendererEntry } from './notebookRenderer.mjs';

// Minified by default: the language server and the extension load faster (less to compile at
// start-up); `--watch` builds readable bundles for development. Source maps are always written.
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  minify: !watch,
  logLevel: 'warning',
  // Modules that look up files beside them read __filename in these CommonJS bundles and
  // import.meta.url only when run as ES modules (the tests), so its emptiness here is expected.
  logOverride: { 'empty-import-meta': 'silent' },
};

// Libraries the extension needs only after activation get bundles of their own, loaded by the
// extension's dynamic imports on first use, so activation does not parse them.
const deferredLibraries = {
  'vscode-languageclient/node': 'languageclient',
  undici: 'undici',
};
// The language-model tools' work, with the language core it checks queries with: loaded on the first tool call.
// The notebook's use of the language core (the prelude of the cells above a cell): loaded on a cell's first run.
const deferredModules = { '../assistantTools/index.ts': './lib/assistant-tools.js', './cellSyntax.ts': './lib/notebook-cells.js' };

/** Points the given imports at bundles of their own (entries below), made external so that they load on first import. */
function deferImports(targets) {
  return {
    name: 'defer-imports',
    setup(build) {
      const specifiers = Object.keys(targets).map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
      build.onResolve({ filter: new RegExp(`^(${specifiers.join('|')})$`) }, ({ path }) => ({ path: targets[path], external: true }));
    },
  };
}

// `import()` of a deferred bundle must become require(): a CommonJS bundle imported as ESM shows
// only a default export, so `const { request } = await import('undici')` would get undefined.
const requireDeferred = { 'dynamic-import': false };

const entries = [
  // `dist/server.js` is a small launcher that runs the language server's bundle with a code cache.
  // The server answers `initialize` before it imports the language core, which has a bundle of its own.
  { entryPoints: ['server/launcher.ts'], outfile: 'dist/server.js' },
  {
    entryPoints: ['server/main.ts'],
    outfile: 'dist/language-server.js',
    plugins: [deferImports({ '../language/index.ts': './language-core.js' })],
    supported: requireDeferred,
  },
  { entryPoints: ['language/index.ts'], outfile: 'dist/language-core.js' },
  // DuckDB is a native addon: it is loaded from node_modules, not bundled.
  {
    entryPoints: ['cli/main.ts'],
    outfile: 'dist/cli.js',
    banner: { js: '#!/usr/bin/env node' },
    external: ['@duckdb/node-api', '@duckdb/node-bindings'],
  },
  {
    entryPoints: ['client/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    plugins: [
      deferImports({ ...Object.fromEntries(Object.entries(deferredLibraries).map(([library, name]) => [library, `./lib/${name}.js`])), ...deferredModules }),
    ],
    supported: requireDeferred,
  },
  ...Object.entries(deferredLibraries).map(([library, name]) => ({
    stdin: { contents: `module.exports = require(${JSON.stringify(library)});`, resolveDir: '.' },
    outfile: `dist/lib/${name}.js`,
    external: ['vscode'],
  })),
  { entryPoints: ['client/assistantTools/index.ts'], outfile: 'dist/lib/assistant-tools.js', plugins: [deferImports({ undici: './undici.js' })], supported: requireDeferred },
  { entryPoints: ['client/notebook/cellSyntax.ts'], outfile: 'dist/lib/notebook-cells.js' },
  // The results webview runs in the browser: its script and styles (with uPlot) are bundled apart.
  {
    entryPoints: { main: 'client/webview/main.ts' },
    outdir: 'dist/webview',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  },
  { entryPoints: { main: 'client/webview/main.css' }, outdir: 'dist/webview', platform: 'browser', format: undefined },
  // The notebook renderer: the same table and chart code, as an ES module with its CSS inside.
  notebookRendererEntry,
];

// The bundles are CommonJS (VS Code loads extensions with require) while the sources are ESM.
mkdirSync('dist', { recursive: true });
writeFileSync('dist/package.json', JSON.stringify({ type: 'commonjs' }) + '\n');

const contexts = await Promise.all(entries.map((entry) => esbuild.context({ ...common, ...entry })));
if (watch) {
  await Promise.all(contexts.map((context) => context.watch()));
} else {
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
}
