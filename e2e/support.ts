import { test as base, expect as baseExpect, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { RequestLogEntry } from '../harness/common/types';
import { HARNESS_PORT, PLAYER_PORT, POLL_INTERVALS, VIEWPORT } from '../playwright.config';

/** Playwright's `expect`, whose `poll` checks at `POLL_INTERVALS` unless a call names its own. */
export const expect = baseExpect.extend({});
const basePoll = expect.poll;
expect.poll = ((actual: () => unknown, options?: string | { message?: string; timeout?: number; intervals?: number[] }) =>
  basePoll(actual, typeof options === 'string' ? { message: options, intervals: POLL_INTERVALS } : { intervals: POLL_INTERVALS, ...options })) as typeof expect.poll;

export const PLAYER_ORIGIN = `http://localhost:${PLAYER_PORT}`;
export const HARNESS_ORIGIN = `http://127.0.0.1:${HARNESS_PORT}`;

/** What Playwright's pages and contexts have of Node's EventEmitter (untyped in its API). */
interface Emitter {
  eventNames(): Array<string | symbol>;
  listeners(name: string | symbol): Array<(...args: unknown[]) => void>;
  off(name: string | symbol, listener: (...args: unknown[]) => void): unknown;
}

/** Takes off again every listener added to the page or context after this call. */
function listenersAddedFrom(target: Page | BrowserContext): () => void {
  const emitter = target as unknown as Emitter;
  const before = new Map(emitter.eventNames().map((name) => [name, new Set(emitter.listeners(name))]));
  return () => {
    for (const name of emitter.eventNames()) {
      for (const listener of emitter.listeners(name)) {
        if (!before.get(name)?.has(listener)) emitter.off(name, listener);
      }
    }
  };
}

/** A context and a page for the worker; with `clock`, the page's clock is installed in it. */
export async function workerPage(browser: Browser, clock: boolean, use: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: HARNESS_ORIGIN, viewport: VIEWPORT });
  const page = await context.newPage();
  if (clock) await page.clock.install();
  await use(page);
  await context.close();
}

/**
 * Pages lent to a test, with whether the test added an init script or a route: then its harness
 * must load as a new document (the script must run in it), not open in place.
 */
const lent = new WeakMap<Page, { changed: boolean }>();

const isHarnessPage = (page: Page) => {
  const url = new URL(page.url());
  return url.origin === HARNESS_ORIGIN && url.pathname === '/';
};

/** Opens a harness link as a new session of the harness page shown; false if there is none. */
const openInPlace = (page: Page, link: string) =>
  page
    .evaluate((next) => {
      if (!window.harness) return false;
      window.harness.open(next);
      return true;
    }, link)
    .catch(() => false);

/**
 * Ends the harness session the test left open (its player frame removed, so its `pagehide` runs)
 * and removes what a test added to the page outside the app, such as a sibling frame. False when
 * the page is not the harness, or is in fullscreen (left by a load, which ends it at once).
 */
const closeHarness = (page: Page) =>
  page
    .evaluate(() => {
      if (!window.harness || document.fullscreenElement) return false;
      window.harness.close();
      for (const node of Array.from(document.body.childNodes)) if (!(node instanceof HTMLElement && node.id === 'root')) node.remove();
      return true;
    })
    .catch(() => false);

/**
 * Lends the worker's page to one test, then undoes what the test may have changed: cookies, both
 * origins' storage, routes, init scripts, listeners, extra tabs and the viewport are restored.
 * The page is left for about:blank (the player's pagehide flushes there), or, when the test
 * ended in the harness and added no init script or route, the harness stays with its session
 * closed: the next test's `openHarness` opens its link there as a new session, without the
 * harness page's load (on an idle CPU the scenario shows about 0.2 s sooner, and the harness
 * works 0.23 s on the open). With `inPlace` false (the clock page) it is always left.
 */
async function lendPage(page: Page, inPlace: boolean, use: (page: Page) => Promise<void>) {
  const context = page.context();
  const lend = { changed: false };
  lent.set(page, lend);
  const restorePageListeners = listenersAddedFrom(page);
  const restoreContextListeners = listenersAddedFrom(context);
  const scripts: Array<{ dispose(): Promise<void> }> = [];
  const addInitScript = page.addInitScript.bind(page);
  page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
    lend.changed = true;
    const script = await addInitScript(...args);
    scripts.push(script as unknown as { dispose(): Promise<void> });
    return script;
  }) as Page['addInitScript'];
  const pageRoute = page.route.bind(page);
  page.route = ((...args: Parameters<Page['route']>) => {
    lend.changed = true;
    return pageRoute(...args);
  }) as Page['route'];
  const contextRoute = context.route.bind(context);
  context.route = ((...args: Parameters<BrowserContext['route']>) => {
    lend.changed = true;
    return contextRoute(...args);
  }) as BrowserContext['route'];

  await use(page);

  page.addInitScript = addInitScript;
  page.route = pageRoute;
  context.route = contextRoute;
  lent.delete(page);
  restorePageListeners();
  restoreContextListeners();
  await Promise.all(context.pages().filter((other) => other !== page).map((other) => other.close()));
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  const keep = inPlace && !lend.changed && isHarnessPage(page) && (await closeHarness(page));
  if (!keep) await page.goto('about:blank');
  for (const script of scripts) await script.dispose();
  const cdp = await context.newCDPSession(page);
  for (const origin of [PLAYER_ORIGIN, HARNESS_ORIGIN]) {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,session_storage,indexeddb,cache_storage,service_workers' });
  }
  await cdp.detach();
  await context.clearCookies();
  await page.setViewportSize(VIEWPORT);
}

