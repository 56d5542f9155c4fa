/**
 * Quality-of-experience statistics (issue 25 item 5): a stalled segment shows up in
 * videoplayer_qoe_summary as one rebuffer as long as the stall the page saw. The rules (seeks'
 * waits, ads, exit before start, the bitrate weighting) are proven in src/features/analytics.
 */
import type { Page } from '@playwright/test';
import { expect, test, clearFaults, expectPlaysPast, injectFaults, openHarness } from './support';

interface Stat {
  event: string;
  payload: Record<string, unknown>;
}
const stats = (page: Page) => page.evaluate(() => (window as unknown as { __harnessStats?: Stat[] }).__harnessStats ?? []);

let client = '';
test.beforeEach(({}, testInfo) => {
  client = `qoe-${testInfo.workerIndex}-${Date.now()}`;
});
test.afterEach(async ({ page }) => {
  await clearFaults(page, client);
});

test('a stalled segment is one rebuffer in videoplayer_qoe_summary, as long as the stall the page saw', async ({ page }) => {
  test.setTimeout(60_000);
  // The 30 s film from t=26, 2 s segments: the last, seg-014 (28–30 s), asked for with seg-013 at
  // the start, answers 5.5 s late. The buffer ahead of it (26–28 s) runs out about 2 s after the
  // first frame: a stall of about 3 s, then 2 s more to the end, where the summary goes.
  await injectFaults(page, client, [{ target: 'segment', action: { type: 'delay', ms: 5500 }, count: null, path: '/seg-014.' }]);
  // The page's own account of its stalls: each waiting → playing of the content's element after
  // its first frame, as the player counts them. Listened to from the page's start, as a busy CPU
  // may reach the stall before a check from here runs.
  await page.addInitScript(() => {
    const stalls: number[] = [];
    (window as unknown as { __stalls: number[] }).__stalls = stalls;
    let played = false;
    let since: number | null = null;
    const content = (event: Event) => event.target instanceof HTMLVideoElement && event.target.matches('video.player__media');
    document.addEventListener('waiting', (event) => {
      if (content(event) && played) since ??= performance.now();
    }, true);
    document.addEventListener('playing', (event) => {
      if (!content(event)) return;
      played = true;
      if (since !== null) stalls.push(performance.now() - since);
      since = null;
    }, true);
  });
  const frame = await openHarness(page, { embed: 'same', query: `movie_id=101&t=26&auto_play=1&harness-client=${client}` });
  await expectPlaysPast(frame, 26.2);
  const video = frame.locator('video.player__media');

  // The summary goes at the end of the film.
  await expect
    .poll(async () => (await stats(page)).filter((s) => s.event === 'videoplayer_qoe_summary').length, { timeout: 30_000 })
    .toBe(1);
  // One stall of the held segment. On a busy CPU a starved decoder may add waits of its own (seen:
  // 2 ms to 0.7 s): the player counts those too, so the two accounts are compared whole.
  const stalls = await video.evaluate(() => (window as unknown as { __stalls: number[] }).__stalls);
  expect(stalls.filter((ms) => ms > 1000), `the page saw one stall of the held segment: ${stalls.join(', ')} ms`).toHaveLength(1);
  const stalled = stalls.reduce((sum, ms) => sum + ms, 0);

  const all = await stats(page);
  const summary = all.find((s) => s.event === 'videoplayer_qoe_summary')!.payload;
  expect(summary).toMatchObject({ contentId: 101, rebufferCount: stalls.length, exitedBeforeStart: false, adStartFailures: 0 });
  expect(Math.abs(Number(summary.rebufferMs) - stalled)).toBeLessThan(250);
  // 4 s of the film played around the stall.
  expect(Number(summary.watchedMs)).toBeGreaterThan(3000);
  expect(Number(summary.watchedMs)).toBeLessThan(5500);
  const ratio = Number(summary.rebufferMs) / (Number(summary.rebufferMs) + Number(summary.watchedMs));
  expect(Number(summary.rebufferRatio)).toBeCloseTo(ratio, 3);
  expect(Number(summary.averageBitrate)).toBeGreaterThan(0);

  const startup = all.filter((s) => s.event === 'videoplayer_qoe_startup');
  expect(startup).toHaveLength(1);
  expect(startup[0]!.payload).toMatchObject({ contentId: 101, adMs: 0 });
  expect(Number(startup[0]!.payload.startupMs)).toBeGreaterThan(0);
  expect(summary.startupMs).toBe(startup[0]!.payload.startupMs);

  // The harness shows the playback's figures in the Analytics tab's QoE card.
  await page.getByTestId('tab-analytics').click();
  await expect(page.getByTestId('qoe-card').getByTestId('qoe-figure').filter({ hasText: 'Rebuffers' })).toContainText(`${summary.rebufferCount} · ${summary.rebufferMs} ms`);
});
