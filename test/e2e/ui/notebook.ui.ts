/**
 * An APL notebook in a real VS Code workbench (code-server + chromium), driven like a user: open a
 * notebook of a markdown cell, a `let` cell and three queries, Run All, and read the outputs in the
 * notebook's webview (the `apl-results` renderer): the table's rows, the chart of a time-bucketed
 * summary, the Status tab, an error in the cell's own lines. Then save, close and reopen: the saved
 * outputs render again without a run (the execution counts stay as they were).
 *
 *   node --import tsx --test test/e2e/ui/notebook.ui.ts      (npm run test:e2e runs it)
 *
 * Writes a screenshot of the notebook with its outputs to dist/e2e/notebook.png.
 */
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { parseNotebook, serializeNotebook } from '../../../client/notebook/format.ts';
import { projectRoot } from '../../../scripts/e2e/harness.ts';
import { eventually } from '../eventually.ts';
import { openSession, type Session } from './session.ts';
import { quickOpen, results, runCommand, setToken, storySteps } from './story.ts';

const fileName = 'status-story.apl-notebook';
const screenshotPath = path.join(projectRoot, 'dist/e2e/notebook.png');
const tableScreenshotPath = path.join(projectRoot, 'dist/e2e/notebook-table.png');
const resultsMime = 'application/vnd.apl.results+json';

const letCell = "let http = ['sample-http-logs'];";
const byStatusCell = 'http\n| summarize count() by bin(_time, 1h), status';
const takeCell = 'http\n| project _time, status, method, uri\n| take 20';
const errorCell = 'http\n| where nosuchcolumn > 1';

