/**
 * The harness's inspectors and actions, one check per channel, as a QA engineer sees them in
 * the page (never in devtools): messages, rstat4, tracking pings, Sentry, requests, storage,
 * charts, the status line, page visibility, trace recording and the server-down banner.
 */
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, clickControl, continueAfterReload, expectPlaysPast, messagesIn, openHarness } from './support';

test.describe('harness inspectors', () => {
  test('Messages: the episodeChanged the player posts, and the click the harness sends', async ({ page }) => {
    await openHarness(page, { scenario: 'series' });
    await expect(messagesIn(page).filter({ hasText: '"event":"episodeChanged"' })).toHaveCount(1);
    await page.getByTestId('send-click').click();
    await expect(page.getByTestId('message-row').and(page.locator('[data-direction="out"]'))).toContainText('{"type":"click"}');
  });

  test('Parent fullscreen handling off: enterFullScreen is logged and the frame stays as it is', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film-parent-fullscreen' });
    await expectPlaysPast(frame, 0.5);
    await page.getByTestId('toggle-parent-fullscreen').uncheck();
    const iframe = page.locator('#player-frame');
    const before = await iframe.boundingBox();
    await clickControl(frame, frame.getByTestId('fullscreen-button'));
    await expect(messagesIn(page).filter({ hasText: '"enterFullScreen"' })).toHaveCount(1);
    await expect(iframe).toHaveAttribute('data-fullscreen', 'false');
    expect(await iframe.boundingBox()).toEqual(before);
  });

  test('Ads: tracking pings show with their event and ad id', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'ads-skippable' });
    await expect(frame.getByTestId('ad-overlay')).toBeVisible();
    await expect(page.getByTestId('summary-ad')).toContainText('ad showing');
    await page.getByTestId('tab-ads').click();
    // The panel lists every tab's pings in the order they came: this ad's impression is the newest.
    const impression = page.getByTestId('ping-row').filter({ hasText: 'impression' });
    await expect(impression.last()).toContainText('skippable');
  });

  test('Analytics, Requests and Charts: one playing film fills each', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 1);

    await page.getByTestId('tab-analytics').click();
    await expect(page.getByTestId('analytics-row').filter({ hasText: 'videoplayer_' }).first()).toBeVisible();
    await expect(page.getByTestId('analytics-row').first()).toContainText('"contentId":101');

    await page.getByTestId('tab-requests').click();
    await page.getByTestId('request-filter').fill('master.m3u8');
    // The server's log is shared by every tab: this player's rows name its client in the referer.
    const client = new URL((await page.locator('#player-frame').getAttribute('src'))!).searchParams.get('harness-client');
    const mine = page.getByTestId('request-row').and(page.locator(`[title*="harness-client=${client}"]`));
    await expect(mine.first()).toContainText('/media/hls/film/master.m3u8');
    await expect(mine.first()).toContainText('200');

    await page.getByTestId('tab-charts').click();
    for (const id of ['bandwidth', 'buffer', 'height', 'dropped']) {
      await expect.poll(async () => Number(await page.getByTestId(`chart-${id}`).getAttribute('data-points'))).toBeGreaterThan(1);
    }
    await expect(page.getByTestId('chart-value-bandwidth')).toHaveText(/^\d+\.\d\d Mbit\/s$/);
    const height = await frame.locator('video').evaluate((video: HTMLVideoElement) => video.videoHeight);
    await expect(page.getByTestId('chart-value-height')).toHaveText(`${height} px`);
    await expect(page.getByTestId('summary-state')).toHaveText('playing');
  });

  test('Storage: same-origin player storage is shown live, validated and written', async ({ page }) => {
    // Without auto_play nothing plays, so the player saves no position of its own on reload.
    const frame = await openHarness(page, { scenario: 'series', embed: 'same', autoPlay: false });
    await page.getByTestId('tab-storage').click();
    await expect(page.getByTestId('storage-panel')).toContainText('Empty.');
    await page.getByTestId('write-progress').click();
    const progress = page.getByTestId('storage-row').and(page.locator('[data-key="episodesTimeProgress"]'));
    await expect(progress.getByTestId('storage-value')).toContainText('"10211":4');
    await expect(frame.getByTestId('resume-prompt')).toContainText('Вы остановились на 0:00:04');

    await page.getByTestId('storage-edit-episodesTimeProgress').click();
    await page.getByTestId('storage-draft').fill('{"10211": 6');
    await page.getByTestId('storage-save').click();
    await expect(page.getByTestId('storage-message')).toContainText('Not valid JSON');
    await page.getByTestId('storage-draft').fill('{"10211": 6}');
    await page.getByTestId('storage-save').click();
    await expect(progress.getByTestId('storage-value')).toHaveText('{"10211": 6}');
    expect(await frame.locator('body').evaluate(() => localStorage.getItem('episodesTimeProgress'))).toBe('{"10211": 6}');

    await page.getByTestId('storage-clear').click();
    await expect(page.getByTestId('storage-row')).toHaveCount(0);
  });

  test('Storage: the cross-origin embed explains why storage is out of reach', async ({ page }) => {
    await openHarness(page, { scenario: 'film' });
    await page.getByTestId('tab-storage').click();
    await expect(page.getByTestId('storage-unavailable')).toContainText('Chromium denies storage to this cross-site iframe');
    await page.getByTestId('storage-use-same').click();
    await expect(page.getByTestId('embed-mode')).toHaveValue('same');
  });
});

