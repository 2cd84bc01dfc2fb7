/**
 * The results webview (dist/webview/*) in headless chromium, fed the messages the extension host
 * posts, with a small stand-in for `acquireVsCodeApi` (its setState serialises the state to JSON as
 * VS Code's does):
 *   - scrolling the virtualised Matches table of 100,000 rows: frame times (requestAnimationFrame
 *     intervals) and the work per scroll step (the table's redraw plus style and layout), p95
 *     against the 16.7 ms frame budget and against the same scroll over 1,000 rows in this run;
 *   - drawing a 10,000-point chart (uPlot), against a 100-point chart in this run;
 *   - posting the 100,000-row results until the table is on screen.
 *
 *   npm run bench:webview          (builds first; about a minute)
 *
 * Results as a table on stdout and in .bench/webview.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ensureCodeServer, findChromium, launchBrowser, removeDir, scratchDir } from '../scripts/e2e/harness.ts';
import { repoRoot } from './lib/paths.ts';
import { writeJson } from './lib/report.ts';
import { summarize, type Summary } from './lib/stats.ts';

const frameBudgetMs = 1000 / 60;
const origin = 'http://webview.bench.invalid';
const scrollFrames = 600;

const webviewDir = join(repoRoot, 'dist/webview');
if (!existsSync(join(webviewDir, 'main.js'))) throw new Error('dist/webview/main.js is missing: npm run build first');

/** Runs in the page before the webview script: the API stand-in and the frame instruments. */
const preamble = `
window.benchState = { setStateMs: [] };
window.acquireVsCodeApi = () => ({
  postMessage() {},
  getState() { return undefined; },
  setState(state) {
    const start = performance.now();
    JSON.stringify(state);
    window.benchState.setStateMs.push(performance.now() - start);
  },
});`;