describe('An APL notebook in VS Code (code-server + chromium)', { timeout: 420_000 }, () => {
  let session: Session | undefined;
  let page: Page;
  let firstOrders: string[];

  const step = storySteps({ screenshot: 'notebook-failure.png', timeoutMs: 90_000 }, () => page);

  before(async () => {
    session = await openSession();
    page = session.page;
  });
  after(async () => session?.close());

  /** The notebook's webview: every output of the open notebook is in it. */
  const outputs = () => results(page);
  /** The `apl-results` outputs in cell order (each in its own shadow root, which the locators pierce). */
  const aplOutput = (index: number) => outputs().locator('.apl-output').nth(index);

  step('connect, then open a notebook written to the workspace', async () => {
    // The demo's events span the last hours: a six-hour window holds them all.
    const file = serializeNotebook({
      metadata: { timeRange: { start: 'now-6h', end: 'now' } },
      cells: [
        { kind: 'markdown', source: '# Requests by status\n\nThe `let` below is in scope in every cell after it.' },
        { kind: 'apl', source: letCell },
        { kind: 'apl', source: byStatusCell },
        { kind: 'apl', source: takeCell },
        { kind: 'apl', source: errorCell },
      ],
    });
    writeFileSync(path.join(session!.workspace, fileName), file);

    await quickOpen(page, 'http-errors.apl');
    await setToken(page, session!.service.token);
    await page.locator('.statusbar-item', { hasText: /APL: \d+ datasets/ }).waitFor({ timeout: 30_000 });
    await runCommand(page, 'View: Close All Editors');

    await quickOpen(page, fileName);
    await page.locator('.tabs-container .tab.active', { hasText: fileName }).waitFor();
    await page.locator('.notebook-editor .code-cell-row .view-lines', { hasText: 'let http' }).waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.notebook-editor .code-cell-row .execution-count-label', { hasText: /\d/ }).count(), 0, 'nothing has run yet');
  });

  step('Run All runs every APL cell, in order', async () => {
    await runCommand(page, 'Notebook: Run All');
    // The only controller of the type is preferred; should VS Code still ask for one, it is APL.
    const picker = page.locator('.quick-input-widget .monaco-list-row', { hasText: /^APL/ });
    if (await picker.first().waitFor({ timeout: 5_000 }).then(() => true, () => false)) await picker.first().click();
    // Cells below the screen are not in the DOM: the first ones' counts are.
    await eventually('the first cells run', async () => (await executionOrders(page)).slice(0, 2).join(' ') === '[1] [2]', 60_000);
    await outputs().getByText('Defines http for the cells below.').waitFor({ timeout: 30_000 });
    await aplOutput(0).waitFor({ timeout: 30_000 });
  });

  step('the time-bucketed summary opens on its chart: a uPlot canvas with a series per status', async () => {
    const output = aplOutput(0);
    assert.equal(await output.getAttribute('data-tab'), 'chart');
    const canvas = output.locator('.chart canvas');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    assert.ok(box.width > 250 && box.height > 100, `the chart has a size (${box.width}×${box.height})`);
    const labels = await output.locator('.chart .u-legend .u-series .u-label').allInnerTexts();
    assert.ok(labels.filter((label) => /^\d{3}$/.test(label.trim())).length >= 5, `a series per status, got ${labels.join(' ')}`);
  });

  step('its Matches tab lists the buckets as text, and Status has the rows examined and matched', async () => {
    const output = aplOutput(0);
    await output.locator('.tab', { hasText: 'Matches' }).click();
    const pane = output.locator('.pane:not([hidden])');
    assert.deepEqual(await pane.locator('.grid-header .cell').allInnerTexts(), ['_time', 'status', 'count_']);
    const first = await pane.locator('.rows .row:not([hidden])').first().locator('.cell').allInnerTexts();
    assert.match(first[0], /^\d{4}-\d{2}-\d{2}T\d{2}:00:00(\.0+)?Z$/);
    assert.match(first[1], /^\d{3}$/);
    assert.match(first[2], /^\d+$/);

    await output.locator('.tab', { hasText: 'Status' }).click();
    const status = await statusEntries(output);
    assert.ok(number(status['Rows examined']) >= 1_000, `rows examined: ${status['Rows examined']}`);
    assert.ok(number(status['Rows matched']) >= 1_000, `rows matched: ${status['Rows matched']}`);
    await output.locator('.tab', { hasText: 'Chart' }).click();
    await output.locator('.chart canvas').waitFor();
  });

  step('the take 20 cell shows its 20 rows in the table, values as text', async () => {
    await scrollNotebookUntil(page, async () => (await outputs().locator('.apl-output').count()) >= 2 && (await aplOutput(1).isVisible()));
    const output = aplOutput(1);
    assert.equal(await output.getAttribute('data-tab'), 'matches');
    const pane = output.locator('.pane:not([hidden])');
    assert.equal(await pane.locator('.count').innerText(), '20 rows');
    assert.deepEqual(await pane.locator('.grid-header .cell').allInnerTexts(), ['_time', 'status', 'method', 'uri']);
    const first = await pane.locator('.rows .row:not([hidden])').first().locator('.cell').allInnerTexts();
    assert.match(first[0], /^\d{4}-\d{2}-\d{2}T/);
    assert.match(first[1], /^\d{3}$/);
    assert.match(first[2], /^[A-Z]+$/);
    assert.match(first[3], /^\//);
  });

  step('the error cell shows the service\'s message at the cell\'s own line', async () => {
    const message = outputs().getByText(/Line 2, column \d+: .*nosuchcolumn/);
    await scrollNotebookUntil(page, () => message.first().isVisible());
    assert.equal(await message.count(), 1);
  });

  step('a screenshot of the notebook with its outputs', async () => {
    await scrollNotebookToTop(page);
    firstOrders = await executionOrders(page);
    assert.ok(firstOrders.length >= 2, `the counts on screen: ${firstOrders.join(' ')}`);
    assert.deepEqual(firstOrders, ['[1]', '[2]', '[3]', '[4]'].slice(0, firstOrders.length), 'run in order, one count each');
    await page.mouse.move(5, 5);
    mkdirSync(path.dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath });
    console.log(`screenshot: ${path.relative(projectRoot, screenshotPath)}`);
  });

  step('a screenshot of the take 20 table and the error below it', async () => {
    const message = outputs().getByText(/Line 2, column \d+: .*nosuchcolumn/);
    await scrollNotebookUntil(page, async () => ((await message.boundingBox()) ?? { y: Infinity }).y < 800);
    await page.mouse.move(5, 5);
    await page.screenshot({ path: tableScreenshotPath });
    console.log(`screenshot: ${path.relative(projectRoot, tableScreenshotPath)}`);
  });

  step('Ctrl+Enter in a cell runs that cell in the notebook, not in the results panel (and no "Run" CodeLens offers to)', async () => {
    const row = cellRow(page, 'take 20');
    assert.equal(await row.locator('.codelens-decoration').count(), 0, 'no CodeLens in a cell');
    await aplOutput(1).evaluate((node: Dom) => node.setAttribute('data-previous-run', ''));
    await row.locator('.view-lines').click();
    await page.keyboard.press('Control+Enter');
    await row.locator('.execution-count-label', { hasText: '[5]' }).waitFor({ timeout: 30_000 });
    // The run has ended once its output is drawn and the cell's status shows success, not a spinner.
    await outputs().locator('.apl-output:not([data-previous-run]) .pane:not([hidden]) .count', { hasText: '20 rows' }).waitFor({ timeout: 30_000 });
    await row.locator('.codicon-notebook-state-success').waitFor();
    await row.locator('.codicon-modifier-spin').waitFor({ state: 'detached' });
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'APL Results' }).count(), 0, 'no results panel');
    await page.keyboard.press('Escape');
  });

  step('saved, closed and reopened, the outputs render again without a run', async () => {
    // (VS Code in a browser also saves by itself after a delay: the file is read until it has the last run.)
    await page.keyboard.press('Control+S');
    const saved = await eventually('the last run in the file', () => {
      const file = parseNotebook(readFileSync(path.join(session!.workspace, fileName), 'utf8'));
      return file.cells[3]?.execution?.order === 5 ? file : undefined;
    }, 15_000);
    await page.locator('.tabs-container .tab.active.dirty').waitFor({ state: 'detached', timeout: 15_000 });
    assert.deepEqual(saved.cells.map((cell) => cell.outputs?.[0]?.mime ?? null), [null, 'text/plain', resultsMime, resultsMime, 'application/vnd.code.notebook.error']);
    assert.deepEqual(saved.cells.map((cell) => cell.execution?.order ?? null), [null, 1, 2, 5, 4]);

    await runCommand(page, 'View: Close All Editors');
    await page.locator('.notebook-editor').waitFor({ state: 'hidden' });
    await quickOpen(page, fileName);
    await page.locator('.tabs-container .tab.active', { hasText: fileName }).waitFor();
    // The notebook reopens where it was scrolled to, and outputs are drawn as their cells come into
    // view (in that order): each output is found by what it shows, not by its place.
    const table = outputs().locator('.apl-output', { has: page.locator('.count', { hasText: '20 rows' }) });
    await table.waitFor({ timeout: 30_000 });
    await scrollNotebookToTop(page);
    const chart = outputs().locator('.apl-output', { has: page.locator('.chart canvas') });
    await chart.waitFor({ timeout: 30_000 });
    assert.match(await chart.locator('.chart .u-legend').innerText(), /\d{3}/);
    // A run would have given the next numbers ([6]…): the counts are the saved ones.
    assert.deepEqual(await executionOrders(page), firstOrders);
    const take = cellRow(page, 'take 20');
    await scrollNotebookUntil(page, async () => (await take.count()) > 0 && (await table.isVisible()));
    assert.equal((await take.locator('.execution-count-label').innerText()).trim(), '[5]', 'still no run');
  });
});

