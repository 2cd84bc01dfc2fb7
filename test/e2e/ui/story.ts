/**
 * What the workbench UI tests share: a story's steps (after a failure the later ones are skipped,
 * naming the step that failed, with a screenshot of the workbench at that moment) and the few
 * gestures every story makes (Quick Open, the command palette, the results webview).
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { projectRoot } from '../../../scripts/e2e/harness.ts';

export interface StoryOptions {
  /** The screenshot's file name under dist/e2e/ when a step fails. */
  screenshot: string;
  /** Each step's time limit. */
  timeoutMs: number;
}

/** A `step(name, run)` for one story; `page` gives the workbench page once the story has opened it. */
export function storySteps(options: StoryOptions, page: () => Page | undefined): (name: string, run: () => Promise<void>) => void {
  let failed: string | undefined;
  return (name, run) =>
    test(name, { timeout: options.timeoutMs }, async (t: TestContext) => {
      if (failed) return t.skip(`"${failed}" failed`);
      try {
        await run();
      } catch (error) {
        failed = name;
        const shot = path.join(projectRoot, 'dist/e2e', options.screenshot);
        mkdirSync(path.dirname(shot), { recursive: true });
        await page()?.screenshot({ path: shot }).catch(() => undefined);
        throw Object.assign(error as Error, { message: `${(error as Error).message}\n(the workbench at that moment: ${shot})` });
      }
    });
}

/** The results webview: an outer iframe from the workbench and the extension's page inside it. */
export function results(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
}

export async function quickOpen(page: Page, file: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(file);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: file }).first().waitFor();
  await page.keyboard.press('Enter');
}

export async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.pressSequentially(title);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
  await page.keyboard.press('Enter');
}

/** APL: Set Token from the command palette, typed into its box. */
export async function setToken(page: Page, token: string): Promise<void> {
  await runCommand(page, 'APL: Set Token');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(token);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden' });
}
