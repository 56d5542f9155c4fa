import { randomUUID } from 'node:crypto';
import { expect, test, clickControl, expectPlaysPast, firesWithin, openHarness, PLAYER_ORIGIN, playerClient, servedPaths, videoTime, expectFilmFetchedOnce } from './support';

test.describe('playback through the harness', () => {
  test("without auto_play the player waits for a click, then plays in the cross-origin iframe past 3 s with no stream error; the harness's Analytics, Requests and Charts tabs fill from it", async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film', autoPlay: false });
    await expect(frame.getByTestId('title')).toHaveText('Испытательная таблица');
    expect(await page.locator('#player-frame').getAttribute('src')).toMatch(new RegExp(`^${PLAYER_ORIGIN}/\\?`));

    await test.step('without auto_play the player waits for a click, then plays', async () => {
      const bigPlay = frame.locator('.player__big-play');
      await expect(bigPlay).toBeVisible();
      // Autoplay would have started it within a second.
      expect(await firesWithin(frame.locator('video.player__media'), 'playing', 1000)).toBe(false);
      expect(await videoTime(frame)).toBe(0);
      await bigPlay.click();
      await expectPlaysPast(frame, 1);
      await expect(bigPlay).toHaveCount(0);
    });

    await test.step('the film plays in the cross-origin iframe past 3 s with no stream error', async () => {
      await expectPlaysPast(frame, 3);
      await expect(frame.getByTestId('stream-error')).toHaveCount(0);
    });

    await test.step("the harness's Analytics, Requests and Charts tabs: one playing film fills each", async () => {
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
  });

  test('season=2&episode=3 plays that episode; the harness status line names it, and its Hide page makes the player page hidden', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'series-s2e3' });
    await expect(page.getByTestId('summary-episode')).toHaveText('episode S2E3 · 10223');
    await expect(frame.getByTestId('title')).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2');
    await expectPlaysPast(frame, 1);
    const served = await servedPaths(page, await playerClient(page));
    expect(served).toContain('200 /media/hls/series/s2e3/master.m3u8');
    expect(served.some((line) => line.includes('/media/hls/series/s1e1/'))).toBe(false);

    await test.step("the harness's Hide page makes the player page hidden, and Show page visible again", async () => {
      await page.getByTestId('toggle-visibility').click();
      await expect(page.getByTestId('toggle-visibility')).toHaveText('Show page');
      await expect.poll(() => frame.locator('body').evaluate(() => document.visibilityState)).toBe('hidden');
      await page.getByTestId('toggle-visibility').click();
      await expect.poll(() => frame.locator('body').evaluate(() => document.visibilityState)).toBe('visible');
    });
  });

  test('autoplay starts the stream at the saved volume under the page\'s own policy, and the controls take it as playing', async ({ page }) => {
    await page.goto(`${PLAYER_ORIGIN}/404-seed`);
    await page.evaluate(() => {
      localStorage.setItem('player-volume', '0.4');
      localStorage.setItem('player-muted', 'false');
    });
    // What the viewer hears first: the element's volume at its first `playing`. And whether the
    // page's own policy blocked anything in it (its inline start script is allowed by its hash).
    await page.addInitScript(() => {
      const w = window as unknown as { firstPlaying?: { volume: number; muted: boolean }; blocked?: string[] };
      document.addEventListener('playing', (event) => {
        const video = event.target as HTMLVideoElement;
        w.firstPlaying ??= { volume: video.volume, muted: video.muted };
      }, true);
      document.addEventListener('securitypolicyviolation', (event) => (w.blocked ??= []).push(`${event.effectiveDirective} ${event.blockedURI}`));
    });
    const mark = `e2e=${randomUUID()}`;
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1&${mark}`);
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 25_000 }).toBeGreaterThan(1);
    expect(await page.evaluate(() => (window as unknown as { firstPlaying?: unknown }).firstPlaying)).toEqual({ volume: 0.4, muted: false });
    expect(await page.evaluate(() => (window as unknown as { blocked?: string[] }).blocked ?? [])).toEqual([]);
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
    // The label, not the accessible name: the bar may have faded (1 s of stillness), which hides it.
    await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-label', 'Пауза');
    await expect(page.getByRole('progressbar', { name: 'Загрузка' })).toHaveCount(0);
    await expect(page.getByTestId('volume-slider')).toHaveValue('0.4');
    await expectFilmFetchedOnce(page, mark);

    // The model drives the stream it took: a pause really stops it.
    await clickControl(page, page.getByTestId('play-toggle'));
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'paused');
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.paused)).toBe(true);
  });
});

test.describe('page messages', () => {
  test('a server error shows the generic text with an error id and a reload button that reloads', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'server-error' });
    const message = frame.getByTestId('page-error');
    await expect(message).toContainText(
      /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: [0-9a-f]{32}/,
    );
    const firstId = (await message.locator('p').textContent())!.match(/[0-9a-f]{32}/)![0];
    const reloads = page.waitForRequest((request) => request.url().startsWith(`${PLAYER_ORIGIN}/?`) && request.resourceType() === 'document');
    await message.getByRole('button', { name: 'Перезагрузить страницу' }).click();
    await reloads;
    // The request leaves before the new document replaces the old one, which still shows the first id.
    await expect(message.locator('p')).toHaveText(new RegExp(`Идентификатор ошибки: (?!${firstId})[0-9a-f]{32}`));
  });
});