/** The execution counts the notebook shows (`[1]`…), of the code cells on screen, in order. */
async function executionOrders(page: Page): Promise<string[]> {
  const labels = await page.locator('.notebook-editor .code-cell-row .execution-count-label').allInnerTexts();
  return labels.map((label) => label.trim()).filter((label) => label !== '');
}

/** The notebook's row of the code cell whose text has `text`. */
function cellRow(page: Page, text: string): Locator {
  return page.locator('.notebook-editor .code-cell-row', { has: page.locator('.view-lines', { hasText: text }) });
}

/** A node of the webview's DOM: this file is type-checked without the DOM's types. */
type Dom = any;

/** Term → value of an output's Status pane. */
async function statusEntries(output: Locator): Promise<Record<string, string>> {
  const terms = await output.locator('.status dt').allInnerTexts();
  const values = await output.locator('.status dd').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term.trim(), values[index]?.trim() ?? '']));
}

const number = (text: string | undefined) => Number((text ?? '').replace(/[^\d]/g, ''));

/**
 * Scrolls the notebook down a little at a time until `probe` holds (cells out of view have no
 * outputs drawn). The wheel turns over the cells' left gutter: over an output it would scroll the table.
 */
async function scrollNotebookUntil(page: Page, probe: () => Promise<boolean>): Promise<void> {
  const list = (await page.locator('.notebook-editor .monaco-list').first().boundingBox())!;
  await eventually('the output in view', async () => {
    if (await probe().catch(() => false)) return true;
    await page.mouse.move(list.x + 15, list.y + list.height / 2);
    await page.mouse.wheel(0, 250);
    return false;
  }, 30_000);
}

async function scrollNotebookToTop(page: Page): Promise<void> {
  const list = (await page.locator('.notebook-editor .monaco-list').first().boundingBox())!;
  await page.mouse.move(list.x + 15, list.y + list.height / 2);
  for (let turn = 0; turn < 20; turn++) await page.mouse.wheel(0, -1_000);
  await page.waitForTimeout(300);
}

