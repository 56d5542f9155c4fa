/**
 * Table-driven: every scenario of the harness list loads and shows what its `expect` entry in
 * harness/app/scenarios.ts says (auto_play on, cross-origin embed), so the table documents itself.
 * As QA does, the rows are one click each in one harness page (per worker), opened once: a
 * click only reloads the player frame, where a new harness page costs a third more of the CPU.
 * Cross-origin, the player keeps no storage from row to row.
 */
import type { Page } from '@playwright/test';
import { SCENARIOS, describeExpect } from '../harness/app/scenarios';
import { expect, HARNESS_ORIGIN, test as base, expectPlaysPast, openHarness, videoTime } from './support';
import { VIEWPORT } from '../playwright.config';

const test = base.extend<object, { harness: Page }>({
  harness: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: HARNESS_ORIGIN, viewport: VIEWPORT });
      await use(await context.newPage());
      await context.close();
    },
    { scope: 'worker' },
  ],
});

/** Shows the scenario in the harness page: opens it the first time, then clicks its row. */
async function showScenario(harness: Page, id: string) {
  if (!harness.url().startsWith(HARNESS_ORIGIN)) return openHarness(harness, { scenario: id });
  const reloaded = harness.waitForEvent('framenavigated', (frame) => frame !== harness.mainFrame());
  await harness.getByTestId(`scenario-${id}`).click();
  await reloaded;
  return harness.frameLocator('#player-frame');
}

for (const scenario of SCENARIOS) {
  const { expect: outcome } = scenario;
  test(`${scenario.id}: ${describeExpect(outcome)}`, async ({ harness: page }) => {
    // An outcome that takes its time (the start watchdog's 20 s) gets that long, and the test with it.
    const wait = outcome.withinS ? { timeout: outcome.withinS * 1000 } : undefined;
    if (wait) test.setTimeout(wait.timeout + 15_000);
    const frame = await showScenario(page, scenario.id);
    await expect(page.getByTestId('summary-expect')).toHaveText(describeExpect(outcome));
    switch (outcome.shows) {
      case 'playback':
        await expect(frame.getByTestId('title')).toContainText(outcome.text);
        await expectPlaysPast(frame, outcome.past ?? 1);
        break;
      case 'page-error':
        await expect(frame.getByTestId('page-error')).toContainText(outcome.text);
        await expect(frame.locator('video')).toHaveCount(0);
        break;
      case 'stream-error':
        await expect(frame.getByTestId('stream-error')).toContainText(outcome.text, wait);
        break;
      case 'resume-prompt': {
        const prompt = frame.getByTestId('resume-prompt');
        await expect(prompt).toContainText(outcome.text);
        await expect(prompt.getByRole('button', { name: 'Продолжить просмотр' })).toBeVisible();
        await expect(prompt.getByRole('button', { name: 'Начать сначала' })).toBeVisible();
        // The prompt holds the start even with auto_play on.
        expect(await videoTime(frame)).toBeLessThan(0.5);
        break;
      }
      case 'ad':
        await expect(frame.getByTestId('ad-overlay')).toContainText(outcome.text);
        break;
    }
    for (const testId of outcome.hidden ?? []) await expect(frame.getByTestId(testId)).toHaveCount(0);
  });
}
