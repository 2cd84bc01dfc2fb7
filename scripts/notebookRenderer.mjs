// The notebook renderer's bundle (client/webview/notebook/renderer.ts): an ES module, as VS Code
// loads renderers, for the browser. Its CSS is bundled on its own (with the @imports: uPlot's,
// the table's, the chart's) and imported as text, which the renderer puts in each output's shadow root.
import * as esbuild from 'esbuild';

/** Resolves `import text from './x.css'` in the script to the bundled, minified CSS of x.css as a string. */
export const cssAsText = {
  name: 'css-as-text',
  setup(build) {
    build.onResolve({ filter: /\.css$/ }, (args) => (args.kind === 'import-statement' ? { path: new URL(args.path, `file://${args.resolveDir}/`).pathname, namespace: 'css-as-text' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'css-as-text' }, async (args) => {
      const result = await esbuild.build({ entryPoints: [args.path], bundle: true, write: false, minify: true, logLevel: 'silent', metafile: true });
      return {
        contents: `export default ${JSON.stringify(result.outputFiles[0].text)};`,
        loader: 'js',
        // Rebuilt in --watch when any of the CSS it imports changes.
        watchFiles: Object.keys(result.metafile.inputs),
      };
    });
  },
};

export const notebookRendererEntry = {
  entryPoints: ['client/webview/notebook/renderer.ts'],
  outfile: 'dist/webview/notebookRenderer.js',
  platform: 'browser',
  format: 'esm',
  target: 'es2022',
  plugins: [cssAsText],
};
