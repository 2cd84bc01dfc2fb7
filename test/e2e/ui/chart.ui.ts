/**
 * The results chart in a real VS Code workbench (code-server + chromium), driven like a user:
 * series keep their colours across runs and between queries that share them, thirteen status
 * series get thirteen colours, an annotation range is a shaded band with its label inside the
 * plot and a hover card whose link the extension opens, the chart type chosen is kept for the
 * next run, and `summarize count() by status` is a bar chart of its groups.
 *
 *   node --import tsx --test test/e2e/ui/chart.ui.ts      (npm run test:e2e runs it)
 */
import * as assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { eventually } from '../eventually.ts';
import { openSession, type Session } from './session.ts';
import { quickOpen, results, setToken, storySteps } from './story.ts';

const byStatus = "// Requests per status over time\n['sample-http-logs']\n| summarize count() by bin(_time, 5m), status";
const errorsByStatus = "// Non-200 requests per status over time\n['sample-http-logs']\n| where status != '200'\n| summarize count() by bin(_time, 5m), status";
const statusBars = "// Requests per status\n['sample-http-logs']\n| summarize count() by status";
const annotation = { title: 'Deploy v2.3 (chart e2e)', description: 'Rolled out to every region', url: 'https://example.com/releases/2.3' };

describe('The results chart in VS Code (code-server + chromium)', { timeout: 300_000 }, () => {
  let session: Session | undefined;
  let page: Page;
  let firstColours: Map<string, string>;

  const step = storySteps({ screenshot: 'chart-failure.png', timeoutMs: 90_000 }, () => page);

  before(async () => {
    session = await openSession();
    page = session.page;
  });
  after(async () => session?.close());

  step('an annotation range over the last hour is added through the service', async () => {
    const now = Date.now();
    const response = await fetch(new URL('/v2/annotations', session!.service.url), {
      method: 'POST',
      headers: { Authorization: `Bearer ${session!.service.token}`, 'X-Axiom-Org-Id': 'local', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        datasets: ['sample-http-logs'],
        type: 'deploy',
        time: new Date(now - 40 * 60_000).toISOString(),
        endTime: new Date(now - 20 * 60_000).toISOString(),
        ...annotation,
      }),
    });
    assert.equal(response.status, 201, await response.text());
  });

  step('open an APL document and connect', async () => {
    await quickOpen(page, 'http-errors.apl');
    await page.locator('.monaco-editor .view-lines', { hasText: 'sample-http-logs' }).first().waitFor();
    await setToken(page, session!.service.token);
    await page.locator('.statusbar-item', { hasText: /APL: \d+ datasets/ }).waitFor({ timeout: 30_000 });
  });

  step('thirteen status series get thirteen colours', async () => {
    await typeBlock(page, byStatus);
    await runAndWait(page, 'Requests per status over time');
    firstColours = await legendColours(results(page));
    assert.ok(firstColours.size >= 10, `most of the 13 statuses in the last hour, got ${[...firstColours.keys()].join(' ')}`);
    const distinct = new Set(firstColours.values());
    assert.equal(distinct.size, firstColours.size, `one colour per series: ${JSON.stringify([...firstColours])}`);
  });

  step('the same query run again keeps every colour and the legend order', async () => {
    await runAndWait(page, 'Requests per status over time');
    const again = await legendColours(results(page));
    assert.deepEqual([...again], [...firstColours]);
  });

  step('a query without some series keeps the colours of those it shares', async () => {
    await typeBlock(page, errorsByStatus);
    await runAndWait(page, 'Non-200 requests per status over time');
    const errors = await legendColours(results(page));
    assert.ok(!errors.has('200') && errors.size >= 5, `the non-200 statuses, got ${[...errors.keys()].join(' ')}`);
    for (const [status, colour] of errors) assert.equal(colour, firstColours.get(status), `status ${status} keeps its colour`);
  });

  step('the annotation range is a shaded band with its label inside the plot, hover shows its card', async () => {
    const view = results(page);
    const plot = (await view.locator('.chart .u-over').boundingBox())!;
    const band = view.locator('.chart .annotation-band').first();
    const box = (await band.boundingBox())!;
    // 20 minutes of an hour's axis: about a third of the plot, not a line.
    assert.ok(box.width > plot.width * 0.2 && box.width < plot.width * 0.45, `a band ${box.width}px wide in a ${plot.width}px plot`);
    assert.ok(box.x >= plot.x && box.x + box.width <= plot.x + plot.width + 1, 'the band lies in the plot');
    const label = view.locator('.chart .annotation-label', { hasText: annotation.title });
    const labelBox = (await label.boundingBox())!;
    assert.ok(labelBox.x >= plot.x && labelBox.x + labelBox.width <= plot.x + plot.width + 1, 'the label is inside the plot area, not over the y-axis');
    await label.hover();
    const card = view.locator('.annotation-tip');
    await card.waitFor({ state: 'visible' });
    const text = await card.innerText();
    assert.match(text, /Deploy v2\.3 \(chart e2e\)/);
    assert.match(text, /Rolled out to every region/);
    // Hovering the band's middle (below the labels) shows the same card.
    await page.mouse.move(5, 5);
    await card.waitFor({ state: 'hidden' });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.7, { steps: 3 });
    await card.waitFor({ state: 'visible' });
    await view.locator('.annotation-link', { hasText: annotation.url }).click();
    // The extension host opens it: VS Code asks before it opens an outside website.
    const dialog = page.locator('.monaco-dialog-box', { hasText: 'example.com' });
    await dialog.waitFor({ timeout: 15_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  step('the chart type chosen is kept for the next run', async () => {
    const view = results(page);
    await view.locator('.chart-kind').selectOption('bar');
    await view.locator('.chart[data-kind="bar"] canvas').waitFor();
    await page.locator('.monaco-editor .view-line').last().click();
    await page.keyboard.press('Control+End');
    await runAndWait(page, 'Non-200 requests per status over time');
    assert.equal(await view.locator('.chart').getAttribute('data-kind'), 'bar');
    assert.equal(await view.locator('.chart-kind').inputValue(), 'bar');
  });

  step('summarize count() by status is a bar chart of its groups', async () => {
    await typeBlock(page, statusBars);
    await runAndWait(page, 'Requests per status');
    const view = results(page);
    await view.locator('.tab', { hasText: 'Chart' }).click();
    const chart = view.locator('.chart[data-axis="category"][data-kind="bar"]');
    await chart.locator('canvas').waitFor();
    assert.equal(await view.locator('.pane:not([hidden]) .empty').count(), 0, 'no "No time series"');
    assert.match(await chart.locator('.u-legend').innerText(), /count_/);
    // Hovering a bar names its status and count in the legend.
    const plot = (await chart.locator('.u-over').boundingBox())!;
    await page.mouse.move(plot.x + plot.width * 0.04, plot.y + plot.height * 0.9, { steps: 3 });
    const category = await chart.locator('.u-legend .u-series').first().locator('.u-value').innerText();
    assert.match(category, /^\d{3}$/, `a status under the pointer, not "${category}"`);
    const count = await chart.locator('.u-legend .u-series').nth(1).locator('.u-value').innerText();
    assert.match(count, /^\d[\d,]*$/);
  });
});

/** Label → colour of each series in the chart's legend, in legend order. */
async function legendColours(view: FrameLocator): Promise<Map<string, string>> {
  const entries = await view.locator('.chart .u-legend .u-series').evaluateAll((rows) =>
    rows.slice(1).map((row) => [row.querySelector('.u-label')?.textContent ?? '', row.ownerDocument.defaultView!.getComputedStyle(row.querySelector('.u-marker')!).borderColor] as [string, string]),
  );
  return new Map(entries);
}

/** Types a query block at the end of the document; the cursor stays in it. */
async function typeBlock(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-line').first().click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`\n\n${text}`);
  await page.keyboard.press('Escape');
}

/** Ctrl+Enter on the block under the cursor, then waits until the webview draws this run's chart. */
async function runAndWait(page: Page, title: string): Promise<void> {
  const view = results(page);
  const previous = await view.locator('.chart').count().catch(() => 0);
  if (previous > 0) await view.locator('.chart').evaluate((node) => node.setAttribute('data-previous-run', ''));
  await page.keyboard.press('Control+Enter');
  await page.locator('.tabs-container .tab', { hasText: 'APL Results' }).waitFor({ timeout: 30_000 });
  // The banner shows the query's first line (the comment), then " …" for the rest: this run's query, not one whose title contains it.
  const banner = new RegExp(`^// ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} …`);
  await view.locator('.banner:not(.running)', { hasText: banner }).waitFor({ timeout: 30_000 });
  await eventually('this run on the Chart tab', async () => {
    if (await view.locator('.pane:not([hidden]) .chart').count() === 0) await view.locator('.tab', { hasText: 'Chart' }).click();
    return (await view.locator('.chart:not([data-previous-run]) canvas').count()) > 0;
  }, 30_000);
}
