/**
 * The notebook renderer's bundle (built as scripts/build.mjs builds it) in headless chromium, given
 * outputs as VS Code gives them: results of the real local service, encoded as the controller saves
 * them (encodeModel), each drawn into its own element of one page, as a notebook's outputs share
 * its webview. Skipped when there is no chromium (set CHROMIUM).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { Connection } from '../../../../client/connection.ts';
import { parseExact } from '../../../../wire/exactJson.ts';
import { toTabularResult } from '../../../../client/queryReply.ts';
import { toResultsModel } from '../../../../client/resultsModel.ts';
import { encodeModel, type WireModel } from '../../../../client/resultsWire.ts';
import { findChromium, launchBrowser, removeDir, scratchDir } from '../../../../scripts/e2e/harness.ts';
import { notebookRendererEntry } from '../../../../scripts/notebookRenderer.mjs';
import { datasetWithEvents, startTestService, type TestService } from '../../../service/harness.ts';

const chromium = findChromium();
const origin = 'https://notebook-renderer.test.invalid';
const mime = 'application/vnd.apl.results+json';

/** The notebook webview's stand-in: theme variables on the body, the outputs side by side, the renderer activated as VS Code does. */
const page = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Notebook outputs</title>
<style>
  body { --vscode-font-family: sans-serif; --vscode-editor-font-family: monospace; --vscode-font-size: 13px; --vscode-foreground: #ccc; color: #ccc; background: #1f1f1f; margin: 0; }
  .outputs { display: flex; gap: 16px; width: 1300px; }
  .outputs > div { flex: 1; min-width: 0; }
</style></head>
<body class="vscode-dark"><div class="outputs"></div>
<script type="module">
  import { activate } from './notebookRenderer.js';
  const renderer = activate({ workspace: { isTrusted: true }, getState() {}, setState() {} });
  window.renderOutputs = (outputs) => {
    const holder = document.querySelector('.outputs');
    outputs.forEach(({ id, data }) => {
      const element = document.createElement('div');
      element.dataset.output = id;
      holder.append(element);
      const text = JSON.stringify(data);
      renderer.renderOutputItem({ id, mime: '${mime}', json: () => JSON.parse(text), text: () => text, data: () => new TextEncoder().encode(text) }, element);
    });
  };
  // What the copy event carried to the clipboard, seen after the table's handler (the event bubbles to window last).
  window.addEventListener('copy', (event) => (window.copied = event.clipboardData.getData('text/plain')));
  window.ready = true;
</script></body></html>`;

const range = { startTime: '2026-11-20T10:00:00Z', endTime: '2026-11-20T12:00:00Z' };
const methods = ['GET', 'POST', 'PUT'];
/** 600 requests over two hours: enough rows for the table to scroll inside its output. */
const events = Array.from({ length: 600 }, (_, index) => ({
  _time: new Date(Date.parse(range.startTime) + index * 12_000).toISOString(),
  method: methods[index % 3],
  status: index % 10 === 0 ? 500 : 200,
}));

describe('the notebook renderer in chromium', { skip: chromium ? false : 'no chromium (set CHROMIUM)', timeout: 180_000 }, () => {
  let service: TestService;
  let browser: BrowserContext;
  let tab: Page;
  let work: string;
  let connection: Connection;
  const output = async (apl: string): Promise<WireModel> => JSON.parse(JSON.stringify(encodeModel(toResultsModel(await connection.queryApl(apl, range), { query: apl, ...range })))) as WireModel;
  const show = async (outputs: { id: string; data: unknown }[]) => {
    await tab.goto(`${origin}/index.html`);
    await tab.waitForFunction(() => (globalThis as unknown as { ready?: boolean }).ready === true);
    await tab.evaluate((list) => (globalThis as unknown as { renderOutputs(outputs: unknown): void }).renderOutputs(list), outputs);
  };
  const inOutput = (id: string, selector: string) => tab.locator(`[data-output="${id}"] ${selector}`);

  before(async () => {
    const built = await esbuild.build({ ...notebookRendererEntry, bundle: true, write: false, sourcemap: false, logLevel: 'silent' });
    const bundle = built.outputFiles[0].text;
    service = await startTestService();
    await datasetWithEvents(service, 'web', events);
    connection = new Connection({ url: service.url + '/', token: service.adminToken, orgId: 'local' });
    work = scratchDir('apl-notebook-renderer-');
    browser = await launchBrowser({ chromium: chromium!, profileDir: join(work, 'chromium'), allowedOrigins: [origin] });
    await browser.route(`${origin}/**`, (route) => {
      const name = new URL(route.request().url()).pathname;
      if (name === '/index.html') return route.fulfill({ body: page, contentType: 'text/html' });
      if (name === '/notebookRenderer.js') return route.fulfill({ body: bundle, contentType: 'text/javascript' });
      return route.fulfill({ status: 404 });
    });
    tab = browser.pages()[0] ?? (await browser.newPage());
  });
  after(async () => {
    await browser?.close();
    await service?.stop();
    if (work) removeDir(work);
  });

  it('draws two outputs side by side, each with its chart and its rows', async () => {
    await show([
      { id: 'by-method', data: await output("['web'] | summarize count() by bin(_time, 10m), method") },
      { id: 'errors', data: await output("['web'] | where status == 500 | summarize errors = count() by bin(_time, 30m)") },
    ]);
    // A time-bucketed result opens on its chart: both charts are drawn, the second did not end the first.
    for (const id of ['by-method', 'errors']) await inOutput(id, '.pane.chart .uplot canvas').waitFor({ timeout: 10_000 });
    assert.deepEqual(await inOutput('by-method', '.u-legend .u-series .u-label').allInnerTexts().then((labels) => labels.slice(1).sort()), ['GET', 'POST', 'PUT']);
    const [left, right] = [await inOutput('by-method', '.apl-output').boundingBox(), await inOutput('errors', '.apl-output').boundingBox()];
    assert.ok(left && right && left.x + left.width <= right.x && Math.abs(left.y - right.y) < 1, 'side by side');

    await inOutput('by-method', '.tab:text("Matches")').click();
    await inOutput('errors', '.tab:text("Matches")').click();
    assert.equal(await inOutput('by-method', '.pane.matches .count').innerText(), '36 rows');
    assert.equal(await inOutput('errors', '.pane.matches .count').innerText(), '4 rows');
    assert.deepEqual(await inOutput('errors', '.pane.matches .grid-header .cell').allInnerTexts().then((names) => names.map((name) => name.trim())), ['_time', 'errors']);
    assert.equal(await inOutput('errors', '.pane.matches .rows .row:not([hidden])').count(), 4);
    // The tabs of one output do not move the other's.
    await inOutput('errors', '.tab:text("Status")').click();
    assert.ok(await inOutput('by-method', '.pane.matches').isVisible());
    assert.match(await inOutput('errors', '.pane.status').innerText(), /Rows examined\s+600/);
  });

  it('keeps many rows inside a table of fixed height that scrolls, and shows big integers exactly (saved output, no connection)', async () => {
    const fixture = JSON.parse(readFileSync(new URL('../../fixtures/publicReplies/tabularBigIntegers.json', import.meta.url), 'utf8')) as { body: string };
    const saved = encodeModel(toResultsModel(toTabularResult(parseExact(fixture.body)), { query: "['my-dataset']", ...range }));
    await show([
      { id: 'rows', data: await output("['web'] | project _time, method, status | take 600") },
      { id: 'saved', data: JSON.parse(JSON.stringify(saved)) },
    ]);
    const scroller = inOutput('rows', '.pane.matches .scroller');
    await scroller.waitFor();
    const pane = (await inOutput('rows', '.pane.matches').boundingBox())!;
    assert.equal(Math.round(pane.height), 400);
    const { scrollHeight, clientHeight } = await scroller.evaluate((element) => ({ scrollHeight: element.scrollHeight, clientHeight: element.clientHeight }));
    assert.ok(scrollHeight > clientHeight * 10, `the table scrolls within its output (${scrollHeight} in ${clientHeight})`);
    const ids = await inOutput('saved', '.rows .row:not([hidden]) .cell:nth-child(2)').allInnerTexts();
    assert.ok(ids.includes('9007199254740993') && ids.includes('-18446744073709551615'), ids.join(', '));
    assert.ok((await inOutput('saved', '.pane.matches').boundingBox())!.height < 400, 'three rows: a short table');
  });

  it('keeps the column menu of an output open while it is used (clicks inside a shadow root)', async () => {
    await show([{ id: 'rows', data: await output("['web'] | project _time, method, status | take 5") }]);
    const headers = inOutput('rows', '.grid-header .cell');
    await headers.first().waitFor();
    assert.equal(await headers.count(), 3);
    await inOutput('rows', 'button:text("Columns")').click();
    await inOutput('rows', '.column-menu-item:has-text("method") input').click();
    assert.ok(await inOutput('rows', '.column-menu').isVisible(), 'the menu stays open');
    assert.deepEqual(await headers.allInnerTexts().then((names) => names.map((name) => name.trim())), ['_time', 'status']);
  });

  it('copies the selected cell of an output with Ctrl+C through the copy event, and its rows as Markdown', async () => {
    await browser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await show([
      { id: 'other', data: await output("['web'] | project method | take 2") },
      { id: 'rows', data: await output("['web'] | where status == 500 | project _time, status | take 3") },
    ]);
    const cell = inOutput('rows', '.pane.matches .rows .row:not([hidden]) .cell:nth-child(2)').first();
    await cell.click();
    await tab.keyboard.press('Control+C');
    await inOutput('rows', '.feedback:text("Copied status")').waitFor({ timeout: 5_000 });
    // The grid has the focus inside the output's shadow root: the copy event itself carries the value.
    assert.equal(await tab.evaluate(() => (globalThis as unknown as { copied?: string }).copied), '500');
    assert.equal(await inOutput('other', '.feedback').innerText(), '', 'the other output copied nothing');

    await inOutput('rows', '.pane.matches select.copy-as').selectOption('markdown');
    await inOutput('rows', '.feedback:text("Copied 3 rows")').waitFor({ timeout: 5_000 });
    const readClipboard = () => tab.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
    const markdown = await readClipboard();
    assert.match(markdown, /^\| _time +\| status \|/);
    assert.equal(markdown.trim().split('\n').length, 5, markdown);
  });

  it('says what is wrong with an output that is not results, and draws the others', async () => {
    await show([
      { id: 'broken', data: { query: 'x', matches: 'none' } },
      { id: 'rows', data: await output("['web'] | take 3") },
    ]);
    assert.match(await inOutput('broken', '.output-error').innerText(), /not APL results/);
    assert.equal(await inOutput('rows', '.pane.matches .count').innerText(), '3 rows');
  });
});
