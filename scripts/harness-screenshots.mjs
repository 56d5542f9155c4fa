/**
 * Screenshots of the harness for the README: docs/harness-desktop.png (desktop preset, Charts
 * tab) and docs/harness-phone.png (phone preset, same-origin embed, Storage tab with the editor open). Needs a
 * running harness (node <dist>/server/index.mjs):
 *
 *   HARNESS_PORT=4101 node scripts/harness-screenshots.mjs
 */
import { chromium } from '@playwright/test';

const harness = `http://127.0.0.1:${process.env.HARNESS_PORT ?? 4101}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--autoplay-policy=no-user-gesture-required'],
});

async function shoot({ file, scenario, viewport, embed, tab, prepare, wait = 3000, autoPlay = 1, height = 1000 }) {
  const page = await browser.newPage({ viewport: { width: 1600, height } });
  await page.goto(`${harness}/?scenario=${scenario}&auto_play=${autoPlay}&embed=${embed}&viewport=${viewport}`);
  const frame = page.frameLocator('#player-frame');
  await frame.getByTestId('player').waitFor();
  if (prepare) await prepare(page, frame);
  // Long enough for the charts to draw some history.
  await page.waitForTimeout(wait);
  await page.getByTestId(`tab-${tab}`).click();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file });
  await page.close();
  console.log(file);
}

await shoot({ file: 'docs/harness-desktop.png', scenario: 'film', viewport: 'desktop', embed: 'cross', tab: 'charts', wait: 14000 });
await shoot({
  file: 'docs/harness-phone.png',
  scenario: 'film',
  // Nothing plays before the write, so the player saves no position of its own over it.
  autoPlay: 0,
  height: 1140,
  viewport: 'phone-portrait',
  embed: 'same',
  tab: 'storage',
  prepare: async (page, frame) => {
    await page.getByTestId('write-progress').click();
    await frame.getByTestId('resume-prompt').getByRole('button', { name: 'Продолжить просмотр' }).click();
    await page.getByTestId('tab-storage').click();
    await page.getByTestId('storage-edit-episodesTimeProgress').click();
  },
});
await browser.close();
