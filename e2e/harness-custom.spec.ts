/**
 * The harness against real services (issue 26 items 1-3), with a second loopback server in this
 * test process standing in for a partner host: its own origin (127.0.0.1, another port), CORS on
 * for every path except under /no-cors/. It serves the fixture HLS and ad media, a ping sink and,
 * as the staging stand-in, the fixture catalogue API. The harness server is the usual one.
 */
import http from 'node:http';
import type { Page } from '@playwright/test';
import type { AddressInfo } from 'node:net';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, expectAdPlaysPast, expectPlaysPast, loggedRequests, PLAYER_ORIGIN } from './support';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt',
  '.json': 'application/json',
  '.jpg': 'image/jpeg',
};

/** Every path the partner was asked for, in order. */
const seen: string[] = [];
let partner = '';
let server: http.Server;

/** `/hls/…` and `/media/…` → fixtures/hls, fixtures/ads, fixtures/posters; `/catalog-api/…` → fixtures/api. */
function partnerFile(pathname: string, search: URLSearchParams): string | null {
  const rest = pathname.replace(/^\/no-cors/, '');
  if (rest.includes('..')) return null;
  if (rest.startsWith('/hls/')) return path.join(FIXTURES, rest);
  if (rest.startsWith('/media/hls/') || rest.startsWith('/media/ads/') || rest.startsWith('/media/posters/')) return path.join(FIXTURES, rest.slice('/media'.length));
  const content = /^\/catalog-api\/contents\/(\d+)(?:\/(seasons))?$/.exec(rest);
  if (content) return path.join(FIXTURES, 'api', content[2] ?? 'contents', `${content[1]}.json`);
  if (rest === '/catalog-api/episodes' && /^\d+$/.test(search.get('content-id') ?? '')) return path.join(FIXTURES, 'api', 'episodes', `${search.get('content-id')}.json`);
  return null;
}

test.beforeAll(async () => {
  server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', partner);
    seen.push(`${url.pathname}${url.search}`);
    if (!url.pathname.startsWith('/no-cors/')) {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Session-Context, Range');
    }
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (/^\/catalog-api\/contents\/\d+\/available$/.test(url.pathname)) return res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"available":true}');
    if (url.pathname.startsWith('/track/')) return res.writeHead(204).end();
    const file = partnerFile(url.pathname, url.searchParams);
    const body = file ? await readFile(file).catch(() => null) : null;
    if (!body) return res.writeHead(404).end('not here');
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file!)] ?? 'application/octet-stream', 'Content-Length': body.length, 'Cache-Control': 'no-store' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  partner = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Opens the harness at a link of its custom sources (auto_play on, cross-origin embed). */
async function openLink(page: Page, params: Record<string, string>) {
  await page.goto(`/?${new URLSearchParams({ auto_play: '1', embed: 'cross', ...params })}`);
  return page.frameLocator('#player-frame');
}

test.describe('harness: custom sources (issue 26)', () => {
  test('Свой поток: a partner HLS address plays in the full player, its media from the partner', async ({ page }) => {
    const src = `${partner}/hls/film/master.m3u8`;
    const frame = await openLink(page, { scenario: 'custom', src });
    await expect(page.getByTestId('custom-probe')).toHaveAttribute('data-ok', 'true');
    await expect(frame.getByTestId('title')).toContainText('Свой поток');
    await expectPlaysPast(frame, 1);
    expect(seen.some((one) => one.startsWith('/hls/film/video/'))).toBe(true);
    await expect(frame.getByTestId('ad-overlay')).toHaveCount(0);
  });

  test('Свой поток without CORS: the scenario panel names the CORS problem', async ({ page }) => {
    await openLink(page, { scenario: 'custom', src: `${partner}/no-cors/hls/film/master.m3u8` });
    await expect(page.getByTestId('custom-probe')).toHaveText(`CORS: the partner does not allow ${PLAYER_ORIGIN} (no Access-Control-Allow-Origin header)`);
    await expect(page.getByTestId('custom-probe')).toHaveAttribute('data-ok', 'false');
  });

  test('pasted VAST XML plays as the pre-roll and its pings are listed, then sent on to the partner', async ({ page }) => {
    await openLink(page, { scenario: 'film' });
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.1"><Ad id="pasted"><InLine><AdSystem>partner</AdSystem><AdTitle>pasted</AdTitle>
<Impression><![CDATA[${partner}/track/impression?ad=pasted]]></Impression>
<Creatives><Creative id="pasted-creative"><Linear><Duration>00:00:05</Duration>
<TrackingEvents><Tracking event="start"><![CDATA[${partner}/track/start?ad=pasted]]></Tracking></TrackingEvents>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[${partner}/media/ads/ad-5s.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;
    await page.getByTestId('custom-vast-input').fill(xml);
    await page.getByTestId('custom-vast-apply').click();
    await expect(page).toHaveURL(/[?&]vast=xml%3A[a-f0-9]{32}/);
    const frame = page.frameLocator('#player-frame');
    await expect(frame.getByTestId('ad-overlay')).toBeVisible();
    await expectAdPlaysPast(frame, 0.5);
    await page.getByTestId('tab-ads').click();
    await expect(page.getByTestId('vast-result')).toHaveAttribute('data-ok', 'true');
    await expect(page.getByTestId('vast-chosen')).toContainText(`plays: ${partner}/media/ads/ad-5s.mp4 (video/mp4, 640×360)`);
    for (const event of ['impression', 'start']) {
      await expect(page.getByTestId('ping-row').filter({ hasText: event }).last()).toContainText('custom');
    }
    await expect.poll(() => seen.includes('/track/impression?ad=pasted')).toBe(true);
  });

  test('staging base: a content id opens from the staging catalogue, its calls logged through the proxy with their headers (masking: harness/server/routes/staging.test.ts)', async ({ page }) => {
    const frame = await openLink(page, { scenario: 'film', base: partner, content_id: '102' });
    await expect(frame.getByTestId('title')).toContainText('1 сезон, 1 серия');
    await expectPlaysPast(frame, 1);
    // The proxy made the episode's root-relative path absolute on staging: the media came from there.
    expect(seen.some((one) => one.startsWith('/media/hls/series/'))).toBe(true);
    const staged = (await loggedRequests(page, '/__harness/staging/')).filter((entry) => entry.upstream?.startsWith(`${partner}/catalog-api/`));
    expect(staged.map((entry) => new URL(entry.upstream!).pathname)).toEqual(expect.arrayContaining(['/catalog-api/contents/102', '/catalog-api/episodes']));
    await page.getByTestId('tab-requests').click();
    await page.getByTestId('request-filter').fill('/catalog-api/contents/102');
    await page.getByTestId('request-row').filter({ hasText: '/__harness/staging/' }).last().click();
    await expect(page.getByTestId('request-upstream')).toContainText(`${partner}/catalog-api/contents/102`);
    await expect(page.getByTestId('response-header').filter({ hasText: /^content-type:/ })).toContainText('application/json');
  });
});
