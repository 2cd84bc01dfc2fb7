/**
 * The results webview (dist/webview/*) in headless chromium, fed the messages the extension host
 * posts, with a small stand-in for `acquireVsCodeApi` (its setState serialises the state to JSON as
 * VS Code's does):
 *   - scrolling the virtualised Matches table of 100,000 rows: frame times (requestAnimationFrame
 *     intervals) and the work per scroll step (the table's redraw plus style and layout), p95
 *     against the 16.7 ms frame budget and against the same scroll over 1,000 rows in this run;
 *   - drawing a 10,000-point chart (uPlot), against a 100-point chart in this run;
 *   - posting the 100,000-row results until the table's first rows are on screen and until every
 *     row is decoded;
 *   - the same for a real answer: the local service (`apl serve --demo`, 100,000 events) answers
 *     `take 100000` over HTTP; its HTTP time beside the host's work (model, wire encoding) and the
 *     webview's, and the whole against the 2.5× budget.
 *
 *   npm run bench:webview          (builds first; about a minute)
 *   node --import tsx bench/webview.bench.ts --scroll-only [--trace]
 *                                  (after a build: the table scrolls alone; --trace also sums a
 *                                   chromium trace of the 100k scroll by phase and thread)
 *
 * Results as a table on stdout and in .bench/webview.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import type { Page } from 'playwright-core';
import { Connection } from '../client/connection.ts';
import { toResultsModel } from '../client/resultsModel.ts';
import { encodeModel } from '../client/resultsWire.ts';
import { ensureCodeServer, findChromium, launchBrowser, removeDir, scratchDir, startAplService, stopAll, type AplService } from '../scripts/e2e/harness.ts';
import { printTrace, startTrace, summarizeTrace, type TraceSummary } from './lib/chromeTrace.ts';
import { repoRoot } from './lib/paths.ts';
import { writeJson } from './lib/report.ts';
import { summarize, type Summary } from './lib/stats.ts';

const frameBudgetMs = 1000 / 60;
const origin = 'http://webview.bench.invalid';
const scrollFrames = 600;
const scrollOnly = process.argv.includes('--scroll-only');
const tracing = process.argv.includes('--trace');
/** --rows=100000: scroll only tables of these sizes (the idle baseline goes with the 1,000-row one). */
const scrollSizes = process.argv.find((each) => each.startsWith('--rows='))?.slice('--rows='.length).split(',').map(Number) ?? [1_000, 100_000];

