/**
 * Keyboard: the shortcuts themselves (k, arrows, j/l, Space, m, ↑/↓, c, f), and keyboard help and
 * screen readers (issue 25 item 4): '?' opens the modal list of shortcuts, Esc closes it and gives
 * focus back, no key acts meanwhile, and the polite live region says what a key did. Selectors:
 * the dialog by role and name, `shortcuts-close`, `announcer`. The dialog on the phone layout is
 * a step of surface.spec.ts's phone test (the same player load).
 */
import { expect, test, expectPlaysPast, openHarness, videoTime } from './support';

test("keyboard: keys typed in the embedding page stay there; '?' lists the shortcuts in a modal dialog, Esc closes it, and the live region announces a seek; k, arrows, j/l, Space, m, ↓/↑, c and f act", async ({ page }, testInfo) => {
  const frame = await openHarness(page, { scenario: 'film' });
  await expectPlaysPast(frame, 1);
  const player = frame.getByTestId('player');
  const video = frame.locator('video.player__media');
  const media = <T,>(read: (element: HTMLVideoElement) => T) => video.evaluate(read);
  const playToggle = frame.getByTestId('play-toggle');
  let before = 0;

  await test.step("'?' lists the shortcuts in a modal dialog, Esc closes it, and the live region announces a seek", async () => {
    // WCAG 2.1.4: keys typed in the embedding page's field stay there.
    const field = page.getByTestId('query-input');
    await field.press('End');
    for (const key of ['k', 'm', '?']) await field.press(key);
    await expect(field).toHaveValue(/km\?$/);
    await expect(frame.getByRole('dialog')).toHaveCount(0);
    expect(await media((element) => ({ paused: element.paused, muted: element.muted }))).toEqual({ paused: false, muted: false });

    await page.locator('#player-frame').focus();
    // Paused, the controls stay on screen, so focus can go back to one.
    await page.keyboard.press('k');
    await expect(player).toHaveAttribute('data-status', 'paused');
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
    expect(await media((element) => element.muted)).toBe(false);
    await expect(player).toHaveAttribute('data-status', 'paused');

    const announcer = frame.getByTestId('announcer');
    await expect(announcer).toHaveAttribute('role', 'status');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    before = await videoTime(frame);
    await page.keyboard.press('ArrowRight');
    await expect(announcer).toHaveText('Вперёд на 10 секунд');
    await expect.poll(() => videoTime(frame)).toBeCloseTo(before + 10, 0);
  });

  await test.step('keyboard: j/l, ←, Space, m, ↓/↑, c and f (k and → above)', async () => {
    // Keys on the player's page, not on a focused button (Space would be the button's own).
    await frame.locator('body').evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('j');
    await expect.poll(() => videoTime(frame)).toBeCloseTo(before, 0);
    await page.keyboard.press('l');
    await page.keyboard.press('l');
    await expect.poll(() => videoTime(frame)).toBeCloseTo(before + 20, 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => videoTime(frame)).toBeCloseTo(before + 10, 0);
    await page.keyboard.press(' ');
    await expect(player).toHaveAttribute('data-status', /playing|buffering/);

    await page.keyboard.press('m');
    await expect.poll(() => media((element) => element.muted)).toBe(true);
    await page.keyboard.press('m');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => media((element) => element.volume)).toBeCloseTo(0.9, 5);
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => media((element) => ({ volume: element.volume, muted: element.muted }))).toEqual({ volume: 0.95, muted: false });

    await page.keyboard.press('c');
    await expect(frame.getByTestId('captions')).toHaveText(/^Субтитры RU/);
    await page.keyboard.press('c');
    await expect(frame.getByTestId('captions')).toHaveCount(0);

    const fullscreen = () => frame.locator('body').evaluate(() => document.fullscreenElement !== null);
    await page.keyboard.press('f');
    await expect.poll(fullscreen).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(fullscreen).toBe(false);
  });
});
