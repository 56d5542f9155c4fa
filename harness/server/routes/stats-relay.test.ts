import { describe, expect, it } from 'vitest';
import vm from 'node:vm';
import { useTestServer } from '../test-server';
import { injectStatsRelay } from './stats-relay';
import type { StatRecord } from './stats';

const origins = useTestServer();

const stats = async (query = ''): Promise<StatRecord[]> => (await fetch(`${origins.harness}/__harness/stats${query}`)).json() as Promise<StatRecord[]>;

describe('the stats relay injected into the player page', () => {
  it("receives what the player page's injected relay sends to its own origin, with the page's URL", async () => {
    const html = injectStatsRelay('<html><head></head><body></body></html>', origins.harness, new URLSearchParams());
    const source = /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
    const beacons: Array<Promise<Response>> = [];
    const posted: unknown[] = [];
    const beaconed: string[] = [];
    const page = `${origins.player}/?movie_id=101&harness-client=stats-relay`;
    const window: Record<string, unknown> = {};
    window.parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
    const context = vm.createContext({
      window,
      location: { href: page, origin: origins.player },
      JSON,
      navigator: { sendBeacon: (url: string, body: string) => (beacons.push(fetch(url, { method: 'POST', body })), beaconed.push(url), true) },
    });
    vm.runInContext(source, context);
    (window.rstat4 as (event: string, payload?: unknown) => void)('videoplayer_autoplay', { result: 'blocked' });
    await Promise.all(beacons);
    expect((await stats('?mark=stats-relay')).map(({ page: from, event, payload }) => ({ from, event, payload }))).toEqual([
      { from: page, event: 'videoplayer_autoplay', payload: { result: 'blocked' } },
    ]);
    expect(beaconed).toEqual([`${origins.player}/__harness/stats`]);
    expect(posted).toEqual([{ message: { source: 'harness-rstat4', event: 'videoplayer_autoplay', payload: { result: 'blocked' } }, target: origins.harness }]);
  });
});