test.describe('harness actions and feedback', () => {
  test('the status line names the episode; Hide page makes the player page hidden', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'series-s2e3' });
    await expect(page.getByTestId('summary-episode')).toHaveText('episode S2E3 · 10223');
    await expectPlaysPast(frame, 0.5);
    await page.getByTestId('toggle-visibility').click();
    await expect(page.getByTestId('toggle-visibility')).toHaveText('Show page');
    await expect.poll(() => frame.locator('body').evaluate(() => document.visibilityState)).toBe('hidden');
    await page.getByTestId('toggle-visibility').click();
    await expect.poll(() => frame.locator('body').evaluate(() => document.visibilityState)).toBe('visible');
  });

  test('the side columns collapse and the player stage takes the room', async ({ page }) => {
    await openHarness(page, { scenario: 'film', viewport: 'desktop' });
    const frameWidth = async () => (await page.locator('.frame-box').boundingBox())?.width ?? 0;
    const before = await frameWidth();
    await page.getByTestId('toggle-scenarios').click();
    await page.getByTestId('toggle-inspectors').click();
    await expect(page.getByTestId('scenario-film')).toBeHidden();
    await expect(page.getByTestId('tab-messages')).toBeHidden();
    await expect.poll(frameWidth).toBeGreaterThan(before);
    await page.getByTestId('toggle-scenarios').click();
    await expect(page.getByTestId('scenario-film')).toBeVisible();
  });

  test('a loading indicator covers the frame until the player page has loaded', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/localhost:\d+\/\?/, async (route) => {
      await held;
      await route.continue();
    });
    await openHarness(page, { scenario: 'film' });
    await expect(page.getByTestId('frame-loading')).toHaveText('Loading the player page…');
    release();
    await expect(page.getByTestId('frame-loading')).toHaveCount(0);
  });

  test('a failing harness server call shows the unreachable banner', async ({ page }) => {
    await openHarness(page, { scenario: 'film' });
    await expect(page.getByTestId('server-error-banner')).toHaveCount(0);
    await page.route('**/__harness/faults', (route) => route.abort('connectionrefused'));
    await page.getByTestId('tab-faults').click();
    await page.getByTestId('fault-segment-500x2').click();
    await expect(page.getByTestId('server-error-banner')).toContainText('harness server unreachable');
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
      await expectPlaysPast(frame, 2);
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
