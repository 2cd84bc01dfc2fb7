// Types of notebookRenderer.mjs, for the tests that build the renderer with it.
import type { BuildOptions, Plugin } from 'esbuild';

export declare const cssAsText: Plugin;
export declare const notebookRendererEntry: BuildOptions;