// APL_BENCH_WEBVIEW_DIR: another build of the webview (to compare variants in the same conditions).
const webviewDir = process.env.APL_BENCH_WEBVIEW_DIR ?? join(repoRoot, 'dist/webview');
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
<script>${preamble}</script><script src="bench-page.js"></script><script src="wire.js"></script></head>
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
  // The host's encoding (client/resultsWire.ts) for the page's synthetic results, as `window.aplWire`.
  const wireScript = (await esbuild.build({ entryPoints: [join(repoRoot, 'client/resultsWire.ts')], bundle: true, format: 'iife', globalName: 'aplWire', write: false, platform: 'browser' })).outputFiles[0].text;
  let service: AplService | undefined;
  let endToEnd: EndToEnd | undefined;
  /** The encoded real answer, fetched by the page (an argument of evaluate this large would crawl through CDP). */
  let servedWire = '';
  /** Chromium's own accounting of a scroll run (Performance.getMetrics), in ms per step. */
  const breakdown: Record<number, { script: number; style: number; layout: number; task: number }> = {};
  let trace: TraceSummary | undefined;
  try {
    await browser.route(`${origin}/**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === 'index.html') return route.fulfill({ body: page, contentType: 'text/html' });
      if (name === 'answer.json') return route.fulfill({ body: servedWire, contentType: 'application/json' });
      if (name === 'wire.js') return route.fulfill({ body: wireScript, contentType: 'text/javascript' });
      if (name === 'bench-page.js') return route.fulfill({ body: readFileSync(join(repoRoot, 'bench/webview-page.js')), contentType: 'text/javascript' });
      const file = join(webviewDir, name);
      if (!/^[\w.-]+$/.test(name) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({ body: readFileSync(file), contentType: name.endsWith('.css') ? 'text/css' : 'text/javascript' });
    });

    // APL_BENCH_END_TO_END_ONLY=1: only the real answer (the last section).
    for (const rows of process.env.APL_BENCH_END_TO_END_ONLY ? [] : scrollSizes) {
      const tab = await openWebview(browser.pages()[0] ?? (await browser.newPage()));
      const posted = await postResults(tab, rows, 0);
      if (rows === 1_000) {
        const idle = await scrollTable(tab, false);
        results['idle-frame'] = { label: 'no scrolling (baseline): frame time', summary: summarize(idle.frames), unit: 'ms' };
        results['idle-work'] = { label: 'no scrolling (baseline): frame start → layout', summary: summarize(idle.work), unit: 'ms' };
      }
      results[`encode-${rows}`] = { label: `encode ${rows.toLocaleString('en')} rows for the wire (host)`, summary: summarize([posted.encodeMs]), unit: 'ms' };
      results[`show-${rows}`] = { label: `post ${rows.toLocaleString('en')} rows → first rows on screen`, summary: summarize([posted.firstRowsMs]), unit: 'ms' };
      results[`decoded-${rows}`] = { label: `post ${rows.toLocaleString('en')} rows → all rows decoded`, summary: summarize([posted.allRowsMs]), unit: 'ms' };
      const cdp = await tab.context().newCDPSession(tab);
      await cdp.send('Performance.enable');
      const metrics = async () => Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((each) => [each.name, each.value]));
      const endTrace = tracing && rows === 100_000 ? await startTrace(cdp) : undefined;
      const before = await metrics();
      const scroll = await scrollTable(tab);
      const after = await metrics();
      if (endTrace) {
        const events = await endTrace();
        trace = summarizeTrace(events, scrollFrames);
        if (process.env.APL_BENCH_TRACE_FILE) writeJson(process.env.APL_BENCH_TRACE_FILE, { traceEvents: events });
      }
      const perStep = (name: string) => (((after[name] ?? 0) - (before[name] ?? 0)) * 1000) / scrollFrames;
      breakdown[rows] = { script: perStep('ScriptDuration'), style: perStep('RecalcStyleDuration'), layout: perStep('LayoutDuration'), task: perStep('TaskDuration') };
      await cdp.detach();
      results[`scroll-frame-${rows}`] = { label: `scroll ${rows.toLocaleString('en')} rows: frame time`, summary: summarize(scroll.frames), unit: 'ms' };
      results[`scroll-work-${rows}`] = { label: `scroll ${rows.toLocaleString('en')} rows: frame start → redraw + layout`, summary: summarize(scroll.work), unit: 'ms' };
    }
    if (scrollOnly) return printScroll(results, breakdown, trace);
    for (const points of process.env.APL_BENCH_END_TO_END_ONLY ? [] : [100, 10_000]) {
      const tab = await openWebview(browser.pages()[0]!);
      await postResults(tab, points, points);
      const draws = await drawChart(tab, 15);
      results[`chart-${points}`] = { label: `chart of ${points.toLocaleString('en')} points: draw`, summary: summarize(draws.draw), unit: 'ms' };
      results[`chart-state-${points}`] = { label: `  of which setState (tab switch) with ${points.toLocaleString('en')} rows`, summary: summarize(draws.setState), unit: 'ms' };
    }
    let since = performance.now();
    service = await startAplService(work, serviceEvents);
    console.error(`service with ${serviceEvents.toLocaleString('en')} demo events up in ${((performance.now() - since) / 1000).toFixed(0)} s`);
    since = performance.now();
    endToEnd = await measureEndToEnd(service, browser.pages()[0]!, (json) => (servedWire = json));
    console.error(`end to end measured in ${((performance.now() - since) / 1000).toFixed(0)} s`);
  } finally {
    await browser.close();
    await stopAll(service?.process);
    removeDir(work);
  }

  if (process.env.APL_BENCH_END_TO_END_ONLY) {
    if (endToEnd) printEndToEnd(endToEnd);
    return;
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
  if (endToEnd) printEndToEnd(endToEnd);
  writeJson(join(repoRoot, '.bench/webview.json'), { when: new Date().toISOString(), frameBudgetMs, results, breakdown, verdicts, endToEnd });
}

/** --scroll-only: the scroll figures alone (nothing written to .bench/). */
function printScroll(results: Record<string, Figures>, breakdown: Record<number, { script: number; style: number; layout: number; task: number }>, trace: TraceSummary | undefined): void {
  printTable(results);
  console.log('\nper scroll step, by chromium\'s accounting (mean ms): script, style, layout, all main-thread tasks');
  for (const [rows, each] of Object.entries(breakdown)) {
    console.log(`  ${Number(rows).toLocaleString('en').padStart(7)} rows: ${each.script.toFixed(2)}, ${each.style.toFixed(2)}, ${each.layout.toFixed(2)}, ${each.task.toFixed(2)}`);
  }
  if (results['scroll-frame-100000']) console.log(`\nscroll 100k rows, p95 frame time / 16.7 ms budget: ${(results['scroll-frame-100000'].summary.p95 / frameBudgetMs).toFixed(2)}`);
  if (trace) printTrace('100k rows', trace);
}

const watchedPages = new WeakSet<Page>();

async function openWebview(tab: Page): Promise<Page> {
  // An error in the page would leave the bench waiting for a table that never comes: say it.
  if (!watchedPages.has(tab)) {
    watchedPages.add(tab);
    tab.on('pageerror', (error) => console.error(`webview error: ${error.message}`));
    tab.on('console', (message) => console.error(`webview: ${message.text()}`));
  }
  await tab.goto(`${origin}/index.html`);
  await tab.locator('.tabs .tab').first().waitFor();
  return tab;
}

interface Timings {
  frames: number[];
  work: number[];
}

const serviceEvents = 100_000;
const serviceRuns = 5;

interface EndToEnd {
  rows: number;
  /** Request → answer parsed, by the extension's own client (median of the runs). */
  httpMs: number;
  /** toResultsModel + encodeModel + the JSON VS Code makes of the message (median). */
  hostMs: number;
  firstRowsMs: number;
  allRowsMs: number;
}

/**
 * A real 100,000-row answer: the service's HTTP time as the extension's client sees it, then the
 * host's work on it and the webview's (the median of `serviceRuns` of each).
 */
async function measureEndToEnd(service: AplService, tab: Page, serve: (wireJson: string) => void): Promise<EndToEnd> {
  // The admin token is a personal one: it names the local service's organisation.
  const connection = new Connection({ url: service.url, token: service.token, orgId: 'local' });
  const query = `['sample-http-logs'] | take ${serviceEvents}`;
  const range = { startTime: new Date(Date.now() - 8 * 86_400_000).toISOString(), endTime: new Date().toISOString() };
  const http: number[] = [];
  const host: number[] = [];
  const first: number[] = [];
  const all: number[] = [];
  let rows = 0;
  for (let run = 0; run <= serviceRuns; run++) {
    const start = performance.now();
    const result = await connection.queryApl(query, range);
    const answered = performance.now();
    const wire = encodeModel(toResultsModel(result, { query, ...range }));
    const text = JSON.stringify({ type: 'results', model: wire });
    const encoded = performance.now();
    rows = wire.matches.rowCount;
    serve(JSON.stringify(wire));
    await openWebview(tab);
    const shown = await postWire(tab, 'answer.json');
    // The first run warms the service's caches and the page's code.
    if (run === 0) continue;
    http.push(answered - start);
    host.push(encoded - answered);
    first.push(shown.firstRowsMs);
    all.push(shown.allRowsMs);
    void text;
  }
  const mid = (samples: number[]) => summarize(samples).p50;
  return { rows, httpMs: mid(http), hostMs: mid(host), firstRowsMs: mid(first), allRowsMs: mid(all) };
}

function printEndToEnd(figures: EndToEnd): void {
  const { rows, httpMs, hostMs, firstRowsMs, allRowsMs } = figures;
  const all = httpMs + hostMs + allRowsMs;
  console.log(`
a real answer of ${rows.toLocaleString('en')} rows (apl serve --demo, take ${serviceEvents.toLocaleString('en')}; medians of ${serviceRuns} runs):
  service HTTP time (request → parsed answer):             ${httpMs.toFixed(0)} ms
  host: results model + wire encoding + message JSON:      ${hostMs.toFixed(0)} ms
  webview: first rows on screen / all rows decoded:        ${firstRowsMs.toFixed(0)} ms / ${allRowsMs.toFixed(0)} ms
  query → first rows on screen, / HTTP time:               ${((httpMs + hostMs + firstRowsMs) / httpMs).toFixed(2)}×
  query → all rows in the table, / HTTP time (budget 2.5×): ${(all / httpMs).toFixed(2)}×`);
}

// The page side lives in bench/webview-page.js; these call it.
const postResults = (tab: Page, rows: number, points: number): Promise<{ encodeMs: number; firstRowsMs: number; allRowsMs: number }> =>
  tab.evaluate(`webviewBench.postResults(${rows}, ${points})`);
const postWire = (tab: Page, url: string): Promise<{ firstRowsMs: number; allRowsMs: number }> => tab.evaluate(`webviewBench.postWireFrom(${JSON.stringify(url)})`);
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