const page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><link rel="stylesheet" href="main.css"><title>APL Results</title>
<style>body { --vscode-font-family: sans-serif; --vscode-editor-font-family: monospace; --vscode-font-size: 13px; color: #ccc; background: #1f1f1f; }</style>
<script>${preamble}</script><script src="bench-page.js"></script></head>
<body><div id="app"></div><script src="main.js"></script></body></html>`;

interface Figures {
  label: string;
  summary: Summary;
  unit: 'ms';
}

async function main(): Promise<void> {
  // The installer puts chromium on a machine that has none.
  const chromium = findChromium() ?? ensureCodeServer().chromium;
  const work = scratchDir('apl-bench-webview-');
  const browser = await launchBrowser({ chromium, profileDir: join(work, 'chromium'), allowedOrigins: [origin] });
  const results: Record<string, Figures> = {};
  /** Chromium's own accounting of a scroll run (Performance.getMetrics), in ms per step. */
  const breakdown: Record<number, { script: number; style: number; layout: number; task: number }> = {};
  try {
    await browser.route(`${origin}/**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === 'index.html') return route.fulfill({ body: page, contentType: 'text/html' });
      if (name === 'bench-page.js') return route.fulfill({ body: readFileSync(join(repoRoot, 'bench/webview-page.js')), contentType: 'text/javascript' });
      const file = join(webviewDir, name);
      if (!/^[\w.-]+$/.test(name) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({ body: readFileSync(file), contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript' });
    });

    for (const rows of [1_000, 100_000]) {
      const tab = await openWebview(browser.pages()[0] ?? (await browser.newPage()));
      const shown = await postResults(tab, rows, 0);
      if (rows === 1_000) {
        const idle = await scrollTable(tab, false);
        results['idle-frame'] = { label: 'no scrolling (baseline): frame time', summary: summarize(idle.frames), unit: 'ms' };
        results['idle-work'] = { label: 'no scrolling (baseline): frame start → layout', summary: summarize(idle.work), unit: 'ms' };
      }
      results[`show-${rows}`] = { label: `post ${rows.toLocaleString('en')} rows → table on screen`, summary: summarize([shown]), unit: 'ms' };
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Performance.enable');
      const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((each) => [each.name, each.value]));
      const before = await metrics();
      const scroll = await scrollTable(tab);
      const after = await metrics();
      const perStep = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / scrollFrames;
      breakdown[rows] = { script: perStep('ScriptDuration'), style: perStep('RecalcStyleDuration'), layout: perStep('LayoutDuration'), task: perStep('TaskDuration') };
      await cdp.detach();
      results[`scroll-frame-${rows}`] = { label: `scroll ${rows.toLocaleString('en')} rows: frame time`, summary: summarize(scroll.frames), unit: 'ms' };
      results[`scroll-work-${rows}`] = { label: `scroll ${rows.toLocaleString('en')} rows: frame start → redraw + layout`, summary: summarize(scroll.work), unit: 'ms' };
    }
    for (const points of [100, 10_000]) {
      const tab = await openWebview(browser.pages()[0]!);
      await postResults(tab, points, points);
      const draws = await drawChart(tab, 15);
      results[`chart-${points}`] = { label: `chart of ${points.toLocaleString('en')} points: draw`, summary: summarize(draws.draw), unit: 'ms' };
      results[`chart-state-${points}`] = { label: `  of which setState (tab switch) with ${points.toLocaleString('en')} rows`, summary: summarize(draws.setState), unit: 'ms' };
    }
  } finally {
    await browser.close();
    removeDir(work);
  }

  const ratio = (a: string, b: string) => results[a].summary.p95 / results[b].summary.p95;
  const verdicts = {
    scrollFrameP95VsBudget: results['scroll-frame-100000'].summary.p95 / frameBudgetMs,
    scrollWorkP95VsBudget: results['scroll-work-100000'].summary.p95 / frameBudgetMs,
    scrollWork100kVs1k: ratio('scroll-work-100000', 'scroll-work-1000'),
    scrollFrameP95VsIdle: ratio('scroll-frame-100000', 'idle-frame'),
    chartDraw10kVsBudget: results['chart-10000'].summary.p50 / frameBudgetMs,
    chartDraw10kVs100: results['chart-10000'].summary.p50 / results['chart-100'].summary.p50,
  };
  printTable(results);
  console.log('\nper scroll step, by chromium\'s accounting (mean ms): script, style, layout, all main-thread tasks');
  for (const [rows, each] of Object.entries(breakdown)) {
    console.log(`  ${Number(rows).toLocaleString('en').padStart(7)} rows: ${each.script.toFixed(2)}, ${each.style.toFixed(2)}, ${each.layout.toFixed(2)}, ${each.task.toFixed(2)}`);
  }
  console.log(`
ratios (below 1 fits a 60 Hz frame):
  scroll 100k rows, p95 frame time / 16.7 ms budget:       ${verdicts.scrollFrameP95VsBudget.toFixed(2)}
  scroll 100k rows, p95 start → layout / 16.7 ms budget:   ${verdicts.scrollWorkP95VsBudget.toFixed(2)}
  scroll 100k rows vs 1k rows, p95 redraw + layout:        ${verdicts.scrollWork100kVs1k.toFixed(2)}×
  scroll 100k rows vs no scrolling, p95 frame time:        ${verdicts.scrollFrameP95VsIdle.toFixed(2)}×
  10k-point chart, median draw / 16.7 ms budget:           ${verdicts.chartDraw10kVsBudget.toFixed(2)}
  10k-point chart vs 100-point chart, median draw:         ${verdicts.chartDraw10kVs100.toFixed(2)}×`);
  writeJson(join(repoRoot, '.bench/webview.json'), { when: new Date().toISOString(), frameBudgetMs, results, breakdown, verdicts });
}

async function openWebview(tab: Page): Promise<Page> {
  await tab.goto(`${origin}/index.html`);
  await tab.locator('.tabs .tab').first().waitFor();
  return tab;
}

interface Timings {
  frames: number[];
  work: number[];
}

// The page side lives in bench/webview-page.js; these call it.
const postResults = (tab: Page, rows: number, points: number): Promise<number> => tab.evaluate(`webviewBench.postResults(${rows}, ${points})`);
const scrollTable = (tab: Page, scroll = true): Promise<Timings> => tab.evaluate(`webviewBench.scrollTable(${scrollFrames}, ${scroll})`);
const drawChart = (tab: Page, times: number): Promise<{ draw: number[]; setState: number[] }> => tab.evaluate(`webviewBench.drawChart(${times})`);

function printTable(results: Record<string, Figures>): void {
  const header = ['measurement', 'p50', 'p95', 'max', 'samples'];
  const format = (value: number) => `${value >= 100 ? value.toFixed(0) : value.toFixed(2)} ms`;
  const lines = Object.values(results).map((row) => [row.label, format(row.summary.p50), format(row.summary.p95), format(row.summary.max), String(row.summary.count)]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  const render = (line: string[]) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  console.log([render(header), widths.map((width) => '-'.repeat(width)).join('  '), ...lines.map(render)].join('\n'));
}

await main();
