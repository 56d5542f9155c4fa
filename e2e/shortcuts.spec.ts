/**
 * Keyboard help and screen readers (issue 25 item 4): '?' opens the modal list of shortcuts,
 * Esc closes it and gives focus back, no key acts meanwhile, and the polite live region says
 * what a key did. Selectors: the dialog by role and name, `shortcuts-close`, `announcer`.
 */
import { expect, test, expectPlaysPast, openHarness } from './support';

test("'?' lists the shortcuts in a modal dialog, Esc closes it, and the live region announces a seek", async ({ page }, testInfo) => {
  const frame = await openHarness(page, { scenario: 'film' });
  await expectPlaysPast(frame, 1);
  const player = frame.getByTestId('player');
  const video = frame.locator('video.player__media');
  // WCAG 2.1.4: keys typed in the embedding page's field stay there.
  const field = page.getByTestId('query-input');
  await field.press('End');
  for (const key of ['k', 'm', '?']) await field.press(key);
  await expect(field).toHaveValue(/km\?$/);
  await expect(frame.getByRole('dialog')).toHaveCount(0);
  expect(await video.evaluate((element: HTMLVideoElement) => ({ paused: element.paused, muted: element.muted }))).toEqual({ paused: false, muted: false });

  await page.locator('#player-frame').focus();
  // Paused, the controls stay on screen, so focus can go back to one.
  await page.keyboard.press('k');
  await expect(player).toHaveAttribute('data-status', 'paused');
  const playToggle = frame.getByTestId('play-toggle');
  await expect(playToggle).toHaveAttribute('aria-keyshortcuts', 'k Space');
  await playToggle.focus();

  await page.keyboard.press('?');
  const dialog = frame.getByRole('dialog', { name: 'Горячие клавиши' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('row').filter({ hasText: 'Вперёд на 10 секунд' })).toContainText('L');
  await expect(dialog.locator('tbody tr')).toHaveCount(11);
  const close = frame.getByTestId('shortcuts-close');
  await expect(close).toBeFocused();
  await expect(close).toHaveAccessibleName('Закрыть');
  // For docs/screenshots/player-shortcuts.png.
  await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('shortcuts-desktop.png') });

  // While it is open, keys do nothing: m does not mute.
  await page.keyboard.press('m');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(playToggle).toBeFocused();
  expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
  await expect(player).toHaveAttribute('data-status', 'paused');

  const announcer = frame.getByTestId('announcer');
  await expect(announcer).toHaveAttribute('role', 'status');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await page.keyboard.press('ArrowRight');
  await expect(announcer).toHaveText('Вперёд на 10 секунд');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeCloseTo(before + 10, 0);
});

test('the shortcuts dialog fits the phone layout and closes with its button', async ({ page }, testInfo) => {
  const frame = await openHarness(page, { scenario: 'film', viewport: 'phone-portrait', autoPlay: false });
  const player = frame.getByTestId('player');
  await expect(player).toHaveAttribute('data-layout', 'mobile');
  await page.locator('#player-frame').focus();
  await page.keyboard.press('?');
  const dialog = frame.getByRole('dialog', { name: 'Горячие клавиши' });
  await expect(dialog).toBeVisible();
  const [dialogBox, playerBox] = await Promise.all([dialog.boundingBox(), player.boundingBox()]);
  expect(dialogBox!.x).toBeGreaterThanOrEqual(playerBox!.x);
  expect(dialogBox!.y).toBeGreaterThanOrEqual(playerBox!.y);
  expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(playerBox!.x + playerBox!.width + 0.5);
  expect(dialogBox!.y + dialogBox!.height).toBeLessThanOrEqual(playerBox!.y + playerBox!.height + 0.5);
  await page.locator('#player-frame').screenshot({ path: testInfo.outputPath('shortcuts-phone.png') });
  await frame.getByTestId('shortcuts-close').click();
  await expect(dialog).toHaveCount(0);
});
