/**
 * Issue 26 on the harness server: the custom stream's catalogue, the CORS probe, the custom ad
 * list and VAST proxy with its pings, against a second loopback server standing in for a partner
 * (its own port, CORS on or off by path). Nothing leaves loopback. The staging proxy is
 * staging.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { requestLogged, usePartner, useTestServer } from '../test-server';
import { customCspSources } from './custom';
import { playerCsp } from './pages';
import { customContentId, encodeToken } from '../../common/custom-source';
import type { RequestLogEntry } from '../../common/types';

const origins = useTestServer();

const PARTNER_VAST = (origin: string) => `<?xml version="1.0"?><VAST version="4.1"><Ad id="p"><InLine><AdSystem>partner</AdSystem><AdTitle>p</AdTitle>
<Impression><![CDATA[${origin}/ping/impression?x=1&y=2]]></Impression>
<Creatives><Creative><Linear><Duration>00:00:05</Duration>
<TrackingEvents><Tracking event="start"><![CDATA[${origin}/ping/start]]></Tracking></TrackingEvents>
<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[${origin}/ad.mp4]]></MediaFile></MediaFiles>
</Linear></Creative></Creatives></InLine></Ad></VAST>`;

/** The partner: a playlist with and without CORS, a VAST tag and a ping sink. */
const partner = usePartner((url, _req, res) => {
  const cors = !url.pathname.startsWith('/no-cors/');
  if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
  if (url.pathname.endsWith('master.m3u8')) {
    res.setHeader('Content-Type', 'application/vnd.apple.mpegurl');
    return res.end('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\nv.m3u8\n');
  }
  if (url.pathname === '/page.html') return res.end('<html></html>');
  if (url.pathname === '/vast.xml') return res.end(PARTNER_VAST(url.origin));
  if (url.pathname.startsWith('/ping/')) return res.end('');
});
const logged = (match: (entry: RequestLogEntry) => boolean) => requestLogged(origins, match);

