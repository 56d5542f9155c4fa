/**
 * axe-core audits the player page in every state a viewer meets:
 * no critical or serious violation anywhere. Moderate and minor ones are printed with the state,
 * and docs/player.md (Accessibility) lists them with a reason. The page is opened on its own (what an iframe shows
 * is the same document): axe then reads the player's DOM only, not the harness around it.
 */
import type { Page } from '@playwright/test';
import { audit, expectNoBlockers } from './axe';
import { expect, test, clickControl, expectAdPlaysPast, expectPlaysPast, PLAYER_ORIGIN } from './support';

async function openPlayer(page: Page, query: string) {
  await page.goto(`${PLAYER_ORIGIN}/?${query}`);
  return page;
}

// Each audit is a few seconds of CPU on a loaded 2-core machine.
test.describe.configure({ timeout: 90_000 });

async function openSettingsRow(frame: Page, row?: string) {
  await clickControl(frame, frame.getByTestId('settings-button'));
  await expect(frame.getByTestId('settings-menu')).toHaveAttribute('data-menu', 'main');
  if (row) {
    await frame.getByTestId(`menu-row-${row}`).click();
    await expect(frame.getByTestId('settings-menu')).not.toHaveAttribute('data-menu', 'main');
  }
}

test('the film: not started, paused, controls, the settings menu and each sub-menu, the share popup, then the phone layout with its controls shown', async ({ page }) => {
  const frame = await openPlayer(page, 'movie_id=101&auto_play=0');
  await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'notStarted');
  const findings = await audit(page, 'not started');
  await frame.getByTestId('player').click({ position: { x: 200, y: 150 } });
  await expectPlaysPast(frame, 0.3);
  await page.keyboard.press('k');
  await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'paused');
  findings.push(...(await audit(page, 'paused, controls shown')));
  await openSettingsRow(frame);
  findings.push(...(await audit(page, 'settings menu')));
  for (const row of ['quality', 'playback-rate', 'audio', 'caption-style']) {
    await page.keyboard.press('Escape');
    await expect(frame.getByTestId('settings-menu')).toHaveCount(0);
    await openSettingsRow(frame, row);
    findings.push(...(await audit(page, `settings › ${row}`)));
  }
  await page.keyboard.press('Escape');
  await clickControl(frame, frame.getByTestId('subtitles-button'));
  await expect(frame.getByTestId('settings-menu')).toHaveAttribute('data-menu', 'subs');
  findings.push(...(await audit(page, 'settings › subtitles')));
  await page.keyboard.press('Escape');
  await clickControl(frame, frame.getByTestId('share-button'));
  await expect(frame.getByTestId('share-popup')).toBeVisible();
  findings.push(...(await audit(page, 'share popup')));
  await frame.getByTestId('share-close').click();
  await expect(frame.getByTestId('share-popup')).toHaveCount(0);

  // The same page on a phone-sized window: the layout follows the window (a media query), so no
  // new load. Paused, the controls stay; a tap shows them if they had gone.
  await page.setViewportSize({ width: 390, height: 700 });
  const player = frame.getByTestId('player');
  await expect(player).toHaveAttribute('data-layout', 'mobile');
  if ((await player.getAttribute('data-controls')) !== 'shown') await player.click({ position: { x: 100, y: 150 } });
  await expect(player).toHaveAttribute('data-controls', 'shown');
  findings.push(...(await audit(page, 'phone, controls shown')));
  expectNoBlockers(findings);
});

test('the series: the resume prompt, the end-of-episode card, both levels of the seasons menu', async ({ page }) => {
  // A saved position (episode_time=4) holds the start with the prompt.
  const frame = await openPlayer(page, 'movie_id=102&episode_time=4&auto_play=1');
  const prompt = frame.getByTestId('resume-prompt');
  await expect(prompt).toBeVisible();
  const findings = await audit(page, 'resume prompt');
  // From 0, then paused inside the card's window (the 10 s episode's last 10 s): no auto-advance under the audits.
  await prompt.getByRole('button', { name: 'Начать сначала' }).click();
  await expectPlaysPast(frame, 0.1);
  await clickControl(frame, frame.getByTestId('play-toggle'));
  await expect(frame.getByTestId('player')).toHaveAttribute('data-status', 'paused');
  await expect(frame.getByTestId('finish-card')).toBeVisible();
  findings.push(...(await audit(page, 'end-of-episode card')));
  await clickControl(frame, frame.getByTestId('seasons-button'));
  const menu = frame.getByTestId('seasons-menu');
  await expect(menu).toHaveAttribute('data-page', 'seasons');
  findings.push(...(await audit(page, 'seasons menu › seasons')));
  await menu.getByTestId('season-item').first().click();
  await expect(menu).toHaveAttribute('data-page', 'episodes');
  findings.push(...(await audit(page, 'seasons menu › episodes')));
  expectNoBlockers(findings);
});

test('the ad overlay, the page errors (text only, and with the reload button), the stream error', async ({ page }) => {
  let frame = await openPlayer(page, `movie_id=101&auto_play=1&data-ad-list-url=${encodeURIComponent('/ads/list.json?set=skippable')}`);
  await expectAdPlaysPast(frame, 0.3);
  const findings = await audit(page, 'ad overlay');

  // Every page error is one element (session-screen.tsx): its text, and for the generic error a
  // reload button. Blocked has the longest text; a server error (105) the button.
  for (const query of ['movie_id=103', 'movie_id=105']) {
    frame = await openPlayer(page, query);
    await expect(frame.getByTestId('page-error')).toBeVisible();
    findings.push(...(await audit(page, `page error (${query})`)));
  }
  frame = await openPlayer(page, 'movie_id=111&auto_play=1');
  await expect(frame.getByTestId('stream-error')).toBeVisible();
  findings.push(...(await audit(page, 'stream error')));
  expectNoBlockers(findings);
});
