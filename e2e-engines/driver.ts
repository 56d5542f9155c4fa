/**
 * One small driver over two automation stacks, so the same flows (flows.ts) run in Firefox ESR
 * (puppeteer-core over WebDriver BiDi) and WebKitGTK's MiniBrowser (selenium-webdriver over
 * Debian's WebKitWebDriver, under Xvfb). Both browsers are the system's: nothing is downloaded.
 *
 * A driver's script evaluation can count as a user gesture and let a page autoplay: an autoplay
 * flow reads the player's outcome from the harness server first (`autoplayOutcome`, plain HTTP
 * from Node) and only then calls anything here that touches the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { until } from './until';
import puppeteer, { type Browser, type BrowserContext, type ElementHandle, type Frame, type Page } from 'puppeteer-core';
import { Builder, By, type WebDriver, type WebElement } from 'selenium-webdriver';

export type EngineName = 'firefox' | 'webkit';

/** A function run in the page; its source is sent as text, so it must not close over anything. */
export type PageFunction<A extends unknown[], R> = (...args: A) => R | Promise<R>;

/** Where the calls below act: the top page, or the harness's player iframe (`#player-frame`). */
export type Scope = 'page' | 'frame';

export interface Driver {
  readonly engine: EngineName;
  goto(url: string): Promise<void>;
  /** Later calls act in this document (default 'page'); 'frame' waits for the player iframe's document. */
  scope(where: Scope): Promise<void>;
  evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R>;
  /** A real pointer click (the driver's input, a user gesture) on the first element matching `selector` whose accessible name or text is `name`, if given. */
  click(selector: string, name?: string): Promise<void>;
  /** Moves the pointer over the element's centre (plus `dx`, `dy`). */
  hover(selector: string, dx?: number, dy?: number): Promise<void>;
  /** A key press (`'ArrowRight'`, `'Escape'`...) sent to the focused element. */
  press(key: 'ArrowRight' | 'ArrowLeft' | 'ArrowUp' | 'ArrowDown' | 'Escape' | 'Enter'): Promise<void>;
  close(): Promise<void>;
}

/** One lane's browser: `session()` opens a page in a new browser context (Firefox) or a new browser (WebKit). */
export interface Lane {
  readonly engine: EngineName;
  /** A page with no permission or activation from another flow: for the autoplay flows. */
  session(): Promise<Driver>;
  close(): Promise<void>;
}

/**
 * The Chromium suite's window. Narrower, the harness scales the 960×540 player frame down with a
 * CSS transform, and puppeteer's Firefox clicks then miss inside the frame (it places them by
 * the untransformed layout).
 */
export const VIEWPORT = { width: 1920, height: 1080 };

/** What the player frame's URL carries, the harness's and a site page's alike. */
const PLAYER_FRAME_MARK = 'harness-client=';

/**
 * Finds the element in the page: `selector`, then, with `name`, the one whose aria-label, or else
 * trimmed text, is exactly it. Sent as source to both drivers.
 */
function findElement(selector: string, name: string | null): Element | null {
  const all = Array.from(document.querySelectorAll(selector));
  return all.find((element) => name === null || (element.getAttribute('aria-label') ?? element.textContent?.trim()) === name) ?? null;
}

const FIND_SOURCE = findElement.toString();

/**
 * A control the page replaces between the look-up and the click (the page's shell giving way to the
 * app's controls) is looked up again, as a viewer's next look would find the new one.
 */
async function retryStale(click: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await click();
    } catch (error) {
      if (attempt >= 3 || !/detached|not clickable|stale ?element/i.test(String(error))) throw error;
      await sleep(100);
    }
  }
}

/** `fn` applied to `args`, as one expression. */
const call = (fn: (...args: never[]) => unknown, args: unknown[]) => `(${fn.toString()})(...${JSON.stringify(args)})`;

// ---------------------------------------------------------------------------------------------
// Firefox ESR over WebDriver BiDi (puppeteer-core)

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

/** Firefox's desktop defaults that matter here, as a viewer's profile has them. */
const FIREFOX_PREFS = {
  // 1 = block audible autoplay (the desktop default): muted playback is allowed.
  'media.autoplay.default': 1,
  // A page's sticky activation is the only thing that lets it play with sound (no per-site exception).
  'media.autoplay.blocking_policy': 0,
  // Loopback only: no update, telemetry or remote settings traffic.
  'app.update.enabled': false,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
};

class PuppeteerDriver implements Driver {
  readonly engine = 'firefox' as const;
  private frame: Frame;

  constructor(
    private readonly page: Page,
    private readonly context: BrowserContext | null,
  ) {
    this.frame = page.mainFrame();
  }

  async goto(url: string) {
    this.frame = this.page.mainFrame();
    await this.page.goto(url, { waitUntil: 'load' });
  }

