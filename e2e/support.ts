import { expect, type FrameLocator, type Page } from '@playwright/test';
import { HARNESS_PORT, PLAYER_PORT } from '../playwright.config';

export const PLAYER_ORIGIN = `http://localhost:${PLAYER_PORT}`;
export const HARNESS_ORIGIN = `http://127.0.0.1:${HARNESS_PORT}`;

export interface HarnessOptions {
  scenario?: string;
  /** A player query that replaces the scenario's. */
  query?: string;
  autoPlay?: boolean;
  embed?: 'cross' | 'same';
  /** A harness viewport preset, e.g. 'phone-portrait'. */
  viewport?: string;
}

/** Opens the harness on a scenario and returns the player iframe. */
export async function openHarness(page: Page, { scenario = 'film', query, autoPlay = true, embed = 'cross', viewport }: HarnessOptions = {}) {
  const params = new URLSearchParams({ scenario, auto_play: autoPlay ? '1' : '0', embed });
  if (query !== undefined) params.set('query', query);
  if (viewport !== undefined) params.set('viewport', viewport);
  await page.goto(`/?${params}`);
  return page.frameLocator('#player-frame');
}

export const videoTime = (frame: FrameLocator) => frame.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Waits until the player's media time passes `seconds`, failing fast on a stream error. */
export async function expectPlaysPast(frame: FrameLocator, seconds: number, timeout = 25_000) {
  await expect
    .poll(
      async () => {
        await expect(frame.getByTestId('stream-error')).toHaveCount(0, { timeout: 1 });
        return videoTime(frame);
      },
      { timeout, intervals: [250] },
    )
    .toBeGreaterThan(seconds);
}

/** Requests the harness server has served, as its request log records them. */
export async function servedPaths(page: Page): Promise<string[]> {
  const response = await page.request.get(`${HARNESS_ORIGIN}/__harness/requests`);
  const entries = (await response.json()) as Array<{ path: string; status: number }>;
  return entries.map((entry) => `${entry.status} ${entry.path}`);
}

/**
 * After a reload of a content that has played, the player offers the resume prompt (issue 6)
 * when it saved a position of 1 s or more, and waits; otherwise it plays. Either way this
 * returns once playback goes on, answering 'Продолжить просмотр' when the prompt shows.
 */
export async function continueAfterReload(frame: FrameLocator) {
  const prompt = frame.getByTestId('resume-prompt');
  let state: 'prompt' | 'playing' | null = null;
  await expect
    .poll(
      async () => {
        if ((await prompt.count()) > 0) state = 'prompt';
        else if ((await videoTime(frame)) > 0.5) state = 'playing';
        return state;
      },
      { timeout: 25_000, intervals: [250] },
    )
    .not.toBeNull();
  if (state === 'prompt') await prompt.getByRole('button', { name: 'Продолжить просмотр' }).click();
}
