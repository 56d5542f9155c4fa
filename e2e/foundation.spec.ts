import type { Page } from '@playwright/test';
import { expect, test, clickControl, expectPlaysPast, openHarness, PLAYER_ORIGIN, servedPaths, videoTime } from './support';

/**
 * The stream the page started before the app was evaluated is the one that plays: since request
 * `before` of the harness log, the film's master playlist came once and no media file twice.
 */
async function expectFilmFetchedOnce(page: Page, before: number) {
  const media = (await servedPaths(page)).slice(before).filter((line) => line.includes('/media/hls/film/'));
  expect(media.filter((line) => line === '200 /media/hls/film/master.m3u8')).toHaveLength(1);
  expect(media.length).toBeGreaterThan(3);
  expect(new Set(media).size).toBe(media.length);
}

test.describe('playback through the harness', () => {
  test('the film plays in the cross-origin iframe past 3 s with no stream error', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expect(frame.getByTestId('title')).toHaveText('Испытательная таблица');
    await expectPlaysPast(frame, 3);
    await expect(frame.getByTestId('stream-error')).toHaveCount(0);
    expect(await page.locator('#player-frame').getAttribute('src')).toMatch(new RegExp(`^${PLAYER_ORIGIN}/\\?`));
  });

  test('the MPEG-TS film plays (hls.js transmuxes it)', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film-ts' });
    await expectPlaysPast(frame, 3);
  });

  test('season=2&episode=3 plays that episode', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'series-s2e3' });
    await expect(frame.getByTestId('title')).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2');
    await expectPlaysPast(frame, 1);
    const served = await servedPaths(page);
    expect(served).toContain('200 /media/hls/series/s2e3/master.m3u8');
    expect(served.some((line) => line.includes('/media/hls/series/s1e1/'))).toBe(false);
  });

  test('episode_id picks that episode', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'series-episode-id' });
    await expect(frame.getByTestId('title')).toHaveText('1 сезон, 2 серия. Серия 2 сезона 1');
  });

  test('with the first season completed, the first episode not completed is chosen', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'series-first-season-watched' });
    await expect(frame.getByTestId('title')).toHaveText('2 сезон, 1 серия. Серия 1 сезона 2');
  });

  test('an unknown episode_id falls back to the first episode', async ({ page }) => {
    const frame = await openHarness(page, { query: 'movie_id=102&episode_id=99999&auto_play=1' });
    await expect(frame.getByTestId('title')).toHaveText('1 сезон, 1 серия. Серия 1 сезона 1');
    await expectPlaysPast(frame, 1);
  });

  test('without auto_play the player waits for a click, then plays', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film', autoPlay: false });
    const bigPlay = frame.locator('.player__big-play');
    await expect(bigPlay).toBeVisible();
    await page.waitForTimeout(1000);
    expect(await videoTime(frame)).toBe(0);
    await bigPlay.click();
    await expectPlaysPast(frame, 1);
    await expect(bigPlay).toHaveCount(0);
  });

  test('a click on the picture pauses, and the media really stops', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 1);
    await frame.locator('.player__click-layer').click();
    await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'paused');
    const pausedAt = await videoTime(frame);
    await page.waitForTimeout(700);
    expect(await videoTime(frame)).toBe(pausedAt);
  });

  test('the same-origin embed mode plays too', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'film', embed: 'same' });
    await expectPlaysPast(frame, 1);
  });

  test('t= starts at that time', async ({ page }) => {
    const before = (await servedPaths(page)).length;
    const frame = await openHarness(page, { query: 'movie_id=101&t=20&auto_play=1' });
    await expectPlaysPast(frame, 20.5);
    await expectFilmFetchedOnce(page, before);
  });

  test('the film\'s stream is fetched once: the early start is the stream that plays', async ({ page }) => {
    const before = (await servedPaths(page)).length;
    const frame = await openHarness(page, { scenario: 'film' });
    await expectPlaysPast(frame, 2);
    await expectFilmFetchedOnce(page, before);
  });

  test('autoplay starts the stream at the saved volume, and the controls take it as playing', async ({ page }) => {
    await page.goto(`${PLAYER_ORIGIN}/404-seed`);
    await page.evaluate(() => {
      localStorage.setItem('player-volume', '0.4');
      localStorage.setItem('player-muted', 'false');
    });
    // What the viewer hears first: the element's volume at its first `playing`.
    await page.addInitScript(() => {
      const w = window as unknown as { firstPlaying?: { volume: number; muted: boolean } };
      document.addEventListener('playing', (event) => {
        const video = event.target as HTMLVideoElement;
        w.firstPlaying ??= { volume: video.volume, muted: video.muted };
      }, true);
    });
    const before = (await servedPaths(page)).length;
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101&auto_play=1`);
    await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 25_000 }).toBeGreaterThan(1);
    expect(await page.evaluate(() => (window as unknown as { firstPlaying?: unknown }).firstPlaying)).toEqual({ volume: 0.4, muted: false });
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'playing');
    // The label, not the accessible name: the bar may have faded (1 s of stillness), which hides it.
    await expect(page.getByTestId('play-toggle')).toHaveAttribute('aria-label', 'Пауза');
    await expect(page.getByRole('progressbar', { name: 'Загрузка' })).toHaveCount(0);
    await expect(page.getByTestId('volume-slider')).toHaveValue('0.4');
    await expectFilmFetchedOnce(page, before);

    // The model drives the stream it took: a pause really stops it.
    await clickControl(page, page.getByTestId('play-toggle'));
    await expect(page.getByTestId('player')).toHaveAttribute('data-status', 'paused');
    const pausedAt = await page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);
    await page.waitForTimeout(500);
    expect(await page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime)).toBe(pausedAt);
  });
});

test.describe('page messages', () => {
  const cases: Array<[string, string]> = [
    ['missing-movie-id', 'Пропущен movie_id в запросе'],
    ['bad-movie-id', 'Пропущен movie_id в запросе'],
    ['no-episodes', 'Отсутсвуют эпизоды для проигрывания'],
    ['not-found', 'Контент не доступен'],
    [
      'blocked',
      'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.',
    ],
  ];
  for (const [scenario, text] of cases) {
    test(`${scenario} shows its text`, async ({ page }) => {
      const frame = await openHarness(page, { scenario });
      await expect(frame.getByTestId('page-error')).toHaveText(text);
      await expect(frame.locator('video')).toHaveCount(0);
    });
  }

  test('a server error shows the generic text with an error id and a reload button that reloads', async ({ page }) => {
    const frame = await openHarness(page, { scenario: 'server-error' });
    const message = frame.getByTestId('page-error');
    await expect(message).toContainText(
      /^К сожалению, произошла ошибка, попробуйте перезагрузите страницу\. Идентификатор ошибки: [0-9a-f]{32}/,
    );
    const firstId = await message.locator('p').textContent();
    const reloads = page.waitForRequest((request) => request.url().startsWith(`${PLAYER_ORIGIN}/?`) && request.resourceType() === 'document');
    await message.getByRole('button', { name: 'Перезагрузить страницу' }).click();
    await reloads;
    await expect(message).toContainText('Идентификатор ошибки');
    expect(await message.locator('p').textContent()).not.toBe(firstId);
  });

  test('the page says Loading... while the catalogue is slow', async ({ page }) => {
    await page.route('**/catalog-api/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${PLAYER_ORIGIN}/?movie_id=101`);
    await expect(page.getByTestId('page-loading')).toHaveText('Loading...');
    await expect(page.getByTestId('title')).toBeVisible();
  });
});