describe('custom stream', () => {
  it('serves a one-film catalogue whose episode is the address, on both origins, and logs it', async () => {
    const src = `${partner.url}/vod/master.m3u8`;
    const base = `${origins.player}/custom/${encodeToken(src)}`;
    const id = customContentId(src);
    const content = await (await fetch(`${base}/catalog-api/contents/${id}`)).json();
    expect(content).toMatchObject({ id, hasMultipleEpisodes: false });
    const episodes = (await (await fetch(`${base}/catalog-api/episodes?content-id=${id}`)).json()) as Array<{ m3u8MasterFilePath: string }>;
    expect(episodes.map((e) => e.m3u8MasterFilePath)).toEqual([src]);
    expect(await (await fetch(`${base}/catalog-api/contents/${id}/seasons`)).json()).toHaveLength(1);
    expect(await (await fetch(`${base}/catalog-api/contents/${id}/available?domain=x`)).json()).toEqual({ available: true });
    const sameOrigin = await fetch(`${origins.harness}/custom/${encodeToken(src)}/catalog-api/episodes?content-id=${id}`);
    expect(sameOrigin.status).toBe(200);
    expect((await fetch(`${origins.player}/custom/${encodeToken('javascript:1')}/catalog-api/contents/1`)).status).toBe(404);
    await logged((entry) => entry.path.startsWith(`/custom/${encodeToken(src)}/catalog-api/episodes`));
  });

  it('the CORS probe tells a partner that allows the player from one that does not', async () => {
    const probe = async (src: string) => {
      const query = new URLSearchParams({ src, origin: origins.player });
      return (await (await fetch(`${origins.harness}/__harness/custom/probe?${query}`)).json()) as { ok: boolean; message: string };
    };
    expect(await probe(`${partner.url}/vod/master.m3u8`)).toMatchObject({ ok: true, message: `OK: an HLS playlist, and CORS allows ${origins.player}` });
    const saw = await partner.saw((seen) => seen.url === '/vod/master.m3u8');
    expect(saw.headers.origin).toBe(origins.player);
    expect(await probe(`${partner.url}/no-cors/master.m3u8`)).toMatchObject({
      ok: false,
      message: `CORS: the partner does not allow ${origins.player} (no Access-Control-Allow-Origin header)`,
    });
    expect(await probe(`${partner.url}/missing.m3u8`)).toMatchObject({ ok: false, message: 'HTTP 404 from the partner for the stream address' });
    expect(await probe(`${partner.url}/page.html`)).toMatchObject({ ok: false, message: 'Not an HLS playlist: the answer does not start with #EXTM3U' });
    const closed = await probe('http://127.0.0.1:9/master.m3u8');
    expect(closed.ok).toBe(false);
    expect(closed.message).toMatch(/^Network: the harness server could not reach 127\.0\.0\.1:9 \(/);
    const bad = await fetch(`${origins.harness}/__harness/custom/probe?src=ftp://x/a&origin=${origins.player}`);
    expect(bad.status).toBe(400);
  });

  it("the player page's CSP allows the partner's origin, and any ad media for a custom tag", () => {
    const query = new URLSearchParams({ 'data-base-url': `/custom/${encodeToken(`${partner.url}/vod/master.m3u8`)}`, 'data-ad-list-url': '/ads/custom/list.json?tag=x' });
    const sources = customCspSources(query);
    expect(sources).toEqual({ origins: [partner.url], anyMedia: true });
    const csp = playerCsp('<html></html>', ['http://localhost:1', ...sources.origins], ['http:', 'https:']);
    expect(csp).toContain(`connect-src 'self' http://localhost:1 ${partner.url}`);
    expect(csp).toContain(`media-src 'self' blob: http://localhost:1 ${partner.url} http: https:`);
    const staging = customCspSources(new URLSearchParams({ 'data-base-url': `/__harness/staging/${encodeToken('https://staging.example/api')}` }));
    expect(staging).toEqual({ origins: ['https://staging.example'], anyMedia: false });
    expect(customCspSources(new URLSearchParams({ 'data-base-url': '/custom/%%%' }))).toEqual({ origins: [], anyMedia: false });
  });
});

describe('custom ad tag', () => {
  it('a tag address: the ad list points at the VAST proxy, which rewrites the pings to the harness', async () => {
    const tag = `${partner.url}/vast.xml`;
    const list = (await (await fetch(`${origins.player}/ads/custom/list.json?tag=${encodeURIComponent(tag)}`)).json()) as { prerollList: Array<{ vastUrl: string }> };
    expect(list.prerollList).toEqual([{ vastUrl: `${origins.harness}/ads/custom/vast?url=${encodeURIComponent(tag)}` }]);
    const proxied = await fetch(list.prerollList[0]!.vastUrl);
    expect(proxied.headers.get('access-control-allow-origin')).toBe('*');
    const xml = await proxied.text();
    expect(xml).toContain(`<Impression><![CDATA[${origins.harness}/track/impression?ad=custom&to=${partner.url}/ping/impression?x=1&y=2]]></Impression>`);
    expect(xml).toContain(`${partner.url}/ad.mp4`);
    expect((await fetch(`${origins.harness}/ads/custom/vast?url=${encodeURIComponent(`${partner.url}/nothing.xml`)}`)).status).toBe(404);
    expect((await fetch(`${origins.player}/ads/custom/list.json?tag=javascript:1`)).status).toBe(400);
  });

  it('a ping through the harness is logged as a ping and sent on to the partner', async () => {
    const response = await fetch(`${origins.player}/track/impression?ad=custom&to=${partner.url}/ping/impression?x=1&y=2`);
    expect(response.headers.get('content-type')).toBe('image/gif');
    await partner.saw((seen) => seen.url === '/ping/impression?x=1&y=2');
    await logged((entry) => entry.path.startsWith('/track/impression?ad=custom&to='));
  });

  it('pasted XML: stored by id, served in the dataXml form with its pings rewritten', async () => {
    const xml = PARTNER_VAST(partner.url);
    const posted = await fetch(`${origins.harness}/__harness/custom-vast`, { method: 'POST', body: xml });
    const { id } = (await posted.json()) as { id: string };
    expect(id).toMatch(/^[a-f0-9]{32}$/);
    expect((await fetch(`${origins.harness}/__harness/custom-vast/${id}`)).status).toBe(200);
    expect((await fetch(`${origins.harness}/__harness/custom-vast/${'0'.repeat(32)}`)).status).toBe(404);
    const list = (await (await fetch(`${origins.player}/ads/custom/list.json?xml=${id}`)).json()) as { prerollList: Array<{ dataXml: string }> };
    expect(list.prerollList).toHaveLength(1);
    expect(list.prerollList[0]!.dataXml).toContain(`${origins.harness}/track/start?ad=custom&to=${partner.url}/ping/start`);
    expect((await fetch(`${origins.player}/ads/custom/list.json?xml=${'0'.repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${origins.harness}/__harness/custom-vast`, { method: 'POST', body: 'not xml' })).status).toBe(400);
  });
});
