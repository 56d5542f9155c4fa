import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../test-server';
import type { RequestLogEntry } from '../../common/types';
import { AD_SETS } from './ads';

const origins = useTestServer();

async function waitForPath(path: string): Promise<RequestLogEntry> {
  for (let i = 0; i < 50; i++) {
    const entries = (await (await fetch(`${origins.harness}/__harness/requests`)).json()) as RequestLogEntry[];
    const found = entries.find((entry) => entry.path === path);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${path} is not in the request log`);
}

describe('harness ads routes', () => {
  it('serves ad-list sets on both origins; without a set the catalogue fixture answers', async () => {
    const res = await fetch(`${origins.player}/ads/list.json?set=two-ads`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ prerollList: AD_SETS['two-ads'] });
    expect((await fetch(`${origins.harness}/ads/list.json?set=skippable`)).status).toBe(200);
    expect(await (await fetch(`${origins.player}/ads/list.json`)).json()).toEqual({ prerollList: [] });
    expect((await fetch(`${origins.player}/ads/list.json?set=nope`)).status).toBe(404);
  });

  it('inlines the document for a dataXml item', async () => {
    const body = (await (await fetch(`${origins.player}/ads/list.json?set=data-xml`)).json()) as { prerollList: Array<{ dataXml: string }> };
    expect(body.prerollList[0]?.dataXml).toContain('<VAST');
    expect(body.prerollList[0]?.dataXml).toContain(`${origins.harness}/track/impression`);
  });

  it('serves VAST fixtures with the running harness origin, CORS open', async () => {
    const res = await fetch(`${origins.player}/ads/vast/inline-skippable.xml?creativeId=x`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const text = await res.text();
    expect(text).toContain(`${origins.harness}/track/start?ad=skippable`);
    expect(text).not.toContain('127.0.0.1:4101');
    expect((await fetch(`${origins.player}/ads/vast/missing.xml`)).status).toBe(404);
  });

  it("names the harness client of the player that fetched it on the ad media links, and only there", async () => {
    const page = `${origins.player}/?movie_id=101&harness-client=qa-7`;
    const named = await (await fetch(`${origins.player}/ads/vast/inline-skippable.xml?creativeId=x`, { headers: { Referer: page } })).text();
    expect(named).toContain(`${origins.harness}/media/ads/ad-12s.mp4?harness-client=qa-7]]>`);
    expect(named).toContain(`${origins.harness}/track/start?ad=skippable]]>`);
    const plain = await (await fetch(`${origins.player}/ads/vast/inline-skippable.xml?creativeId=x`)).text();
    expect(plain).toContain(`${origins.harness}/media/ads/ad-12s.mp4]]>`);
  });

  it('delays a VAST answer by ?delay= (the slow-VAST route)', async () => {
    const started = performance.now();
    const res = await fetch(`${origins.player}/ads/vast/inline-non-skippable.xml?delay=300`);
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('answers a tracking pixel with a 1x1 GIF and logs it with its event and ad id', async () => {
    const res = await fetch(`${origins.harness}/track/firstQuartile?ad=skippable&n=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    const gif = Buffer.from(await res.arrayBuffer());
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const entry = await waitForPath('/track/firstQuartile?ad=skippable&n=1');
    expect(entry.status).toBe(200);
  });

  it('serves an advertiser landing page for click-throughs', async () => {
    const res = await fetch(`${origins.harness}/advertiser`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Advertiser landing page');
  });
});