  async scope(where: Scope) {
    if (where === 'page') {
      this.frame = this.page.mainFrame();
      return;
    }
    const deadline = Date.now() + 15_000;
    for (;;) {
      // The harness frame's URL names the player origin and carries harness-client=.
      const frame = this.page.frames().find((one) => one !== this.page.mainFrame() && one.url().includes(PLAYER_FRAME_MARK));
      if (frame) {
        this.frame = frame;
        return;
      }
      if (Date.now() > deadline) throw new Error(`no player frame in ${this.page.url()}`);
      await sleep(100);
    }
  }

  evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R> {
    return this.frame.evaluate(call(fn as (...args: never[]) => unknown, args)) as Promise<R>;
  }

  private async find(selector: string, name?: string): Promise<ElementHandle<Element>> {
    const handle = await this.frame.evaluateHandle(`(${FIND_SOURCE})(${JSON.stringify(selector)}, ${JSON.stringify(name ?? null)})`);
    const element = handle.asElement() as ElementHandle<Element> | null;
    if (!element) throw new Error(`no element ${selector}${name ? ` named '${name}'` : ''}`);
    return element;
  }

  /**
   * The element's centre in the page. Puppeteer places a point inside a frame by the frame's
   * element, which it finds with a BiDi locator Firefox ESR 140 does not know: here the player
   * frame's box comes from the page, found as scope() finds the frame (its URL's harness-client=).
   */
  private async centre(element: ElementHandle<Element>, selector: string): Promise<{ x: number; y: number }> {
    const box = await element.evaluate((el) => {
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const rect = el.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 ? { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 } : null;
    });
    if (!box) throw new Error(`${selector} is not laid out`);
    if (this.frame === this.page.mainFrame()) return box;
    const origin = await this.page.mainFrame().evaluate((mark) => {
      const frame = [...document.querySelectorAll('iframe')].find((one) => one.src.includes(mark));
      if (!frame) return null;
      const rect = frame.getBoundingClientRect();
      const style = getComputedStyle(frame);
      return { x: rect.x + frame.clientLeft + parseFloat(style.paddingLeft), y: rect.y + frame.clientTop + parseFloat(style.paddingTop) };
    }, PLAYER_FRAME_MARK);
    if (!origin) throw new Error(`no player frame in ${this.page.url()}`);
    return { x: origin.x + box.x, y: origin.y + box.y };
  }

  async click(selector: string, name?: string) {
    await retryStale(async () => {
      const element = await this.find(selector, name);
      if (this.frame === this.page.mainFrame()) return element.click();
      const { x, y } = await this.centre(element, selector);
      return this.page.mouse.click(x, y);
    });
  }

  async hover(selector: string, dx = 0, dy = 0) {
    const { x, y } = await this.centre(await this.find(selector), selector);
    await this.page.mouse.move(x + dx, y + dy);
  }

  async press(key: Parameters<Driver['press']>[0]) {
    await this.page.keyboard.press(key);
  }

  async close() {
    await (this.context ? this.context.close() : this.page.close());
  }
}

/**
 * The page's viewport. Puppeteer sends WebDriver BiDi's viewport command and, beside it, its
 * screen-orientation override, which Firefox ESR 140 (Debian's) does not know. The flows need the
 * size alone: the override's refusal is let pass, and the page is checked to be the size asked for.
 */
async function setViewport(page: Page): Promise<void> {
  await page.setViewport(VIEWPORT).catch((error: unknown) => {
    if (!String(error).includes('setScreenOrientationOverride')) throw error;
  });
  // The viewport's command was sent beside the refused one: it may still be on its way.
  const size = () => page.evaluate(() => [window.innerWidth, window.innerHeight]);
  await until(`Firefox's page at ${VIEWPORT.width}×${VIEWPORT.height}`, size, ([width, height]) => width === VIEWPORT.width && height === VIEWPORT.height, 5000, 50);
}

export async function firefoxLane(): Promise<Lane> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    defaultViewport: VIEWPORT,
    extraPrefsFirefox: FIREFOX_PREFS,
  });
  return {
    engine: 'firefox',
    // A new BiDi user context: its own permissions, storage and cookies, as a new profile's.
    async session() {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await setViewport(page);
      return new PuppeteerDriver(page, context);
    },
    close: () => browser.close(),
  };
}

// ---------------------------------------------------------------------------------------------
// WebKitGTK's MiniBrowser over WebKitWebDriver (selenium-webdriver), under Xvfb

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER || '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

const KEYS: Record<Parameters<Driver['press']>[0], string> = {
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Escape: '\uE00C',
  Enter: '\uE007',
};

class SeleniumDriver implements Driver {
  readonly engine = 'webkit' as const;
  private where: Scope = 'page';

  constructor(private readonly driver: WebDriver) {}

  async goto(url: string) {
    this.where = 'page';
    await this.driver.switchTo().defaultContent();
    await this.driver.get(url);
  }

