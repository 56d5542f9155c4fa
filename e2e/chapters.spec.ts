/**
 * Chapters for series (issue 41): the skip button over the intro, the end-of-episode card at the
 * credits. The rules (bad chapters files, overlaps, the 8 s rule, auto-skip, analytics) are proven
 * in vitest (src/features/chapters, src/features/series/finish-window.test.ts); an episode without
 * chapters is the harness scenario row `chapters-none` (harness-scenarios.spec.ts).
 */
import { audit, expectNoBlockers } from './axe';
import { expect, test, expectPlaysPast, openHarness, PLAYER_ORIGIN } from './support';

test("intro skip on S1E3: the chapters file is asked for after the first frame; 'Пропустить заставку' shows over the intro, passes axe, and Enter on it jumps to the intro's end (0:05) and plays on; the seek bar shows the chapters", async ({ page }) => {
  // The player page on its own: axe reads the player's DOM only.
  await page.addInitScript(() => {
    document.addEventListener(
      'playing',
      (event) => {
        const video = event.target as HTMLVideoElement;
        if (!video.matches('video.player__media')) return;
        video.requestVideoFrameCallback(() => ((window as unknown as { __firstFrame?: number }).__firstFrame ??= performance.now()));
      },
      true,
    );
  });
  await page.goto(`${PLAYER_ORIGIN}/?movie_id=102&season=1&episode=3&auto_play=1`);
  const skip = page.getByTestId('skip-chapter');
  await expect(skip).toHaveText('Пропустить заставку');

  // Off the first frame's path: the request left after the frame was on screen.
  const order = await page.evaluate(() => {
    const chapters = performance.getEntriesByType('resource').find((entry) => entry.name.includes('/chapters.vtt'));
    return { requested: chapters?.startTime ?? null, firstFrame: (window as unknown as { __firstFrame?: number }).__firstFrame ?? null };
  });
  expect(order.firstFrame).not.toBeNull();
  expect(order.requested).toBeGreaterThan(order.firstFrame!);

  // The intro lasts 5 s: the film waits while axe reads the page, which a busy machine took long enough to play it out.
  const media = page.locator('video.player__media');
  await media.evaluate((video: HTMLVideoElement) => video.pause());
  expectNoBlockers(await audit(page, 'the skip button over the intro'));
  await media.evaluate((video: HTMLVideoElement) => video.play());

  // A real button in the tab order: focused and pressed from the keyboard.
  await skip.focus();
  await expect(skip).toBeFocused();
  expect(await media.evaluate((video: HTMLVideoElement) => video.currentTime)).toBeLessThan(5);
  await page.keyboard.press('Enter');
  await expectPlaysPast(page, 5.3);
  expect(await media.evaluate((video: HTMLVideoElement) => video.paused)).toBe(false);
  await expect(skip).toHaveCount(0);

  // The seek bar: gaps at the chapters' boundaries, and the chapter's title under the pointer.
  await expect(page.getByTestId('chapter-gaps')).toHaveCount(1);
  await page.getByTestId('player').hover({ position: { x: 200, y: 120 } });
  const slider = page.getByTestId('seek-slider');
  const box = (await slider.boundingBox())!;
  await slider.hover({ position: { x: box.width * 0.9, y: box.height / 2 } });
  await expect(page.getByTestId('seek-chapter-title')).toHaveText('Титры');
});

test("credits on S1E3: the end-of-episode card opens when the credits start (0:09), 'Смотреть титры' closes it and the credits play to the end; then S2E1 follows with 'Пропустить пересказ'", async ({ page }) => {
  // How far each episode played, recorded in the player's page: the credits are 3 s, over before
  // a check from here could read them on a busy machine.
  await page.addInitScript(() => {
    const reached: Record<string, number> = {};
    (window as unknown as { __reached: Record<string, number> }).__reached = reached;
    document.addEventListener('timeupdate', (event) => {
      const video = event.target as HTMLVideoElement;
      if (!video.matches('video.player__media')) return;
      const title = document.querySelector('[data-testid="title"]')?.textContent ?? '';
      reached[title] = Math.max(reached[title] ?? 0, video.currentTime);
    }, true);
  });
  const frame = await openHarness(page, { scenario: 'chapters-credits' });
  const card = frame.getByTestId('finish-card');
  await expect(card).toHaveAttribute('data-trigger', 'credits');
  await expect(page.getByTestId('status-chapters')).toContainText('Титры');

  await frame.getByTestId('watch-credits').click();
  await expect(card).toHaveCount(0);
  await expect(frame.getByTestId('title')).toHaveText('2 сезон, 1 серия. Серия 1 сезона 2', { timeout: 15_000 });
  await expect(frame.getByTestId('skip-chapter')).toHaveText('Пропустить пересказ');
  // S1E3 played its credits to the end (12 s) rather than leaving at the card.
  const reached = await frame.locator('body').evaluate(() => (window as unknown as { __reached: Record<string, number> }).__reached);
  expect(reached['1 сезон, 3 серия. Серия 3 сезона 1']).toBeGreaterThan(11.5);
});
