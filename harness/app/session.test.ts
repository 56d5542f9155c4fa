import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessions, harnessClient, sessionAddress } from './session';
import { readStats } from './stats';

const PAGE = { origin: 'http://127.0.0.1:4101', pathname: '/', href: 'http://127.0.0.1:4101/?scenario=film&auto_play=1&embed=cross' };

describe('a session link', () => {
  it.each([
    ['?scenario=series&auto_play=0', '/?scenario=series&auto_play=0'],
    ['http://127.0.0.1:4101/?scenario=ads-two&embed=same', '/?scenario=ads-two&embed=same'],
    ['/', '/'],
  ])('%s opens this page at %s', (link, address) => {
    expect(sessionAddress(link, PAGE)).toBe(address);
  });

  it.each([
    ['http://localhost:4100/?movie_id=101', 'a harness link opens this page (http://127.0.0.1:4101/), not http://localhost:4100/'],
    ['/player/?movie_id=101', 'a harness link opens this page (http://127.0.0.1:4101/), not http://127.0.0.1:4101/player/'],
    ['http://[::1', 'not a harness link: "http://[::1"'],
  ])('%s is refused: %s', (link, reason) => {
    expect(() => sessionAddress(link, PAGE)).toThrow(reason);
  });
});

describe('sessions in one page', () => {
  let shown: string[];
  let page: { location: typeof PAGE & Location; history: History; scrollTo: ReturnType<typeof vi.fn<(x: number, y: number) => void>> };
  let addresses: string[];

  beforeEach(() => {
    vi.stubGlobal('window', {});
    shown = [];
    addresses = [];
    page = {
      location: { ...PAGE } as typeof PAGE & Location,
      history: { replaceState: (_state: unknown, _title: string, address: string) => addresses.push(address) } as unknown as History,
      scrollTo: vi.fn<(x: number, y: number) => void>(),
    };
  });
  afterEach(() => vi.unstubAllGlobals());

  it('the page load shows the first session; open ends it, then shows the next at the new address, with a new client id and no stats', () => {
    const sessions = createSessions((session, now) => shown.push(`${session ?? 'nothing'}${now ? '' : ' (scheduled)'}`), page);
    // The page load's session as React schedules it, the next ones at once.
    expect(shown).toEqual(['0 (scheduled)']);
    const before = harnessClient();
    window.rstat4 = undefined;
    (window as { __harnessStats?: unknown }).__harnessStats = [{ event: 'old' }];

    const client = sessions.open('?scenario=series&auto_play=0');
    expect(shown).toEqual(['0 (scheduled)', 'nothing', '1']);
    expect(addresses).toEqual(['/?scenario=series&auto_play=0']);
    expect(client).toBe(harnessClient());
    expect(client).not.toBe(before);
    expect(client).toMatch(/^qa-[a-z0-9]+$/);
    expect(readStats()).toEqual([]);
    expect((window as { __harnessStats?: unknown }).__harnessStats).toEqual([]);
    expect(page.scrollTo).toHaveBeenCalledWith(0, 0);

    sessions.close();
    expect(shown).toEqual(['0 (scheduled)', 'nothing', '1', 'nothing']);
    sessions.open('/?scenario=film');
    expect(shown).toEqual(['0 (scheduled)', 'nothing', '1', 'nothing', 'nothing', '2']);
  });

  it('a link to another page is refused, and the session shown goes on as it was', () => {
    const sessions = createSessions((session, now) => shown.push(`${session ?? 'nothing'}${now ? '' : ' (scheduled)'}`), page);
    const client = harnessClient();
    expect(() => sessions.open('http://localhost:4100/?movie_id=101')).toThrow('a harness link opens this page');
    expect(shown).toEqual(['0 (scheduled)']);
    expect(addresses).toEqual([]);
    expect(harnessClient()).toBe(client);
  });
});
