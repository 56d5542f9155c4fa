/**
 * The harness's inspectors and actions, one check per channel, as a QA engineer sees them in
 * the page (never in devtools). Here: the loading cover, the side columns, the storage notice of
 * the cross-origin embed, the server-down banner and trace recording. The other inspectors are
 * steps of the tests that already load the player they need (one load each, ~3 s of CPU):
 * - Messages (in: episodeChanged): series.spec.ts › 'the end-of-episode card: …'; (out: the
 *   harness's click): surface.spec.ts › 'settings menus: …'.
 * - Ads (tracking pings), the status line's ad: ads.spec.ts › 'a non-skippable ad shows no skip button; …'.
 * - Analytics, Requests, Charts: foundation.spec.ts › 'without auto_play the player waits for a click, …'.
 * - Storage (same-origin), Write stored progress: series.spec.ts › 'series, same-origin, not autoplaying: …'.
 * - The status line's episode, Hide page: foundation.spec.ts › 'season=2&episode=3 plays that episode; …'.
 * - Parent fullscreen handling off: surface.spec.ts › 'parent fullscreen mode posts enterFullScreen, …'.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, continueAfterReload, expectPlaysPast, openHarness } from './support';

test.describe('harness actions and feedback', () => {
  test('the harness page: a loading indicator covers the frame until the player page has loaded; the side columns collapse and the player stage takes the room; a failing harness server call shows the unreachable banner; the cross-origin embed explains why storage is out of reach', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The cross-origin player page (localhost), held until released.
    await page.route(/localhost:\d+\/\?/, async (route) => {
      await held;
      await route.continue();
    });
    await openHarness(page, { scenario: 'film', viewport: 'desktop' });

    await test.step('a loading indicator covers the frame until the player page has loaded', async () => {
      await expect(page.getByTestId('frame-loading')).toHaveText('Loading the player page…');
      release();
      await expect(page.getByTestId('frame-loading')).toHaveCount(0);
    });

    await test.step('the side columns collapse and the player stage takes the room', async () => {
      const frameWidth = async () => (await page.locator('.frame-box').boundingBox())?.width ?? 0;
      const before = await frameWidth();
      await page.getByTestId('toggle-scenarios').click();
      await page.getByTestId('toggle-inspectors').click();
      await expect(page.getByTestId('scenario-film')).toBeHidden();
      await expect(page.getByTestId('tab-messages')).toBeHidden();
      await expect.poll(frameWidth).toBeGreaterThan(before);
      await page.getByTestId('toggle-scenarios').click();
      await expect(page.getByTestId('scenario-film')).toBeVisible();
      await page.getByTestId('toggle-inspectors').click();
      await expect(page.getByTestId('tab-messages')).toBeVisible();
    });

    await test.step('a failing harness server call shows the unreachable banner', async () => {
      await expect(page.getByTestId('server-error-banner')).toHaveCount(0);
      await page.route('**/__harness/faults', (route) => route.abort('connectionrefused'));
      await page.getByTestId('tab-faults').click();
      await page.getByTestId('fault-segment-500x2').click();
      await expect(page.getByTestId('server-error-banner')).toContainText('harness server unreachable');
    });

    await test.step('Storage: the cross-origin embed explains why storage is out of reach', async () => {
      await page.getByTestId('tab-storage').click();
      await expect(page.getByTestId('storage-unavailable')).toContainText('Chromium denies storage to this cross-site iframe');
      await page.getByTestId('storage-use-same').click();
      await expect(page.getByTestId('embed-mode')).toHaveValue('same');
    });
  });

  test('Record trace writes fixtures/traces/<name>.json with the engine facts', async ({ page }, testInfo) => {
    const name = `e2e-harness-${testInfo.workerIndex}-${Date.now()}`;
    const file = path.resolve('fixtures/traces', `${name}.json`);
    try {
      const frame = await openHarness(page, { scenario: 'film', embed: 'same' });
      await page.getByTestId('trace-name').fill(name);
      await page.getByTestId('trace-record').click();
      // Recording reloads the player; a position it saved before offers the resume prompt.
      await continueAfterReload(frame);
      await expectPlaysPast(frame, 1);
      await page.getByTestId('trace-stop').click();
      await expect(page.getByTestId('trace-status')).toContainText(`Saved fixtures/traces/${name}.json`);
      const trace = JSON.parse(await readFile(file, 'utf8')) as {
        name: string;
        item: { contentId: number; episodeId: number };
        facts: Array<{ t: number; fact: string }>;
      };
      expect(trace.name).toBe(name);
      expect(trace.item).toEqual({ contentId: 101, episodeId: 10101 });
      const facts = trace.facts.map((f) => f.fact);
      expect(facts).toContain('sourceReady');
      expect(facts).toContain('playing');
      expect(facts).toContain('timeUpdated');
      expect(trace.facts.every((f, i) => i === 0 || f.t >= trace.facts[i - 1]!.t)).toBe(true);
    } finally {
      await rm(file, { force: true });
    }
  });
});
