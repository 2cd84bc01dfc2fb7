/**
 * The packaged extension in a real VS Code workbench (code-server), driven like a user would with
 * Playwright: open an example, sign in, see a wrong field name underlined, complete the right one,
 * run the query with Ctrl+Enter and read the chart and the table from the results webview.
 *
 *   node --import tsx --test test/e2e/ui/workbench.ui.ts      (npm run test:e2e runs it)
 *
 * APL_E2E_SCREENSHOT=docs/screenshot.png writes the README's screenshot (default: dist/e2e/workbench.png).
 */
import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../../scripts/e2e/harness.ts';
import { eventually } from '../eventually.ts';
import { openSession, type Session } from './session.ts';
import { quickOpen, results, runCommand, storySteps } from './story.ts';

const screenshotPath = path.resolve(projectRoot, process.env.APL_E2E_SCREENSHOT || 'dist/e2e/workbench.png');

describe('The packaged extension in VS Code (code-server + chromium)', { timeout: 300_000 }, () => {
  let session: Session | undefined;
  let page: Page;

  const step = storySteps({ screenshot: 'failure.png', timeoutMs: 60_000 }, () => page);

  before(async () => {
    session = await openSession();
    page = session.page;
  });
  after(async () => session?.close());

  /** Selects `stauts` in the query typed at the end of the document, the cursor at its start. */
  async function selectMisspeltName(): Promise<void> {
    await page.keyboard.press('Control+End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Home');
    for (let i = 0; i < '| where stauts'.length; i++) await page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'stauts'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.locator('.statusbar-item', { hasText: '(6 selected)' }).waitFor();
  }

  step('Quick Open opens an example as an APL document', async () => {
    await quickOpen(page, 'http-errors.apl');
    await page.locator('.tabs-container .tab.active', { hasText: 'http-errors.apl' }).waitFor();
    await page.locator('.monaco-editor .view-lines', { hasText: 'sample-http-logs' }).first().waitFor();
    assert.match(await page.locator('#status\\.editor\\.mode').innerText(), /APL \(Axiom\)/);
  });

  step('APL: Set Token from the command palette connects to the service', async () => {
    await runCommand(page, 'APL: Set Token');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    assert.equal(await input.getAttribute('type'), 'password', 'the token is typed into a password box');
    await input.fill(session!.service.token);
    await page.keyboard.press('Enter');
    await page.locator('.statusbar-item', { hasText: 'APL: 2 datasets' }).waitFor({ timeout: 30_000 });
  });

  step('a wrong field name is underlined, with the reason on hover', async () => {
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type("\n\n// Server errors per 5 minutes\n['sample-http-logs']\n| where stauts == '500'\n| summarize count() by bin(_time, 5m)");
    const squiggle = page.locator('.monaco-editor .squiggly-error');
    // Diagnostics follow the typing with a delay: wait until they settle on the one wrong name.
    await eventually('one squiggle, under the wrong field', async () => (await squiggle.count()) === 1 && ((await squiggle.first().boundingBox())?.width ?? Infinity) < 80);
    await page.keyboard.press('Escape'); // a suggestion or parameter-hint widget left open by the typing
    // Ask for the hover on the selected name (Show or Focus Hover, as a keyboard user does). Mouse gestures
    // were flaky in CI: a hover opens only on a move that rests, and the editor's sticky scroll header or
    // its cursor can lie over the word that Playwright aims at.
    await selectMisspeltName();
    const hover = page.locator('.monaco-hover .hover-contents').filter({ hasText: 'stauts' }).first();
    await eventually('the hover over the squiggle', async () => {
      await runCommand(page, 'Show or Focus Hover');
      return hover.waitFor({ timeout: 4_000 }).then(() => true, () => false);
    }, 30_000);
    assert.match(await hover.innerText(), /Unknown column 'stauts'.*status/s);
    await page.keyboard.press('Escape');
    await page.locator('.monaco-hover').first().waitFor({ state: 'hidden' });
  });

  step('Ctrl+Space completes the field from the service schema', async () => {
    await selectMisspeltName();
    await page.keyboard.type('sta');
    await page.keyboard.press('Control+Space');
    const widget = page.locator('.editor-widget.suggest-widget.visible');
    const row = widget.locator('.monaco-list-row', { has: page.locator('.label-name', { hasText: /^status$/ }) });
    await row.waitFor();
    await row.click();
    await page.locator('.monaco-editor .view-line', { hasText: "| where status == '500'" }).waitFor();
    await page.locator('.monaco-editor .squiggly-error').waitFor({ state: 'detached', timeout: 20_000 });
  });

  step('Ctrl+Enter runs the query and the results panel draws the chart', async () => {
    await page.keyboard.press('Control+Enter');
    await page.locator('.tabs-container .tab', { hasText: 'APL Results' }).waitFor({ timeout: 30_000 });
    const view = results(page);
    await view.locator('.banner', { hasText: 'Server errors per 5 minutes' }).waitFor({ timeout: 30_000 });
    await view.locator('.tab', { hasText: 'Chart' }).click();
    const canvas = view.locator('.chart canvas');
    await canvas.waitFor();
    assert.ok(((await canvas.boundingBox())?.width ?? 0) > 250, 'the chart has a size');
    assert.match(await view.locator('.chart .u-legend').innerText(), /count_/);
    // Hovering the plot shows a bucket's count in the legend.
    const plot = (await view.locator('.chart .u-over').boundingBox())!;
    await page.mouse.move(plot.x + plot.width * 0.9, plot.y + plot.height / 2);
    const value = await view.locator('.chart .u-legend .u-series:nth-child(2) .u-value').innerText();
    assert.match(value, /^\d[\d,.]*$/, `a count in the legend, not "${value}"`);
  });

  step('the Matches tab lists the buckets in the virtualised table', async () => {
    const view = results(page);
    await view.locator('.tab', { hasText: 'Matches' }).click();
    const header = await view.locator('.pane:not([hidden]) .grid-header .cell').allInnerTexts();
    assert.deepEqual(header, ['_time', 'count_']);
    const rows = view.locator('.pane:not([hidden]) .rows .row');
    await rows.first().waitFor();
    const count = await view.locator('.pane:not([hidden]) .count').innerText();
    const total = Number(count.replace(/\D/g, ''));
    assert.ok(total >= 6, `an hour of 5-minute buckets at least, got "${count}"`);
    assert.ok((await rows.count()) <= total, 'no more rows in the DOM than in the table');
    const first = await rows.first().locator('.cell').allInnerTexts();
    assert.match(first[0], /^\d{4}-\d{2}-\d{2}T/);
    assert.match(first[1], /^\d+$/);
  });

  step('a screenshot of the workbench', async () => {
    await results(page).locator('.tab', { hasText: 'Chart' }).click();
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);
    mkdirSync(path.dirname(screenshotPath), { recursive: true });
    await page.screenshot({ path: screenshotPath });
    console.log(`screenshot: ${path.relative(projectRoot, screenshotPath)}`);
  });
});