  async scope(where: Scope) {
    await this.driver.switchTo().defaultContent();
    this.where = where;
    if (where === 'page') return;
    const deadline = Date.now() + 15_000;
    for (;;) {
      // The harness's player frame, or a site page's (its src carries harness-client=).
      const frames = await this.driver.findElements(By.css(`#player-frame, iframe[src*="${PLAYER_FRAME_MARK}"]`));
      if (frames[0]) {
        await this.driver.switchTo().frame(frames[0]);
        return;
      }
      if (Date.now() > deadline) throw new Error('no player frame');
      await sleep(100);
    }
  }

  async evaluate<A extends unknown[], R>(fn: PageFunction<A, R>, ...args: A): Promise<R> {
    // The W3C execute script awaits a returned promise.
    return (await this.driver.executeScript(`return ${call(fn as (...args: never[]) => unknown, args)};`)) as R;
  }

  private async find(selector: string, name?: string): Promise<WebElement> {
    const element = (await this.driver.executeScript(`return (${FIND_SOURCE})(arguments[0], arguments[1]);`, selector, name ?? null)) as WebElement | null;
    if (!element) throw new Error(`no element ${selector}${name ? ` named '${name}'` : ''}`);
    return element;
  }

  async click(selector: string, name?: string) {
    await retryStale(async () => (await this.find(selector, name)).click());
  }

  async hover(selector: string, dx = 0, dy = 0) {
    const element = await this.find(selector);
    await this.driver.actions().move({ origin: element, x: Math.round(dx), y: Math.round(dy) }).perform();
  }

  async press(key: Parameters<Driver['press']>[0]) {
    await this.driver.actions().keyDown(KEYS[key]).keyUp(KEYS[key]).perform();
  }

  async close() {
    await this.driver.quit();
  }
}

/** Starts a process and resolves once `ready` says so on its output (or after `ms`). */
function startProcess(command: string, args: string[], env: NodeJS.ProcessEnv, ready: (output: string) => boolean, ms = 10_000): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const timer = setTimeout(() => (ready(output) ? resolve(child) : (child.kill(), reject(new Error(`${command} did not start: ${output}`)))), ms);
    const check = (chunk: Buffer) => {
      output += chunk;
      if (ready(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function webkitLane(): Promise<Lane> {
  for (const file of [WEBKIT_DRIVER, MINIBROWSER]) if (!existsSync(file)) throw new Error(`${file} is missing (apt-get install webkit2gtk-driver)`);
  const screen = await startDisplay();
  const port = await freePort();
  // A machine without a sound server (CI) leaves GStreamer's audio sink to chance: a pulsesink with
  // no server at times holds the clock of media with sound (an ad stuck at 0.15 s). The lane plays
  // audio into GStreamer's clocked fake audio sink instead (gstreamer1.0-plugins-bad), as a quiet
  // device would: the autoplay policy is the engine's own all the same.
  const audio = { GST_PLUGIN_FEATURE_RANK: [process.env.GST_PLUGIN_FEATURE_RANK, 'fakeaudiosink:MAX', 'pulsesink:NONE'].filter(Boolean).join(',') };
  // WebKitWebDriver prints nothing when it is ready: wait for its port.
  const server = spawn(WEBKIT_DRIVER, [`--port=${port}`], { env: { ...process.env, DISPLAY: screen.name, ...audio }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await fetch(`${url}/status`);
      break;
    } catch {
      if (i > 100) throw new Error('WebKitWebDriver did not answer');
      await sleep(50);
    }
  }
  const sessions = new Set<WebDriver>();
  return {
    engine: 'webkit',
    // A new MiniBrowser each time: WebKit keeps no autoplay permission between its processes.
    async session() {
      const driver = await new Builder()
        .usingServer(url)
        .withCapabilities({ browserName: 'MiniBrowser', 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } })
        .build();
      sessions.add(driver);
      await driver.manage().window().setRect({ x: 0, y: 0, ...VIEWPORT });
      const wrapped = new SeleniumDriver(driver);
      const close = wrapped.close.bind(wrapped);
      wrapped.close = async () => {
        sessions.delete(driver);
        await close();
      };
      return wrapped;
    },
    async close() {
      await Promise.all([...sessions].map((driver) => driver.quit().catch(() => undefined)));
      server.kill();
      screen.stop();
    },
  };
}

/** A loopback port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Xvfb on a free display number (it prints the number on -displayfd), or $DISPLAY when set. */
async function startDisplay(): Promise<{ name: string; stop(): void }> {
  if (process.env.DISPLAY) return { name: process.env.DISPLAY, stop() {} };
  let number = '';
  const xvfb = await startProcess('Xvfb', ['-displayfd', '1', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp'], process.env, (out) => {
    number = /^(\d+)\s*$/m.exec(out)?.[1] ?? '';
    return number !== '';
  });
  return { name: `:${number}`, stop: () => xvfb.kill() };
}