/**
 * One browser context and one page per worker, reused by every test: a new context costs more
 * than most checks (its processes start cold, its caches are empty). Between tests `lendPage`
 * undoes what a test changed. The HTTP cache stays: it holds the bundles (immutable) with their
 * compiled code, and the harness serves media no-store, so every media request still reaches its
 * log. A test that jumps the page's clock over a time-out takes `clockPage`, the worker's second
 * page, whose clock is installed (a clock cannot be taken out of a context). A test that needs a
 * context of its own (other options, several pages) makes one from `browser`.
 */
export const test = base.extend<{ clockPage: Page }, { shared: Page; sharedClock: Page }>({
  shared: [({ browser }, use) => workerPage(browser, false, use), { scope: 'worker' }],
  sharedClock: [({ browser }, use) => workerPage(browser, true, use), { scope: 'worker' }],
  context: async ({ shared }, use) => {
    await use(shared.context());
  },
  page: ({ shared }, use) => lendPage(shared, true, use),
  clockPage: ({ sharedClock }, use) => lendPage(sharedClock, false, use),
});

/** Sets fault rules for one harness client; the player page names its client in the URL (`harness-client=`). */
export async function injectFaults(page: Page, client: string, rules: unknown[]) {
  const response = await page.request.post(`${HARNESS_ORIGIN}/__harness/faults`, { data: { client, rules } });
  expect(response.status(), await response.text()).toBe(200);
}

export const clearFaults = (page: Page, client: string) => page.request.delete(`${HARNESS_ORIGIN}/__harness/faults?client=${client}`);

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
  // A harness page shown here was left by the test before (its session closed) or opened by this one.
  const inPlace = lent.get(page)?.changed === false && isHarnessPage(page) && (await openInPlace(page, `?${params}`));
  if (!inPlace) await page.goto(`/?${params}`);
  return page.frameLocator('#player-frame');
}

export const videoTime = (frame: FrameLocator) => frame.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

type Playhead = { time: number } | { streamError: string } | { stalledAt: number };

/**
 * Waits in the page until `video`'s time passes `seconds`: one call that ends at the first
 * timeupdate past it, or when the player shows its stream error, or after `timeout`. (Polling
 * from here costs a round trip through the browser every few hundred milliseconds, which on
 * 2 cores is time the player under test does not get.) A frame that navigates meanwhile is
 * waited on again.
 */
async function playhead(video: Locator, seconds: number, timeout: number): Promise<Playhead> {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      return await video.evaluate(
        (element: HTMLVideoElement, [past, ms]) =>
          new Promise<Playhead>((resolve) => {
            const check = () => {
              const error = document.querySelector('[data-testid="stream-error"]');
              if (error) done({ streamError: error.getAttribute('data-detail') ?? error.textContent ?? '' });
              else if (element.currentTime > past) done({ time: element.currentTime });
            };
            const done = (result: Playhead) => {
              clearTimeout(timer);
              clearInterval(errors);
              element.removeEventListener('timeupdate', check);
              resolve(result);
            };
            const timer = setTimeout(() => done({ stalledAt: element.currentTime }), ms);
            // A stream error shows without a timeupdate.
            const errors = setInterval(check, 250);
            element.addEventListener('timeupdate', check);
            check();
          }),
        [seconds, Math.max(deadline - Date.now(), 0)] as const,
        { timeout: Math.max(deadline - Date.now(), 1) },
      );
    } catch (error) {
      if (Date.now() >= deadline || !/context was destroyed|detached|navigat/i.test(String(error))) throw error;
    }
  }
}

/** Waits until the player's media time passes `seconds`, failing fast on a stream error. */
export async function expectPlaysPast(frame: FrameLocator | Page, seconds: number, timeout = 25_000) {
  const result = await playhead(frame.locator('video.player__media'), seconds, timeout);
  expect(result, `the content plays past ${seconds} s`).toEqual({ time: expect.any(Number) });
}

