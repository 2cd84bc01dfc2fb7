/**
 * The run flow of the results panel in a real workbench (code-server + chromium), as a user meets
 * it: a rejected token and Set Token from the banner, an error banner that names the squiggle's
 * line in the document and greys the stale results, the query history re-opening an earlier run's
 * results without running it, and a pinned panel that makes the next run open another.
 *
 *   node --import tsx --test test/e2e/ui/flow.ui.ts      (npm run test:e2e runs it)
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { projectRoot } from '../../../scripts/e2e/harness.ts';
import { eventually } from '../eventually.ts';
import { openSession, type Session } from './session.ts';
import { quickOpen, results, runCommand, setToken, storySteps } from './story.ts';

/** The banner over results that came back: a run's banner first says `Running: <query>`, over the previous results. */
const resultsBanner = '.banner:not(.error):not(.running)';

describe('The results flow: token, error banner, history, pin', { timeout: 300_000 }, () => {
  let session: Session | undefined;
  let page: Page;

  const step = storySteps({ screenshot: 'flow-failure.png', timeoutMs: 60_000 }, () => page);

  // The example's lines, and the block the test types below them: its third line holds the wrong field.
  const exampleLines = readFileSync(path.join(projectRoot, 'examples/http-errors.apl'), 'utf8').split('\n').length;
  const errorLine = exampleLines + 4;

  before(async () => {
    session = await openSession();
    page = session.page;
  });
  after(async () => session?.close());

  step('a rejected token: the banner says so and its Set Token clears it', async () => {
    await quickOpen(page, 'http-errors.apl');
    await page.locator('.monaco-editor .view-lines', { hasText: 'sample-http-logs' }).first().waitFor();
    await setToken(page, 'xaat-not-the-right-token');
    await goToLine(page, 2);
    await page.keyboard.press('Control+Enter');
    const view = results(page);
    const banner = view.locator('.banner.error');
    await banner.filter({ hasText: 'rejected the token (401' }).waitFor({ timeout: 30_000 });
    await banner.locator('button', { hasText: 'Set Token' }).click();
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(session!.service.token);
    await page.keyboard.press('Enter');
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await page.locator('.statusbar-item', { hasText: 'APL: 2 datasets' }).waitFor({ timeout: 30_000 });
  });

  step('an error banner names the line of the squiggle and greys the stale results', async () => {
    await goToLine(page, 2);
    await page.keyboard.press('Control+Enter');
    const view = results(page);
    await view.locator(resultsBanner, { hasText: 'Server errors per hour' }).waitFor({ timeout: 30_000 });

    await page.keyboard.press('Control+End');
    await page.keyboard.type("\n\n// a misspelt field\n['sample-http-logs']\n| where nosuchfield == 'x'");
    await page.keyboard.press('Control+Enter');
    const banner = view.locator('.banner.error');
    await banner.waitFor({ timeout: 30_000 });
    assert.match(await banner.innerText(), new RegExp(`^Line ${errorLine}, column 9: .*nosuchfield`));
    assert.match(await banner.innerText(), /results below are from the previous run/);
    const opacity = await view.locator('.pane:not([hidden])').evaluate((pane) => (globalThis as unknown as { getComputedStyle(node: unknown): { opacity: string } }).getComputedStyle(pane).opacity);
    assert.ok(Number(opacity) < 1, `the stale results are greyed (opacity ${opacity})`);
    // Go to line puts the cursor on the squiggle: the editor's own status bar tells where that is.
    await page.keyboard.press('Control+Home');
    await banner.locator('button', { hasText: `Go to line ${errorLine}` }).click();
    await eventually('the cursor on the error', async () => /Ln (\d+), Col 9/.exec(await page.locator('#status\\.editor\\.selection').innerText())?.[1] === String(errorLine));
  });

  step('the history lists the runs newest first and re-opens one without running it', async () => {
    await goToLine(page, 13);
    await page.keyboard.press('Control+Enter');
    const view = results(page);
    await view.locator(resultsBanner, { hasText: 'Requests by country and city' }).waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('#app.stale').count(), 0, 'current results are not greyed');

    const rows = await historyRows(page);
    assert.equal(rows.length, 4, `four runs: ${rows.join(' | ')}`);
    assert.match(rows[0], /Requests by country and city/);
    assert.match(rows[1], /a misspelt field.*failed/s);
    assert.match(rows[2], /Server errors per hour.*rows/s);
    assert.match(rows[3], /Server errors per hour.*failed: 401/s);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Server errors per hour' }).first().click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Open Results' }).click();
    await view.locator(resultsBanner, { hasText: 'Server errors per hour' }).waitFor({ timeout: 20_000 });
    await view.locator('.tab', { hasText: 'Matches' }).click();
    assert.deepEqual(await view.locator('.pane:not([hidden]) .grid-header .cell').allInnerTexts(), ['_time', 'errors']);

    assert.equal((await historyRows(page)).length, 4, 're-opening ran nothing');
    await page.keyboard.press('Escape');
  });

  step('a pinned panel keeps its results: the next run opens another', async () => {
    const view = results(page);
    await view.locator('button.pin', { hasText: 'Pin' }).click();
    await view.locator('button.pin', { hasText: 'Unpin' }).waitFor();
    await page.locator('.tabs-container .tab', { hasText: 'APL Results (pinned)' }).waitFor();
    await goToLine(page, 7);
    await page.keyboard.press('Control+Enter');
    await eventually('a second results tab', async () => (await page.locator('.tabs-container .tab', { hasText: 'APL Results' }).count()) === 2, 30_000);
    assert.equal(await page.locator('.tabs-container .tab', { hasText: 'APL Results (pinned)' }).count(), 1);
  });
});

/** Opens APL: Show Query History and gives the text of its rows. */
async function historyRows(page: Page): Promise<string[]> {
  await page.keyboard.press('Escape');
  await runCommand(page, 'APL: Show Query History');
  const rows = page.locator('.quick-input-list .monaco-list-row');
  await page.locator('.quick-input-widget', { hasText: 'query history' }).waitFor();
  await rows.first().waitFor();
  return rows.allInnerTexts();
}

/** Focuses the text editor and puts the cursor at the start of `line` (one-based). */
async function goToLine(page: Page, line: number): Promise<void> {
  // Go to Line needs the text editor focused; focus may still be moving (a webview button, a
  // notification), so the gesture is tried again until the editor's status bar shows the line.
  await eventually(`the cursor on line ${line}`, async () => {
    // A click in the middle of the text editor focuses it (its first line may lie under the breadcrumbs).
    const editor = (await page.locator('.editor-instance .monaco-editor .overflow-guard').first().boundingBox())!;
    await page.mouse.click(editor.x + editor.width / 2, editor.y + editor.height / 2);
    await page.keyboard.press('Control+G');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`:${line}`);
    await page.keyboard.press('Enter');
    await page.waitForTimeout(200);
    return (await page.locator('#status\\.editor\\.selection').innerText()).startsWith(`Ln ${line},`);
  });
}
