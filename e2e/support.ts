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
}

/** Opens the harness on a scenario and returns the player iframe. */
export async function openHarness(page: Page, { scenario = 'film', query, autoPlay = true, embed = 'cross' }: HarnessOptions = {}) {
  const params = new URLSearchParams({ scenario, auto_play: autoPlay ? '1' : '0', embed });
  if (query !== undefined) params.set('query', query);
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
