/**
 * Extension activation time in a real VS Code extension host (code-server, as npm run test:e2e
 * starts it), against a baseline in the same extension host: an extension whose activate is empty
 * (test/e2e/activation/empty-extension). Each run is a fresh code-server with an empty workspace
 * (no .apl file, so nothing activates the APL extension first), this repository as the development
 * extension and the baseline copied into the extensions folder; the suite in test/e2e/activation
 * times `await extension.activate()` for each (require of the bundle + activate), after letting
 * the host settle for 3 s, the empty one first (see the suite).
 *
 *   npm run bench:activation        (builds first; about 15 s per run)
 *   APL_ACTIVATION_RUNS=5           (runs, default 5)
 *   APL_ACTIVATION_ORDER=apl-first  (measure the APL extension first)
 *
 * Results as a table on stdout and in .bench/activation.json.
 */
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { buildExtensionTests } from '../scripts/e2e/buildTests.ts';
import { ensureCodeServer, launchBrowser, removeDir, runDevelopmentWindow, scratchDir, startCodeServer, stopAll, type CodeServer } from '../scripts/e2e/harness.ts';
import type { ActivationFigures } from '../test/e2e/activation/index.ts';
import { repoRoot } from './lib/paths.ts';
import { writeJson } from './lib/report.ts';
import { summarize } from './lib/stats.ts';

const targetMs = 100;
const runs = Number(process.env.APL_ACTIVATION_RUNS ?? 5);
const runTimeoutMs = 120_000;
const fixture = join(repoRoot, 'test/e2e/activation/empty-extension');

if (!existsSync(join(repoRoot, 'dist/extension.js'))) throw new Error('dist/extension.js is missing: npm run build first');

async function measureOnce(suite: string, run: number): Promise<ActivationFigures> {
  const install = ensureCodeServer();
  const work = scratchDir('apl-bench-activation-');
  const out = join(work, 'figures.json');
  const workspace = join(work, 'workspace');
  mkdirSync(workspace);
  let codeServer: CodeServer | undefined;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  // code-server's extension host takes one development extension: the baseline goes into the
  // extensions folder instead (discovered by a scan; its require and activate are the same).
  const extensionsDir = join(work, 'extensions');
  cpSync(fixture, join(extensionsDir, 'apl-bench.empty-extension-0.0.1'), { recursive: true });
  try {
    codeServer = await startCodeServer({
      install,
      workDir: work,
      extensionsDir,
      env: { APL_ACTIVATION_OUT: out, APL_ACTIVATION_ORDER: process.env.APL_ACTIVATION_ORDER ?? 'empty-first' },
    });
    browser = await launchBrowser({ chromium: install.chromium, profileDir: join(work, 'chromium'), allowedOrigins: [codeServer.url] });
    const code = await runDevelopmentWindow({
      codeServer,
      browser,
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: suite,
      folder: workspace,
      timeoutMs: runTimeoutMs,
      log: (type, line) => {
        if (type === 'error') process.stderr.write(`${line}\n`);
      },
    });
    if (code !== 0 || !existsSync(out)) throw new Error(`run ${run + 1}: the activation suite ended with ${code === 124 ? 'no result in time' : `exit ${code}`}\n${codeServer.process.logTail()}`);
    return JSON.parse(readFileSync(out, 'utf8')) as ActivationFigures;
  } finally {
    await stopAll(browser, codeServer?.process);
    removeDir(work);
  }
}

async function main(): Promise<void> {
  const suite = await buildExtensionTests('activation');
  const measured: ActivationFigures[] = [];
  for (let run = 0; run < runs; run++) {
    const figures = await measureOnce(suite, run);
    if (figures.openDocuments.some((uri) => uri.endsWith('.apl'))) throw new Error(`an .apl document was open before activation: ${figures.openDocuments.join(', ')}`);
    measured.push(figures);
    console.log(`run ${run + 1}/${runs} (${figures.order.join(' then ')}): APL ${figures.ms.apl!.toFixed(1)} ms, empty ${figures.ms.empty!.toFixed(1)} ms`);
  }
  const apl = summarize(measured.map((each) => each.ms.apl!));
  const empty = summarize(measured.map((each) => each.ms.empty!));
  const ratios = summarize(measured.map((each) => each.ms.apl! / each.ms.empty!));
  console.log(`
activation (await getExtension(id).activate() from inactive, fresh extension host per run, ${runs} runs, load ${loadavg()[0].toFixed(2)})
                                   p50        max
  APL extension              ${apl.p50.toFixed(1).padStart(8)} ms ${apl.max.toFixed(1).padStart(7)} ms
  empty extension (baseline) ${empty.p50.toFixed(1).padStart(8)} ms ${empty.max.toFixed(1).padStart(7)} ms
  APL / empty, per run       ${ratios.p50.toFixed(2).padStart(8)} ×  ${ratios.max.toFixed(2).padStart(7)} ×
  APL median / ${targetMs} ms target    ${(apl.p50 / targetMs).toFixed(2)}`);
  writeJson(join(repoRoot, '.bench/activation.json'), { when: new Date().toISOString(), targetMs, runs: measured, apl, empty, ratios });
}

await main();
