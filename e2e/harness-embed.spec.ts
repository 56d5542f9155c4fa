/**
 * The harness's Embed tab: the documented embed code for the current scenario, and its console
 * driving the harness's own player frame through the host SDK, then through player.js.
 */
import { expect, test, expectPlaysPast, openHarness, PLAYER_ORIGIN } from './support';

test('Embed: the scenario’s embed code; the SDK attaches, plays and answers; player.js pauses; both are heard', async ({ page }) => {
  const frame = await openHarness(page, { scenario: 'film', autoPlay: false });
  await page.getByTestId('tab-embed').click();

  const code = page.getByTestId('embed-code');
  await expect(code).toContainText('referrerpolicy="no-referrer-when-downgrade"');
  await expect(code).toContainText(`<iframe src="${PLAYER_ORIGIN}/?movie_id=101"`);

  await expect(page.getByTestId('sdk-state')).toHaveText('attached', { timeout: 30_000 });
  const rows = page.getByTestId('sdk-event-row');

  await page.getByTestId('sdk-method-play').click();
  await expectPlaysPast(frame, 0.5);
  await expect(rows.and(page.locator('[data-event="play"][data-via="SDK"]')).first()).toBeVisible();

  await page.getByTestId('sdk-method-getCurrentTime').click();
  const answer = page.getByTestId('sdk-answer');
  await expect(answer).toHaveAttribute('data-state', 'done');
  await expect(answer).toHaveText(/^getCurrentTime \(SDK\) → \d+(\.\d+)?(e[-+]?\d+)?$/);

  await page.getByTestId('embed-driver-toggle').check();
  // Enabled once player.js has its ready for the frame.
  await page.getByTestId('sdk-method-pause').click();
  const video = frame.locator('video.player__media');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect(rows.and(page.locator('[data-event="pause"][data-via="player.js"]')).first()).toBeVisible();
  await expect(answer).toHaveText('pause (player.js) ✓ sent');
});
