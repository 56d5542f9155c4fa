/**
 * Embedding as a site does it: a page at a deep address on the site's own origin (the harness
 * origin here) pastes the documented embed code (harness/common/embed-code.ts).
 */
import { expect, test, clickControl, expectPlaysPast, HARNESS_ORIGIN } from './support';

test('a site page at a deep address, with the documented embed code: every share link carries that address, with t= when ticked', async ({ page }) => {
  await page.goto('/films/kino-123?from=list');
  const frame = page.frameLocator('iframe');
  await expectPlaysPast(frame, 0.5);
  await clickControl(frame, frame.getByTestId('share-button'));
  const popup = frame.getByTestId('share-popup');
  const address = `${HARNESS_ORIGIN}/films/kino-123?from=list`;
  await expect(popup.getByTestId('share-link')).toHaveValue(address);
  for (const network of ['vk', 'ok', 'telegram', 'whatsapp', 'x']) {
    await expect(popup.getByTestId(`share-${network}`)).toHaveAttribute('href', new RegExp(encodeURIComponent(address).replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')));
  }
  await popup.getByTestId('share-timecode').check();
  await expect(popup.getByTestId('share-link')).toHaveValue(new RegExp(`^${address.replace(/[.?]/g, '\\$&')}&t=\\d+$`));
  await expect(popup.getByTestId('share-vk')).toHaveAttribute('href', /from%3Dlist%26t%3D\d+/);
});
