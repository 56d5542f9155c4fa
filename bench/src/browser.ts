/** Chromium for the bench: one browser, a fresh context (empty HTTP cache and storage) per measurement. */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type CDPSession, type Page } from '@playwright/test';

import { CHROMIUM_ARGS } from '../../scripts/chromium';

export { CHROMIUM_ARGS };

/** Every page is laid out at 1280×720 so every player may pick the 720p rendition. */
export const VIEWPORT = { width: 1280, height: 720 };

export interface Bench {
  browser: Browser;
  origin: string;
  instrument: string;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function launch(executablePath: string | undefined): Promise<Browser> {
  return chromium.launch({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_ARGS, headless: true });
}

/** A new context and page, instrumented before any page script runs; `device` overrides the 1280×720 desktop page (a phone's viewport, touch). */
export async function openSession(bench: Bench, device: BrowserContextOptions = {}): Promise<Session> {
  const context = await bench.browser.newContext({ viewport: VIEWPORT, ...device, baseURL: bench.origin });
  await context.addInitScript({ content: bench.instrument });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  return { context, page, errors, close: () => context.close() };
}

export interface FrameStart {
  t: number;
  mediaTime: number;
  width: number;
  height: number;
  src: string;
  video: number;
}

/** `srcPattern`s: the content plays from MSE (a blob: source); anything else is an ad's own file. */
export const CONTENT_SRC = '^blob:';
export const AD_SRC = '^(?!blob:)';

export interface WaitOptions {
  after?: number;
  srcPattern?: string;
  video?: number;
  timeoutMs: number;
}

export function waitStart(page: Page, opts: WaitOptions): Promise<FrameStart | null> {
  return page.evaluate((o) => window.__bench!.waitStart(o), opts);
}

export function waitEvent(page: Page, opts: WaitOptions & { type: string | string[] }): Promise<{ t: number; type: string; src: string; video: number } | null> {
  return page.evaluate((o) => window.__bench!.waitEvent(o), opts);
}

/** Navigates and returns as soon as the response starts (the page measures itself from navigation start). */
export async function navigate(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit', timeout: 20_000 });
}

export async function cdp(session: Session): Promise<CDPSession> {
  return session.context.newCDPSession(session.page);
}

/** Two full GCs (the second collects what finalizers of the first released). */
export async function collectGarbage(client: CDPSession): Promise<void> {
  await client.send('HeapProfiler.collectGarbage');
  await new Promise((resolve) => setTimeout(resolve, 100));
  await client.send('HeapProfiler.collectGarbage');
}

/** Live objects whose prototype chain holds `${constructorName}.prototype` (CDP Runtime.queryObjects). */
export async function countObjects(client: CDPSession, constructorName: string): Promise<number> {
  const proto = await client.send('Runtime.evaluate', { expression: `${constructorName}.prototype` });
  const protoId = proto.result.objectId;
  if (!protoId) return 0;
  const found = await client.send('Runtime.queryObjects', { prototypeObjectId: protoId });
  const count = await client.send('Runtime.callFunctionOn', {
    objectId: found.objects.objectId!,
    functionDeclaration: 'function () { return this.length; }',
    returnByValue: true,
  });
  await client.send('Runtime.releaseObject', { objectId: found.objects.objectId! });
  await client.send('Runtime.releaseObject', { objectId: protoId });
  return Number(count.result.value);
}

export async function heapUsed(client: CDPSession): Promise<number> {
  const usage = await client.send('Runtime.getHeapUsage');
  return usage.usedSize;
}

/** Performance.getMetrics as a name → value map (durations in seconds). */
export async function metrics(client: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = await client.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}
