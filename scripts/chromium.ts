/** The one Chromium setup shared by the browser tests (playwright.config.ts) and the bench. */
import { existsSync } from 'node:fs';

/** Flags for a headless Chromium on this loopback-only machine. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

const SYSTEM_CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** CHROMIUM_PATH, else the system Chromium, else undefined (Playwright's own browser, if installed). */
export function chromiumPath(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.CHROMIUM_PATH || SYSTEM_CHROMIUM.find((file) => existsSync(file));
}
