import type { FrameLocator } from '@playwright/test';
import { expect, test, clearFaults, expectPlaysPast, injectFaults, openHarness, videoTime, clickControl, messagesIn, HARNESS_ORIGIN, playerClient, servedPaths } from './support';


const videoSrcPath = (frame: FrameLocator) => frame.getByTestId('title');

test.describe('series', () => {
  test("a returning viewer who finished S1E1 and S1E2 on this device gets S1E3: the page's early start and the model choose it alike, S1E1 is never fetched", async ({ page }) => {
    // What this device saved on earlier visits, in the player page's own storage before its scripts run (same-origin embed: the frame has storage).
    await page.addInitScript((origin) => {
      if (location.origin === origin && location.pathname.startsWith('/player/')) localStorage.setItem('episodesTimeProgress', JSON.stringify({ 10211: 10, 10212: 8 }));
    }, HARNESS_ORIGIN);
    const frame = await openHarness(page, { scenario: 'series', embed: 'same' });
    await expect(videoSrcPath(frame)).toHaveText('1 сезон, 3 серия. Серия 3 сезона 1');
    await expectPlaysPast(frame, 0.5);
    await expect(frame.getByTestId('resume-prompt')).toHaveCount(0);
    const served = await servedPaths(page, await playerClient(page));
    expect(served.filter((line) => line.includes('/media/hls/series/s1e3/master.m3u8'))).toHaveLength(1);
    expect(served.filter((line) => line.includes('/series/s1e1/'))).toEqual([]);
  });

  test('the end-of-episode card: closed, S1E1 still plays to its end and S1E2 starts by itself (episodeChanged to the parent); its play-now button starts S1E3', async ({ page }) => {
    // From 4 s before the end of the 10 s episode (inside the card's last 10 s, with time to read and
    // close the card before the end); the time code is the first episode's only.
    // Where each episode's first frame plays from, recorded in the page: a busy CPU may be seconds
    // into an episode before a check from here runs.
    await page.addInitScript(() => {
      const starts: Record<string, number> = {};
      (window as unknown as { __starts: Record<string, number> }).__starts = starts;
      document.addEventListener('ended', (event) => {
        const seen = window as unknown as { __firstEnded?: number };
        if (event.target instanceof HTMLVideoElement && event.target.matches('video.player__media')) seen.__firstEnded ??= performance.now();
      }, true);
      // S1E2 waits, paused in its credits (5-8 s), for its card to be read: a busy CPU could
      // otherwise let it play out, and S1E3 start by itself, before a check from here runs.
      let held = false;
      document.addEventListener('timeupdate', (event) => {
        const video = event.target;
        if (held || !(video instanceof HTMLVideoElement) || !video.matches('video.player__media') || video.currentTime < 5.5) return;
        if (!document.querySelector('[data-testid="title"]')?.textContent?.startsWith('1 сезон, 2 серия')) return;
        held = true;
        video.pause();
      }, true);
      document.addEventListener('playing', (event) => {
        const video = event.target;
        if (!(video instanceof HTMLVideoElement) || !video.matches('video.player__media')) return;
        const title = document.querySelector('[data-testid="title"]')?.textContent ?? '';
        if (!(title in starts)) starts[title] = video.currentTime;
      }, true);
    });
    const frame = await openHarness(page, { scenario: 'series', query: 'movie_id=102&t=6&auto_play=1' });
    await expect(videoSrcPath(frame)).toHaveText('1 сезон, 1 серия. Серия 1 сезона 1');
    const card = frame.getByTestId('finish-card');
    await expect(card).toContainText('Следующий эпизод');
    await expect(card).toContainText('1 сезон, 2 серия');
    await expect(card).toContainText('Серия 2 сезона 1');
    await expect(frame.getByTestId('finish-countdown')).toHaveText(/^Через [1-5] сек\.$/);
    await frame.getByTestId('finish-close').click();
    await expect(card).toHaveCount(0);
    await expect(videoSrcPath(frame)).toHaveText('1 сезон, 2 серия. Серия 2 сезона 1', { timeout: 15_000 });
    // In S1E2's credits the card shows again, and plays the next one now.
    await expect(card).toContainText('1 сезон, 3 серия');
    await frame.getByTestId('finish-next').click();
    await expect(videoSrcPath(frame)).toHaveText('1 сезон, 3 серия. Серия 3 сезона 1');
    await expectPlaysPast(frame, 0.5);
    // S1E2 started by itself, from its start; the parent heard of each episode once.
    const starts = await frame.locator('body').evaluate(() => (window as unknown as { __starts: Record<string, number> }).__starts);
    expect(starts['1 сезон, 2 серия. Серия 2 сезона 1']).toBeLessThan(1);
    // S1E2 was made ready while S1E1 played: its first segment was on the wire before S1E1 ended.
    const wire = await frame.locator('body').evaluate(() => ({
      ended: (window as unknown as { __firstEnded?: number }).__firstEnded ?? null,
      segment: performance.getEntriesByType('resource').find((entry) => /\/series\/s1e2\/[^/]+\/seg-0+\./.test(entry.name))?.startTime ?? null,
    }));
    expect(wire.segment).not.toBeNull();
    expect(wire.segment!).toBeLessThan(wire.ended!);
    await expect(messagesIn(page).filter({ hasText: 'episodeChanged' }).filter({ hasText: '10211' })).toHaveCount(1);
    await expect(messagesIn(page).filter({ hasText: 'episodeChanged' }).filter({ hasText: '10212' })).toHaveCount(1);
  });

  test('choosing S2E3 in the seasons menu plays it; a poster that fails shows the no-photo image', async ({ page }, testInfo) => {
    // S2E2's poster answers 404 (a harness fault on this player only).
    const client = `posters-${testInfo.workerIndex}-${Date.now()}`;
    await injectFaults(page, client, [{ target: 'media', action: { type: 'status', status: 404 }, count: null, path: '/media/posters/s2e2.jpg' }]);
    const frame = await openHarness(page, { query: `movie_id=102&auto_play=1&harness-client=${client}` });
    await expectPlaysPast(frame, 0.5);
    await clickControl(frame, frame.getByTestId('seasons-button'));
    const menu = frame.getByTestId('seasons-menu');
    // First the season list, the current season marked; then the chosen season's episodes.
    await expect(menu).toHaveAttribute('data-page', 'seasons');
    await expect(menu).toContainText('Сезоны и серии');
    // 23.5rem on desktop (narrower only when the player is).
    const widths = await menu.evaluate((element: HTMLElement) => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      return { menu: element.offsetWidth, expected: Math.min(23.5 * rem, element.parentElement!.clientWidth - 28) };
    });
    expect(Math.abs(widths.menu - widths.expected)).toBeLessThanOrEqual(1);
    await expect(menu.getByTestId('season-item')).toHaveText(['1 сезон', '2 сезон']);
    await expect(menu.getByTestId('season-item').first()).toHaveAttribute('aria-current', 'true');
    await menu.getByTestId('season-item').filter({ hasText: '2 сезон' }).click();
    const items = menu.getByTestId('episode-item');
    await expect(items).toHaveCount(3);
    await menu.getByTestId('seasons-back').click();
    await expect(menu).toHaveAttribute('data-page', 'seasons');
    await menu.getByTestId('season-item').filter({ hasText: '2 сезон' }).click();
    await expect(items.nth(2)).toContainText('Серия 3 сезона 2');
    await expect(items.nth(2).locator('img')).toHaveAttribute('src', /\/media\/posters\/s2e3\.jpg$/);
    await expect(items.nth(1).locator('img')).toHaveAttribute('src', /^data:image\/svg\+xml,/);
    await clearFaults(page, client);
    await items.nth(2).click();
    await expect(menu).toHaveCount(0);
    await expect(videoSrcPath(frame)).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2');
    await expect(messagesIn(page).filter({ hasText: 'episodeChanged' }).filter({ hasText: '10223' })).toHaveCount(1);
    await expectPlaysPast(frame, 1);
    const played = await frame.locator('video').evaluate((video: HTMLVideoElement) => video.currentSrc);
    expect(played.length).toBeGreaterThan(0);
  });

  test('series, same-origin, not autoplaying: the seasons menu is keyboard navigable and the parent click closes it; the next-episode button shows a hover card with the next episode; the harness Storage tab shows, validates and writes the player storage, and its Write stored progress leads to the resume prompt; "Начать сначала" plays from 0 and the next-episode button starts at 0 despite a saved position', async ({ page }) => {
    // Without auto_play nothing plays, so the player saves no position of its own.
    const frame = await openHarness(page, { scenario: 'series', embed: 'same', autoPlay: false });
    await expect(videoSrcPath(frame)).toBeVisible();

    await test.step('the seasons menu is keyboard navigable and the parent click closes it', async () => {
      await frame.getByTestId('seasons-button').focus();
      await page.keyboard.press('Enter');
      const menu = frame.getByTestId('seasons-menu');
      await expect(menu.getByTestId('season-item').first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByTestId('season-item').nth(1)).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('data-page', 'episodes');
      await expect(menu.getByTestId('episode-item').first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      await expect(menu.getByTestId('episode-item').nth(1)).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(menu).toHaveAttribute('data-page', 'seasons');
      await page.getByTestId('send-click').click();
      await expect(menu).toHaveCount(0);
    });

    await test.step('the next-episode button shows a hover card with the next episode', async () => {
      await frame.getByTestId('next-episode').hover();
      const card = frame.getByTestId('next-episode-card');
      await expect(card).toHaveCSS('opacity', '1');
      await expect(card).toContainText('Следующий эпизод');
      await expect(card).toContainText('1 сезон, 2 серия');
      await expect(card).toContainText('Серия 2 сезона 1');
      await expect(card.locator('img')).toHaveAttribute('src', /s1e2\.jpg$/);
    });

    const prompt = frame.getByTestId('resume-prompt');
    await test.step("Storage: the harness's Write stored progress writes the player's storage and reloads it: the resume prompt", async () => {
      await page.getByTestId('tab-storage').click();
      await expect(page.getByTestId('storage-panel')).toContainText('Empty.');
      // Film 14 s, S1E1 4 s, S1E2 2 s (harness/app/PlayerColumn.tsx SAMPLE_PROGRESS).
      await page.getByTestId('write-progress').click();
      const progress = page.getByTestId('storage-row').and(page.locator('[data-key="episodesTimeProgress"]'));
      await expect(progress.getByTestId('storage-value')).toContainText('"10211":4');
      await expect(prompt).toContainText('Вы остановились на 0:00:04');
    });

    await test.step('Storage: same-origin player storage is shown live, validated and written', async () => {
      // The prompt holds the start: the player writes nothing meanwhile. It read its progress at
      // start-up, so what is written here is for the next load only.
      const progress = page.getByTestId('storage-row').and(page.locator('[data-key="episodesTimeProgress"]'));
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

    await test.step('"Начать сначала" plays from 0 and the next-episode button starts at 0 despite a saved position', async () => {
      await prompt.getByRole('button', { name: 'Начать сначала' }).click();
      await expect(prompt).toHaveCount(0);
      await expectPlaysPast(frame, 0.3);
      expect(await videoTime(frame)).toBeLessThan(3.5);
      await clickControl(frame, frame.getByTestId('next-episode'));
      await expect(videoSrcPath(frame)).toHaveText('1 сезон, 2 серия. Серия 2 сезона 1');
      await expect(frame.getByTestId('resume-prompt')).toHaveCount(0);
      await expectPlaysPast(frame, 0.2);
      expect(await videoTime(frame)).toBeLessThan(1.9);
    });
  });

  test('the phone viewport shows the episodes menu full screen', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'series', viewport: 'phone-portrait', autoPlay: false });
    await expect(frame.getByTestId('player')).toHaveAttribute('data-layout', 'mobile');
    await frame.getByTestId('player').click({ position: { x: 100, y: 300 } });
    await frame.getByTestId('seasons-button').click();
    const menu = frame.getByTestId('seasons-menu');
    await expect(menu).toBeVisible();
    const [menuBox, playerBox] = await Promise.all([menu.boundingBox(), frame.getByTestId('player').boundingBox()]);
    expect(menuBox!.width).toBeCloseTo(playerBox!.width, 0);
    expect(menuBox!.height).toBeCloseTo(playerBox!.height, 0);
    await expect(menu).toHaveAttribute('data-page', 'seasons');
    await menu.getByTestId('season-item').first().click();
    await expect(menu.getByTestId('episode-item')).toHaveCount(3);
  });
});
