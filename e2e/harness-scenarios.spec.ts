/**
 * Table-driven: every scenario of the harness list loads and shows what its `expect` entry in
 * harness/app/scenarios.ts says (auto_play on, cross-origin embed), so the table documents itself.
 * As QA does, the rows are one click each in one harness page (per worker), opened once: a
 * click only reloads the player frame, where a new harness page costs a third more of the CPU.
 * Cross-origin, the player keeps no storage from row to row. A row whose scenario a flow's own
 * test opens (PROVEN_BY) is proven there, with more checks, and costs no second load here.
 */
import { readFileSync } from 'node:fs';
import type { FrameLocator, Page } from '@playwright/test';
import { SCENARIOS, describeExpect } from '../harness/app/scenarios';
import { expect, HARNESS_ORIGIN, test as base, expectPlaysPast, openHarness, videoTime, workerPage } from './support';

const test = base.extend<object, { harness: Page; clockHarness: Page }>({
  // Pages of their own, not support.ts's shared ones: the rows click from one to the next, with no reset between.
  harness: [({ browser }, use) => workerPage(browser, false, use), { scope: 'worker' }],
  clockHarness: [({ browser }, use) => workerPage(browser, true, use), { scope: 'worker' }],
});

/** Shows the scenario in the harness page: opens it the first time, then clicks its row. */
async function showScenario(harness: Page, id: string) {
  if (!harness.url().startsWith(HARNESS_ORIGIN)) return openHarness(harness, { scenario: id });
  const reloaded = harness.waitForEvent('framenavigated', (frame) => frame !== harness.mainFrame());
  await harness.getByTestId(`scenario-${id}`).click();
  await reloaded;
  return harness.frameLocator('#player-frame');
}

/**
 * A row whose outcome takes its time (the start watchdog's 20 s) runs in a harness page whose
 * clock is installed (a clock cannot be taken out of the shared page's context), and the clock
 * jumps 5 s at a time until the outcome shows: what runs in the page is the same, in a few
 * seconds instead of half a minute. These rows share that page too, one click each.
 */
async function showWithClock(harness: Page, id: string, check: (harness: Page, frame: FrameLocator) => Promise<void>) {
  const frame = await showScenario(harness, id);
  const error = frame.getByTestId('stream-error');
  await expect
    .poll(
      async () => {
        if ((await error.count()) === 0) await harness.clock.fastForward(5_000);
        return error.count();
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(1);
  await check(harness, frame);
}

/** Scenarios opened by their flow's own test (`scenario: '<id>'` in that file), which proves what the row would. */
const PROVEN_BY: Readonly<Record<string, string>> = {
  film: 'transmux-worker.spec.ts',
  'film-ts': 'transmux-worker.spec.ts',
  'film-parent-fullscreen': 'surface.spec.ts',
  'film-languages-en': 'surface.spec.ts',
  series: 'series.spec.ts',
  'series-s2e3': 'foundation.spec.ts',
  'chapters-credits': 'chapters.spec.ts',
  'server-error': 'foundation.spec.ts',
  'garbage-body': 'catalogue.spec.ts',
  'server-error-no-sentry': 'catalogue.spec.ts',
  'ads-skippable': 'ads.spec.ts',
  'ads-non-skippable': 'ads.spec.ts',
  'ads-js-click': 'ads.spec.ts',
  'ads-unplayable': 'ads.spec.ts',
  'ads-demo': 'ads.spec.ts',
};

test('each scenario left to its flow is in the list and opened by that flow\'s test', () => {
  for (const [id, file] of Object.entries(PROVEN_BY)) {
    expect(SCENARIOS.some((scenario) => scenario.id === id), id).toBe(true);
    expect(readFileSync(new URL(file, import.meta.url), 'utf8'), `${file} opens ${id}`).toContain(`scenario: '${id}'`);
  }
});

for (const scenario of SCENARIOS.filter(({ id }) => !(id in PROVEN_BY))) {
  const { expect: outcome } = scenario;
  test(`${scenario.id}: ${describeExpect(outcome)}`, async ({ harness: shared, clockHarness }) => {
    const check = async (page: Page, frame: FrameLocator) => {
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
          await expect(frame.getByTestId('stream-error')).toContainText(outcome.text);
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
    };
    if (outcome.withinS) return showWithClock(clockHarness, scenario.id, check);
    await check(shared, await showScenario(shared, scenario.id));
  });
}
