/**
 * The embed on a phone (SPEC.md §4, issue 48): a site's page on an origin of its own (neither the
 * player's nor the harness's: a loopback server of this file's, since Chromium keeps a page that
 * page.route made, a public one for it, from framing loopback) runs docs/embedding.md's blocks as they
 * stand, the player's origin put in for `https://player.example`. The phone is Chromium's
 * emulation: a 412×823 viewport, isMobile, hasTouch; the player, framed and in its mobile layout,
 * asks the page for fullscreen (`enterFullScreen`).
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, FrameLocator, Locator, Page } from '@playwright/test';
import { expect, test, expectPlaysPast, PLAYER_ORIGIN } from './support';

/** The site's pages, by path; the site's origin is http://127.0.0.1:<a free port>. */
const sitePages = new Map<string, string>();
let site: Server;
let SITE = '';
test.beforeAll(async () => {
  site = createServer((req, res) => {
    const html = sitePages.get(new URL(req.url ?? '/', 'http://site').pathname);
    res.writeHead(html === undefined ? 404 : 200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  SITE = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));
const PHONE = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DOCS = readFileSync(new URL('../docs/embedding.md', import.meta.url), 'utf8');

/** The html block that follows `marker` in docs/embedding.md, with the test's player origin. */
function docsBlock(marker: string): string {
  const at = DOCS.indexOf(`<!-- ${marker} -->`);
  const block = /```html\n([\s\S]*?)\n```/.exec(DOCS.slice(at));
  if (at < 0 || !block) throw new Error(`docs/embedding.md has no block marked "${marker}"`);
  return block[1]!.replaceAll('https://player.example', PLAYER_ORIGIN);
}
const SDK_EXAMPLE = docsBlock('e2e/phone-embed.spec.ts runs this block as it stands, from another origin');
const SNIPPET = docsBlock('e2e/phone-embed.spec.ts runs this block as it stands');
/** The plain embed code, as docs/embedding.md gives it. */
const EMBED_CODE = /## The embed code[\s\S]*?```html\n([\s\S]*?)\n```/.exec(DOCS)![1]!.replaceAll('https://player.example', PLAYER_ORIGIN);

/** A phone with a site page around `body`: a heading above it and text below, so the page scrolls. */
async function phoneSite(browser: Browser, body: string, { elementFullscreen = true, query = '' } = {}) {
  const context = await browser.newContext(PHONE);
  if (!elementFullscreen) {
    // As iOS Safari on an iPhone: no element fullscreen on the site's page (the player's own frame keeps its API).
    await context.addInitScript(() => {
      if (window.top === window) Object.defineProperty(HTMLIFrameElement.prototype, 'requestFullscreen', { value: undefined, configurable: true });
    });
  }
  const page = await context.newPage();
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Сериал на сайте</title></head><body style="margin: 0"><h1 style="height: 300px; margin: 0">Сериал</h1>
${body}
<p style="height: 1600px">Описание.</p></body></html>`;
  const path = `/serial-${sitePages.size}`;
  sitePages.set(path, html);
  await page.goto(`${SITE}${path}${query}`);
  await page.evaluate(() => scrollTo(0, 200));
  return { page, frame: page.frameLocator('iframe'), close: () => context.close() };
}

/**
 * Taps a control as a phone viewer does: a tap on the picture shows hidden controls first. A tap
 * at the control's place, not Playwright's `tap()`, which would scroll the page to it first. A tap
 * that lands after the idle controls hid and faded only shows them again, as on any phone (on a
 * loaded machine the controls hid between the check and the tap, 1 run in 4): the viewer taps
 * again, until `done` says the control acted.
 */
async function tapControl(frame: FrameLocator, control: Locator, done: () => Promise<boolean>) {
  const player = frame.getByTestId('player');
  const tapAt = async (target: Locator, yFraction = 0.5) => {
    const box = await target.boundingBox();
    if (!box) throw new Error('not laid out');
    await target.page().touchscreen.tap(box.x + box.width / 2, box.y + box.height * yFraction);
  };
  await expect(async () => {
    if (await done()) return;
    if ((await player.getAttribute('data-controls')) !== 'shown') {
      await tapAt(player, 0.3);
      await expect(player).toHaveAttribute('data-controls', 'shown', { timeout: 1000 });
    }
    await tapAt(control);
    await expect.poll(done, { timeout: 5000 }).toBe(true);
  }).toPass({ timeout: 30_000 });
}

/** What the viewer sees of the page: the frame's box, its style attribute, the scroll position. */
const pageState = (page: Page) =>
  page.evaluate(() => {
    const frame = document.querySelector('iframe')!;
    const box = frame.getBoundingClientRect();
    return { box: [box.x, box.y, box.width, box.height], style: frame.getAttribute('style'), scrollY };
  });
const viewportBox = (page: Page) => page.evaluate(() => [0, 0, innerWidth, innerHeight]);

/** Fullscreen from the player's button: the frame's box becomes the viewport's. */
async function enterFullscreen(page: Page, frame: FrameLocator) {
  const viewport = await viewportBox(page);
  const filled = async () => JSON.stringify((await pageState(page)).box) === JSON.stringify(viewport);
  await tapControl(frame, frame.getByTestId('fullscreen-button'), filled);
  await expect(frame.getByTestId('stretched-close')).toBeVisible();
}

/** Whether the player left its stretched mode (its close button gone). */
const stretchEnded = (frame: FrameLocator) => async () => (await frame.getByTestId('stretched-close').count()) === 0;

/** The page as it was before fullscreen, and the player out of its stretched mode. */
async function expectRestored(page: Page, frame: FrameLocator, before: Awaited<ReturnType<typeof pageState>>) {
  await expect.poll(() => pageState(page)).toEqual(before);
  await expect(frame.getByTestId('stretched-close')).toHaveCount(0);
}

test("on a phone, the docs' SDK example imported from another origin attaches and plays; the fullscreen button makes the frame fullscreen (the browser's, where it has it for a frame), and the back gesture restores the page", async ({ browser }) => {
  const { page, frame, close } = await phoneSite(browser, SDK_EXAMPLE);
  try {
    await expectPlaysPast(frame, 0.5); // the example's play(): attach resolved
    const before = await pageState(page);
    await enterFullscreen(page, frame);
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.tagName)).toBe('IFRAME');
    await page.goBack();
    await expectRestored(page, frame, before);
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
  } finally {
    await close();
  }
});

test('on a phone without element fullscreen for a frame (as iOS Safari), the SDK stretches the frame over the viewport; the close button and the back gesture each restore the page as it was', async ({ browser }) => {
  const { page, frame, close } = await phoneSite(browser, SDK_EXAMPLE, { elementFullscreen: false });
  try {
    await expectPlaysPast(frame, 0.5);
    const before = await pageState(page);
    await enterFullscreen(page, frame);
    expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
    await tapControl(frame, frame.getByTestId('stretched-close'), stretchEnded(frame));
    await expectRestored(page, frame, before);
    await enterFullscreen(page, frame);
    await page.goBack();
    await expectRestored(page, frame, before);
  } finally {
    await close();
  }
});

test("on a phone, the docs' snippet for a site without the SDK stretches the plain embed over the viewport; the back gesture and the close button each restore the page", async ({ browser }) => {
  const { page, frame, close } = await phoneSite(browser, `${EMBED_CODE}\n${SNIPPET}`);
  try {
    await expect(frame.getByTestId('fullscreen-button')).toBeVisible();
    const before = await pageState(page);
    await enterFullscreen(page, frame);
    await page.goBack();
    await expectRestored(page, frame, before);
    await enterFullscreen(page, frame);
    await tapControl(frame, frame.getByTestId('stretched-close'), stretchEnded(frame));
    await expectRestored(page, frame, before);
  } finally {
    await close();
  }
});

test("a series' shared link for S2E3 at 1:35, opened on a phone through the docs' SDK example: the SDK passes the page's season, episode and t on, and S2E3 plays from 1:35", async ({ browser }) => {
  // The site's page carries the link's parameters; its embed names only the series (content 133).
  const body = SDK_EXAMPLE.replace('?movie_id=101', '?movie_id=133');
  const { frame, close } = await phoneSite(browser, body, { query: '?season=2&episode=3&t=95' });
  try {
    await expect(frame.getByTestId('title')).toHaveText('2 сезон, 3 серия. Серия 3 сезона 2', { timeout: 20_000 });
    await expectPlaysPast(frame, 95.5);
    await expect(frame.getByTestId('resume-prompt')).toHaveCount(0);
  } finally {
    await close();
  }
});
