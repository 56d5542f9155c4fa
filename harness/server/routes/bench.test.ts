import { describe, expect, it } from 'vitest';
import { useTestServer } from '../test-server';

const origins = useTestServer();

describe('bench routes', () => {
  it('serves the comparison pages and the two reference players from node_modules on the player origin', async () => {
    const page = await fetch(`${origins.player}/bench/pages/bare-hls.html`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/bench/vendor/hls.js/hls.min.js');
    const hls = await fetch(`${origins.player}/bench/vendor/hls.js/hls.min.js`);
    expect(hls.status).toBe(200);
    expect(hls.headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${origins.player}/bench/vendor/video.js/video.min.js`)).status).toBe(200);
  });

  it('reaches no other package and nothing outside a dist folder', async () => {
    expect((await fetch(`${origins.player}/bench/vendor/react/index.js`)).status).toBe(404);
    expect((await fetch(`${origins.player}/bench/vendor/hls.js/../package.json`)).status).not.toBe(200);
    expect((await fetch(`${origins.player}/bench/vendor/hls.js/%2e%2e/package.json`)).status).not.toBe(200);
    expect((await fetch(`${origins.harness}/bench/pages/bare-hls.html`)).status).toBe(404);
  });

  it('serves a one-pre-roll ad list whose VAST points at a fixture creative on the same origin', async () => {
    const list = (await (await fetch(`${origins.player}/bench/ads/list.json`)).json()) as { prerollList: Array<{ vastUrl: string }> };
    expect(list.prerollList).toHaveLength(1);
    const vastUrl = list.prerollList[0]!.vastUrl;
    expect(vastUrl.startsWith(`${origins.player}/bench/ads/preroll.xml`)).toBe(true);
    const vast = await (await fetch(vastUrl)).text();
    expect(vast).toMatch(/<MediaFile[^>]+type="video\/mp4"[^>]+width="640"[^>]+height="360"/);
    const media = /<!\[CDATA\[(http[^\]]+\.mp4)\]\]>/.exec(vast)?.[1];
    expect(media).toBe(`${origins.player}/media/ads/ad-5s.mp4`);
    expect((await fetch(media!, { method: 'HEAD' })).status).toBe(200);
  });

  it('queues as many pre-rolls as ?count= asks, and refuses a count out of range', async () => {
    const list = (await (await fetch(`${origins.player}/bench/ads/list.json?count=10`)).json()) as { prerollList: Array<{ vastUrl: string }> };
    expect(list.prerollList).toHaveLength(10);
    expect(new Set(list.prerollList.map((item) => item.vastUrl)).size).toBe(1);
    for (const bad of ['0', '21', '2.5', 'ten']) {
      const res = await fetch(`${origins.player}/bench/ads/list.json?count=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('count must be an integer from 1 to 20');
    }
  });
});