/** The same for the ad's own <video> (the content's stays paused meanwhile). */
export async function expectAdPlaysPast(frame: FrameLocator | Page, seconds: number, timeout = 15_000) {
  const result = await playhead(frame.locator('video.ad-overlay__media'), seconds, timeout);
  expect(result, `the ad plays past ${seconds} s`).toEqual({ time: expect.any(Number) });
}

/** `harness-client=<id>` of the player the harness page embeds: it marks that player's requests. */
export async function playerClient(page: Page): Promise<string> {
  const src = await page.locator('#player-frame').getAttribute('src');
  const client = src ? new URL(src).searchParams.get('harness-client') : null;
  if (!client) throw new Error(`no harness client in the player frame's URL: ${src}`);
  return `harness-client=${client}`;
}

/**
 * The harness server's request log, oldest first; with `mark`, only the requests of the player
 * page whose URL holds it (in the request's own URL or its Referer), such as
 * `harness-client=qa-1`. The log is shared by every test of the run, so the server narrows it.
 */
export async function loggedRequests(page: Page, mark?: string): Promise<RequestLogEntry[]> {
  const query = mark === undefined ? '' : `?mark=${encodeURIComponent(mark)}`;
  return (await (await page.request.get(`${HARNESS_ORIGIN}/__harness/requests${query}`)).json()) as RequestLogEntry[];
}

/** The same, as "status path" lines. */
export async function servedPaths(page: Page, mark?: string): Promise<string[]> {
  return (await loggedRequests(page, mark)).map((entry) => `${entry.status} ${entry.path}`);
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

/**
 * Clicks a control as a viewer does: moves the mouse onto it (which shows the controls), and
 * clicks as soon as they show, without waiting for the fade-in to settle — on a loaded machine
 * that wait can outlast the 1 s the controls stay up. Retried if they faded first.
 */
export async function clickControl(frame: FrameLocator | Page, control: Locator) {
  const page = control.page();
  const player = frame.getByTestId('player');
  await expect(async () => {
    const box = await control.boundingBox();
    if (!box) throw new Error('control not laid out');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x - 3, y);
    await page.mouse.move(x, y);
    await expect(player).toHaveAttribute('data-controls', 'shown', { timeout: 400 });
    await page.mouse.click(x, y);
  }).toPass({ timeout: 20_000 });
}

/** Posted messages the harness logged as coming in from the player. */
export const messagesIn = (page: Page) => page.getByTestId('message-row').and(page.locator('[data-direction="in"]'));

/**
 * For "nothing happens" checks: whether `event` fires on the element within `ms`. The wait is
 * bounded by the moment the bug would show (a pause that comes after the double-click window,
 * a play that autoplay would have started), and ends at once when it does show.
 */
export function firesWithin(element: Locator, event: string, ms: number): Promise<boolean> {
  return element.evaluate(
    (target, [name, timeout]) =>
      new Promise<boolean>((resolve) => {
        const fired = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          target.removeEventListener(name, fired);
          resolve(false);
        }, timeout);
        target.addEventListener(name, fired, { once: true });
      }),
    [event, ms] as const,
  );
}

/** Whether the element's `attribute` changes within `ms` (a MutationObserver, ended at the first change). */
export function attributeChangesWithin(element: Locator, attribute: string, ms: number): Promise<boolean> {
  return element.evaluate(
    (target, [name, timeout]) =>
      new Promise<boolean>((resolve) => {
        const observer = new MutationObserver(() => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(true);
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          resolve(false);
        }, timeout);
        observer.observe(target, { attributes: true, attributeFilter: [name] });
      }),
    [attribute, ms] as const,
  );
}

/** Whether the page (or any of its frames) sends a request matching `predicate` within `ms`. */
export function requestsWithin(page: Page, predicate: (url: string) => boolean, ms: number): Promise<boolean> {
  return page.waitForRequest((request) => predicate(request.url()), { timeout: ms }).then(
    () => true,
    () => false,
  );
}

/** The fixtures' segments are 2 s long: a media time half a second past the end of the logged segment `path`. */
export const pastSegmentOf = (path: string) => (Number(/\/seg-(\d+)\./.exec(path)?.[1] ?? Number.NaN) + 1) * 2 + 0.5;

/**
 * The stream the page started before the app was evaluated is the one that plays: the player
 * page whose URL holds `mark` fetched the film's master playlist once and no media file twice.
 */
export async function expectFilmFetchedOnce(page: Page, mark: string) {
  const media = (await servedPaths(page, mark)).filter((line) => line.includes('/media/hls/film/'));
  expect(media.filter((line) => line === '200 /media/hls/film/master.m3u8')).toHaveLength(1);
  expect(media.length).toBeGreaterThan(3);
  expect(new Set(media).size).toBe(media.length);
}
