/**
 * Entry the extension host calls `run()` on for `npm run bench:activation` (bench/activation.bench.ts):
 * activates the empty baseline extension and the APL extension, each from a not-yet-activated
 * state, timing `await extension.activate()` (the bundle's require plus its `activate`), and
 * writes the figures as JSON to $APL_ACTIVATION_OUT. Not part of npm test.
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';

const extensionIds = { apl: 'apl-tools.apl-tools', empty: 'apl-bench.empty-extension' } as const;

export interface ActivationFigures {
  /** Milliseconds of `activate()` per extension, in the order measured. */
  ms: Partial<Record<keyof typeof extensionIds, number>>;
  order: (keyof typeof extensionIds)[];
  /** Open documents when the suite started: an .apl one would have activated the extension already. */
  openDocuments: string[];
}

export async function run(): Promise<void> {
  const out = process.env.APL_ACTIVATION_OUT;
  if (!out) throw new Error('APL_ACTIVATION_OUT is not set: run npm run bench:activation');
  // The baseline goes first: the APL extension leaves work running after activate() (its language
  // client starting), which would slow an activation measured after it. APL_ACTIVATION_ORDER=apl-first swaps them.
  const order: (keyof typeof extensionIds)[] = process.env.APL_ACTIVATION_ORDER === 'apl-first' ? ['apl', 'empty'] : ['empty', 'apl'];
  // The host is still starting the workbench's own extensions when run() is called: let that pass.
  await new Promise((resolve) => setTimeout(resolve, Number(process.env.APL_ACTIVATION_SETTLE_MS ?? 3000)));
  const figures: ActivationFigures = { ms: {}, order, openDocuments: vscode.workspace.textDocuments.map((document) => document.uri.toString()) };
  for (const name of order) {
    const extension = vscode.extensions.getExtension(extensionIds[name]);
    if (!extension) throw new Error(`${extensionIds[name]} is not loaded in this extension host`);
    if (extension.isActive) throw new Error(`${extensionIds[name]} was active before the measurement`);
    const start = performance.now();
    await extension.activate();
    figures.ms[name] = performance.now() - start;
    if (!extension.isActive) throw new Error(`${extensionIds[name]} did not become active`);
  }
  writeFileSync(out, JSON.stringify(figures));
}
