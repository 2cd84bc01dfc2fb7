/**
 * The results table in a real VS Code workbench (code-server), driven like a user would with
 * Playwright: run a query that the service cuts at its default limit and see the notice on the
 * Matches tab, read `_time` whole, scroll sideways with the header staying over its columns, move
 * with the arrow keys and copy a cell with Ctrl+C, sort and filter, then re-run for every row (the
 * sort and filter kept).
 *
 *   node --import tsx --test test/e2e/ui/table.ui.ts      (npm run test:e2e runs it)
 */
import * as assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { eventually } from '../eventually.ts';
import { openSession, type Session } from './session.ts';
import { quickOpen, results, setToken, storySteps } from './story.ts';

describe('The results table in VS Code (code-server + chromium)', { timeout: 300_000 }, () => {
  let session: Session | undefined;
  let page: Page;

  const step = storySteps({ screenshot: 'table-failure.png', timeoutMs: 60_000 }, () => page);

  before(async () => {
    session = await openSession();
    page = session.page;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  });
  after(async () => session?.close());

  /** The Matches pane of the results webview. */
  const matches = () => results(page).locator('.pane:not([hidden])');

  step('a query without a limit runs, and the Matches tab says the rows were cut', async () => {
    await quickOpen(page, 'http-errors.apl');
    await setToken(page, session!.service.token);
    await page.locator('.statusbar-item', { hasText: 'APL: 2 datasets' }).waitFor({ timeout: 30_000 });
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+End');
    // The demo's last hour holds a quarter of its 20,000 events: more than the default 1,000.
    await page.keyboard.type("\n\n['sample-http-logs']");
    await page.keyboard.press('Control+Enter');
    await page.locator('.tabs-container .tab', { hasText: 'APL Results' }).waitFor({ timeout: 30_000 });
    const notice = matches().locator('.truncation');
    await notice.waitFor({ timeout: 30_000 });
    assert.match(await notice.innerText(), /Showing 1,000 of [\d,]+ rows \(default limit\)/);
    assert.equal(await matches().locator('.count').innerText(), '1,000 rows');
  });

  step('_time is readable whole: its column is as wide as its text', async () => {
    const time = await firstRowCell(matches(), '_time');
    assert.match(time.text, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    assert.ok(time.scrollWidth <= time.clientWidth, `the _time cell shows ${time.clientWidth} px of ${time.scrollWidth}`);
  });

  step('after a sideways scroll the header still sits over its columns, and the page itself does not scroll', async () => {
    const scroller = matches().locator('.scroller');
    const scrolled = await scroller.evaluate((element: Dom) => {
      element.scrollLeft = 350;
      return element.scrollLeft as number;
    });
    assert.ok(scrolled > 100, `the table is wider than the view (scrolled ${scrolled} px)`);
    await eventually('header and rows lined up', async () => {
      // (No named functions inside: the test's compiler would wrap them in a helper the webview lacks.)
      const { header, body } = await matches().evaluate((pane: Dom) => {
        const rows = [...pane.querySelectorAll('.rows .row:not([hidden])')].sort((a: Dom, b: Dom) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
        return {
          header: [...pane.querySelectorAll('.grid-header .cell')].map((cell: Dom) => Math.round(cell.getBoundingClientRect().left)),
          body: [...(rows[0]?.querySelectorAll('.cell') ?? [])].map((cell: Dom) => Math.round(cell.getBoundingClientRect().left)),
        } as { header: number[]; body: number[] };
      });
      return header.length > 3 && header.length === body.length && header.every((left, index) => Math.abs(left - body[index]) <= 1);
    }, 5_000);
    const headerBox = (await matches().locator('.grid-header').boundingBox())!;
    const scrollerBox = (await scroller.boundingBox())!;
    assert.ok(Math.abs(headerBox.y - scrollerBox.y) <= 1, 'the header stays at the top of the table');
    const [pageHeight, viewHeight] = await results(page).locator('body').evaluate((body: Dom) => [body.ownerDocument.scrollingElement.scrollHeight, body.ownerDocument.scrollingElement.clientHeight] as number[]);
    assert.ok(pageHeight <= viewHeight, `no page scrollbar (${pageHeight} > ${viewHeight})`);
    await scroller.evaluate((element: Dom) => {
      element.scrollLeft = 0;
    });
  });

  step('arrow keys move the selected cell and Ctrl+C copies it, with feedback', async () => {
    const view = matches();
    await view.locator('.rows .row:not([hidden]) .cell').first().click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    // The selection is drawn in the next frame: wait for the second column's cell to show it.
    const selected = view.locator('.rows .cell.selected[data-display="1"]');
    await selected.waitFor({ timeout: 5_000 });
    assert.equal(await view.locator('.rows .cell.selected').count(), 1, 'one cell is selected');
    const expected = await selected.innerText();
    await page.keyboard.press('Control+C');
    await view.locator('.feedback.show', { hasText: /^Copied / }).waitFor();
    const copied = await eventually('the cell on the clipboard', async () => {
      const text = await page.evaluate('navigator.clipboard.readText()').catch(() => undefined);
      return text === expected ? text : undefined;
    }, 10_000);
    assert.equal(copied, expected);
  });

  step('the table is sorted by _time and filtered (kept for the re-run)', async () => {
    await matches().locator('.grid-header .cell .name', { hasText: /^_time$/ }).click();
    await matches().locator('.grid-header .cell .name', { hasText: '_time ▲' }).waitFor();
    await matches().locator('.filter').fill('-');
    await matches().locator('.count', { hasText: /^1,000 of 1,000 rows$/ }).waitFor();
  });

  step('the notice re-runs the query for every row, keeping the sort and the filter', async () => {
    const notice = matches().locator('.truncation');
    const total = Number((await notice.innerText()).match(/of ([\d,]+) rows/)![1].replace(/,/g, ''));
    await notice.locator('button', { hasText: /^Run for all / }).click();
    await matches().locator('.count', { hasText: `${total.toLocaleString('en')} rows` }).waitFor({ timeout: 30_000 });
    assert.equal(await matches().locator('.truncation').count(), 0, 'no notice once every row is there');
    assert.equal(await matches().locator('.filter').inputValue(), '-', 'the filter is kept');
    assert.equal(await matches().locator('.count').innerText(), `${total.toLocaleString('en')} of ${total.toLocaleString('en')} rows`);
    assert.equal(await matches().locator('.grid-header .cell .name', { hasText: '▲' }).innerText(), '_time ▲', 'the sort is kept');
  });
});

/**
 * A node of the webview's DOM: this file is type-checked without the DOM's types, and the
 * functions given to `evaluate` run in the webview.
 */
type Dom = any;

/** The text and widths of the first row's cell in the named column. */
async function firstRowCell(pane: ReturnType<FrameLocator['locator']>, name: string): Promise<{ text: string; scrollWidth: number; clientWidth: number }> {
  return pane.evaluate((element: Dom, column: string) => {
    const headers: Dom[] = [...element.querySelectorAll('.grid-header .cell')];
    const display = headers.findIndex((cell) => cell.innerText.trim() === column);
    const rows = [...element.querySelectorAll('.rows .row:not([hidden])')].sort((a: Dom, b: Dom) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
    const cell = rows[0]?.querySelectorAll('.cell')[display];
    if (!cell) throw new Error(`no cell of ${column} (columns: ${headers.map((each) => each.innerText).join(', ')})`);
    return { text: cell.innerText as string, scrollWidth: cell.scrollWidth as number, clientWidth: cell.clientWidth as number };
  }, name);
}
