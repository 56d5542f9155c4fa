/**
 * The bad-input matrix, unit half (issue 10 §1): each row names a hostile or broken input and
 * the outcome the deciding unit must give. The viewer-facing half is e2e/reliability.spec.ts.
 * docs/operations.md, "Reliability and security", lists what these rows try.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAvailability, parseContent, parseEpisodes, parseSeasons, InvalidBodyError } from '../api/dto';
import { parseConfig, type PlayerConfig } from '../features/session/config';
import { chooseEpisode, type EpisodeRequest } from '../features/session/episodes';
import { decideStart, sanitizeProgress, type StartDecision } from '../features/progress/start';
import { safeHttpUrl } from '../features/ads/tracking-rules';
import { isOpenableUrl } from '../features/share/targets';
import { pingImage } from '../platform/pixel';
import { listenToParent, parseParentAction, type ParentAction } from '../platform/parent-bridge';
import { createWebStorage, isBoolean, isFiniteNumber, readTyped, recordOf, isString } from '../platform/storage';
import { resolveVast, parseVast, VastError, type ParsedAd } from '../vast';
import { canPlayType, fixtureFetcher, fixtureUrl, parseXml, readFixture } from '../vast/test-support';

const fixtureJson = (path: string): unknown => JSON.parse(readFileSync(new URL(`../../fixtures/${path}`, import.meta.url), 'utf8'));

// ---------------------------------------------------------------------------------------------
// Query parameters → PlayerConfig (parseConfig decides; the page shows the missing-id text
// whenever movieId is null).
// ---------------------------------------------------------------------------------------------
const PAGE = 'http://localhost:4100/';
const QUERY_ROWS: Array<[search: string, expected: Partial<PlayerConfig>]> = [
  ['?movie_id=abc', { movieId: null }],
  ['?movie_id=1.5', { movieId: null }],
  ['?movie_id=-1', { movieId: null }],
  ['?movie_id=0', { movieId: null }],
  ['?movie_id=99999999999999999999', { movieId: null }],
  ['?movie_id=', { movieId: null }],
  ['?movie_id=1e3', { movieId: null }],
  ['?movie_id=0x65', { movieId: null }],
  ['?movie_id=101&movie_id=102', { movieId: 101 }],
  ['?movie_id=abc&movie_id=101', { movieId: null }],
  ['?movie_id=%20101%20', { movieId: 101 }],
  ['?movie_id=101&episode_id=abc', { movieId: 101, episodeId: null }],
  ['?movie_id=102&season=2', { season: 2, episode: 1 }],
  ['?movie_id=102&season=x&episode=2', { season: null, episode: 2 }],
  ['?movie_id=102&season=-1&episode=-1', { season: null, episode: null }],
  ['?movie_id=101&t=abc', { startTime: null }],
  ['?movie_id=101&t=-5', { startTime: null }],
  ['?movie_id=101&t=', { startTime: null }],
  ['?movie_id=101&t=...', { startTime: null }],
  ['?movie_id=101&t=12.7', { startTime: 12 }],
  ['?movie_id=101&t=99999999999999999999', { startTime: null }],
  ['?movie_id=101&episode_time=garbage', { episodeTime: null }],
  ['?movie_id=101&episode_time=-3', { episodeTime: null }],
  ['?movie_id=101&episode_time=Infinity', { episodeTime: null }],
];

describe('query parameters', () => {
  it.each(QUERY_ROWS)('%s → %o', (search, expected) => {
    expect(parseConfig({ search, pageUrl: `${PAGE}${search}` })).toMatchObject(expected);
  });

  it.each([
    [{ movieId: 'abc' }, 101],
    [{ movieId: -7 }, 101],
    [{ movieId: 1.5 }, 101],
    [{ movieId: { toString: () => '5' } }, 101],
  ])('global MOVIE_ID %o that is no positive integer falls back to the query → %s', ({ movieId }, expected) => {
    expect(parseConfig({ search: '?movie_id=101', pageUrl: PAGE, globalMovieId: movieId }).movieId).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', 'http://localhost:4100'],
    ['data:text/html,x', 'http://localhost:4100'],
  ])('data-base-url %s is not used → %s', (baseUrl, expected) => {
    expect(parseConfig({ search: '', pageUrl: PAGE, rootData: { baseUrl } }).baseUrl).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// Episode choice (series 102: S1E1..3, S2E1..3, none completed; 107: season 1 completed).
// ---------------------------------------------------------------------------------------------
const series = parseEpisodes(fixtureJson('api/episodes/102.json'));
const completedFirst = parseEpisodes(fixtureJson('api/episodes/107.json'));
const req = (partial: Partial<EpisodeRequest>): EpisodeRequest => ({ episodeId: null, season: null, episode: null, ...partial });

const CHOICE_ROWS: Array<[label: string, episodes: typeof series, request: EpisodeRequest, expectedId: number]> = [
  ['unknown episode_id → first not completed', series, req({ episodeId: 999 }), 10211],
  ['unknown episode_id on 107 → first not completed (S2E1)', completedFirst, req({ episodeId: 999 }), 10721],
  ['season without episode → that season, episode 1', series, req({ season: 2, episode: 1 }), 10221],
  ['season out of range → first not completed', series, req({ season: 9, episode: 1 }), 10211],
  ['episode out of range → first not completed', series, req({ season: 1, episode: 9 }), 10211],
  ['episode without season → ignored', series, req({ episode: 3 }), 10211],
  ['unknown episode_id + valid season/episode → season/episode', series, req({ episodeId: 5, season: 2, episode: 3 }), 10223],
];

describe('episode choice', () => {
  it.each(CHOICE_ROWS)('%s', (_label, episodes, request, expectedId) => {
    expect(chooseEpisode(episodes, request)?.id).toBe(expectedId);
  });
  it('no episodes at all → null (the page shows the no-episodes text)', () => {
    expect(chooseEpisode([], req({ episodeId: 1 }))).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Start position (t, episode_time) against a 30 s film. A t past the end is left to the engine
// (hls.js starts such a source at 0): e2e/reliability.spec.ts has that row.
// ---------------------------------------------------------------------------------------------
const START_ROWS: Array<[label: string, t: number | null, episodeTime: number | null, saved: Record<string, number>, expected: StartDecision]> = [
  ['t inside → starts there', 12, null, {}, { startTime: 12, resumeAt: null, autoplay: null }],
  ['episode_time past the duration → no prompt', null, 99999, {}, { startTime: 0, resumeAt: null, autoplay: null }],
  ['episode_time inside → prompt', null, 14, {}, { startTime: 0, resumeAt: 14, autoplay: false }],
  ['saved position past the duration → no prompt', null, null, { 10101: 500 }, { startTime: 0, resumeAt: null, autoplay: null }],
];

describe('start position', () => {
  it.each(START_ROWS)('%s', (_label, startTime, episodeTime, saved, expected) => {
    expect(decideStart({ choice: 'start', episodeId: 10101, duration: 30, startTime, episodeTime, saved })).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// API bodies at the boundary: a bad body is a typed InvalidBodyError (→ generic page error),
// never a crash deeper in.
// ---------------------------------------------------------------------------------------------
const film = fixtureJson('api/contents/101.json') as Record<string, unknown>;
const episode = (fixtureJson('api/episodes/101.json') as Array<Record<string, unknown>>)[0]!;
const invalid = 'InvalidBodyError';

const API_ROWS: Array<[label: string, parse: () => unknown, expected: unknown]> = [
  ['details: empty body (the client gives "")', () => parseContent(''), invalid],
  ['details: null body', () => parseContent(null), invalid],
  ['details: an HTML 502 page as text', () => parseContent('<html><body><h1>502 Bad Gateway</h1></body></html>'), invalid],
  ['details: a JSON array', () => parseContent([film]), invalid],
  ['details: title missing', () => parseContent({ ...film, title: undefined }), invalid],
  ['details: id as a string', () => parseContent({ ...film, id: '101' }), invalid],
  ['details: id NaN-like (null)', () => parseContent({ ...film, id: null }), invalid],
  ['details: rating of the wrong shape', () => parseContent({ ...film, rating: 'high' }), invalid],
  ['details: title with <script>/<img onerror> kept verbatim as text', () => parseContent({ ...film, title: '<script>window.x=1</script><img src=x onerror=alert(1)>' }).title, '<script>window.x=1</script><img src=x onerror=alert(1)>'],
  ['details: optional fields missing → nulls/empties', () => { const c = parseContent({ id: 1, title: 'x' }); return [c.posterUrl, c.year, c.countries, c.rating]; }, [null, null, [], null]],
  ['seasons: order null', () => parseSeasons([{ id: 1, order: null }]), invalid],
  ['seasons: not a list', () => parseSeasons({ items: [] }), invalid],
  ['episodes: {"items":"not a list"}', () => parseEpisodes({ items: 'not a list' }), invalid],
  ['episodes: id as a string', () => parseEpisodes([{ ...episode, id: '10101' }]), invalid],
  ['episodes: no m3u8MasterFilePath → null path', () => parseEpisodes([{ ...episode, m3u8MasterFilePath: undefined }])[0]!.m3u8MasterFilePath, null],
  ['episodes: empty m3u8MasterFilePath → null path', () => parseEpisodes([{ ...episode, m3u8MasterFilePath: '' }])[0]!.m3u8MasterFilePath, null],
  ['episodes: m3u8MasterFilePath a number', () => parseEpisodes([{ ...episode, m3u8MasterFilePath: 5 }]), invalid],
  ['episodes: duration "30"', () => parseEpisodes([{ ...episode, duration: '30' }]), invalid],
  ['availability: field missing → available', () => parseAvailability({}), { available: true }],
  ['availability: "no" (mistyped)', () => parseAvailability({ available: 'no' }), invalid],
  ['availability: empty body', () => parseAvailability(''), invalid],
];

describe('API bodies', () => {
  it.each(API_ROWS)('%s', (_label, parse, expected) => {
    if (expected === invalid) expect(parse).toThrow(InvalidBodyError);
    else expect(parse()).toEqual(expected);
  });
});

// ---------------------------------------------------------------------------------------------
// VAST: every fixture, and hostile documents. Outcome: the ad's id/media, or the VAST code.
// ---------------------------------------------------------------------------------------------
const vastOptions = { parseXml, canPlayType, fetchText: fixtureFetcher(), timeoutMs: 2000 };
async function vastOutcome(source: { url: string } | { xml: string }): Promise<string | number> {
  try {
    const ad: ParsedAd = await resolveVast(source, vastOptions);
    return `ok ${new URL(ad.mediaFile.url).pathname}`;
  } catch (error) {
    if (error instanceof VastError) return error.code;
    throw error;
  }
}

const FIXTURE_ROWS: Array<[file: string, expected: string | number]> = [
  ['cdata-whitespace.xml', 'ok /media/ads/missing.webm'],
  ['demo-1.xml', 'ok /media/ads/ad-5s.mp4'],
  ['demo-2.xml', 'ok /media/ads/ad-12s.mp4'],
  ['empty.xml', 901],
  ['huge.xml', 'ok /media/ads/ad-5s.mp4'],
  ['inline-non-skippable.xml', 'ok /media/ads/ad-5s.mp4'],
  ['inline-progress.xml', 'ok /media/ads/ad-5s.mp4'],
  ['inline-skippable-fraction.xml', 'ok /media/ads/ad-12s.mp4'],
  ['inline-skippable-percent.xml', 'ok /media/ads/ad-12s.mp4'],
  ['inline-skippable.xml', 'ok /media/ads/ad-12s.mp4'],
  ['javascript-clickthrough.xml', 'ok /media/ads/ad-5s.mp4'],
  ['malformed.xml', 100],
  ['multiple-ads.xml', 901],
  ['no-complete-media.xml', 401],
  ['unplayable.xml', 403],
  ['vast-client-inline-linear.xml', 'ok /wp-content/uploads/2016/07/VAST-4.0-Short-Intro.mp4'],
  ['vast-client-sample-1.xml', 401],
  ['wrapper-a.xml', 'ok /media/ads/ad-5s.mp4'],
  ['wrapper-b.xml', 'ok /media/ads/ad-5s.mp4'],
  ['wrapper-loop.xml', 302],
  ['wrapper-to-empty.xml', 303],
];

const inline = (extra: { head?: string; title?: string; click?: string; tracking?: string } = {}) =>
  `${extra.head ?? '<?xml version="1.0" encoding="UTF-8"?>'}<VAST version="4.1"><Ad id="x"><InLine><AdSystem>t</AdSystem><AdTitle>${extra.title ?? 't'}</AdTitle>` +
  `<Impression><![CDATA[http://127.0.0.1:4101/track/impression?ad=x]]></Impression><Creatives><Creative><Linear><Duration>00:00:05</Duration>` +
  `<TrackingEvents>${extra.tracking ?? ''}</TrackingEvents><VideoClicks>${extra.click ?? ''}</VideoClicks>` +
  `<MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[http://127.0.0.1:4101/media/ads/ad-5s.mp4]]></MediaFile></MediaFiles>` +
  `</Linear></Creative></Creatives></InLine></Ad></VAST>`;

const BOMB =
  '<?xml version="1.0"?><!DOCTYPE VAST [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
  '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">' +
  '<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;"><!ENTITY i "&h;&h;&h;&h;&h;&h;&h;&h;&h;&h;">]>' +
  inline({ head: '', title: '&i;' });
const XXE = `<?xml version="1.0"?><!DOCTYPE VAST [<!ENTITY x SYSTEM "file:///etc/passwd">]>${inline({ head: '', title: '&x;' })}`;
const FIVE_MB = inline({ title: 'big', tracking: `<!-- ${'x'.repeat(5 * 1024 * 1024)} -->` });
// windows-1251 bytes for "Реклама" read as UTF-8 by a fetch that ignored the declared charset.
const NON_UTF8 = inline({ head: '<?xml version="1.0" encoding="windows-1251"?>', title: new TextDecoder('utf-8').decode(new Uint8Array([0xd0, 0xe5, 0xea, 0xeb, 0xe0, 0xec, 0xe0])) });
const BOM = `\uFEFF${inline()}`;

const HOSTILE_ROWS: Array<[label: string, xml: string, expected: string | number]> = [
  ['XML bomb (entity expansion, 10^9 characters): not expanded → 100', BOMB, 100],
  ['external entity (XXE file:///etc/passwd): not resolved → 100', XXE, 100],
  ['5 MB document → parsed', FIVE_MB, 'ok /media/ads/ad-5s.mp4'],
  ['non-UTF-8 bytes (windows-1251 read as UTF-8) → parsed', NON_UTF8, 'ok /media/ads/ad-5s.mp4'],
  ['a byte-order mark before the prolog → parsed', BOM, 'ok /media/ads/ad-5s.mp4'],
  ['an HTML error page instead of XML → 100', '<html><body>502 Bad Gateway</html>', 100],
  ['a JSON body → 100', '{"ads":[]}', 100],
];

describe('VAST documents', () => {
  it('the matrix lists every fixture of fixtures/vast', () => {
    const files = readdirSync(new URL('../../fixtures/vast/', import.meta.url)).filter((f) => f.endsWith('.xml'));
    expect(FIXTURE_ROWS.map(([file]) => file).sort()).toEqual(files.sort());
  });

  it.each(FIXTURE_ROWS)('fixture %s → %s', async (file, expected) => {
    expect(await vastOutcome({ url: fixtureUrl(file, '?creativeId=m') })).toBe(expected);
  });

  it.each(HOSTILE_ROWS)('%s', async (_label, xml, expected) => {
    expect(await vastOutcome({ xml })).toBe(expected);
  });

  it('the 5 MB document does not echo the padding into the parsed ad', () => {
    const ad = parseVast(FIVE_MB, { parseXml, canPlayType });
    expect(JSON.stringify(ad).length).toBeLessThan(10_000);
  });

  it('the bomb fixture served to the player is the same bomb', () => {
    expect(() => parseVast(readFixture('bad/xml-bomb.xml'), { parseXml, canPlayType })).toThrow(VastError);
  });
});

const UNSAFE_URLS: Array<[url: string, expected: string | null]> = [
  ['javascript:alert(document.domain)', null],
  ['  javascript:alert(1)', null],
  ['JaVaScRiPt:alert(1)', null],
  ['data:text/html;base64,PHNjcmlwdD4=', null],
  ['vbscript:msgbox', null],
  ['file:///etc/passwd', null],
  ['//evil.example/x', null],
  ['http://127.0.0.1:4101/landing', 'http://127.0.0.1:4101/landing'],
];

describe('click-through, share and tracking links', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(UNSAFE_URLS)('click-through %s → %s', (url, expected) => {
    expect(safeHttpUrl(url)).toBe(expected);
    expect(isOpenableUrl(url.trim())).toBe(expected !== null);
  });

  it.each(UNSAFE_URLS)('tracking pixel %s → pinged: %s', (url, expected) => {
    const created: string[] = [];
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        onerror: (() => void) | null = null;
        referrerPolicy = '';
        set src(value: string) {
          created.push(value);
        }
      },
    );
    pingImage(url);
    expect(created).toEqual(expected === null ? [] : [url]);
  });

  it('javascript: click-through of a parsed VAST document is parsed as is but never offered', () => {
    const ad = parseVast(inline({ click: '<ClickThrough><![CDATA[javascript:alert(1)]]></ClickThrough>' }), { parseXml, canPlayType });
    expect(ad.clickThrough).toBe('javascript:alert(1)');
    expect(safeHttpUrl(ad.clickThrough)).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------
// Storage: a broken localStorage never throws into the player and never wipes other keys.
// ---------------------------------------------------------------------------------------------
function fakeStorage(initial: Record<string, string>, faults: { getItem?: Error; setItem?: Error } = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => {
      if (faults.getItem) throw faults.getItem;
      return map.get(k) ?? null;
    },
    setItem: (k, v) => {
      if (faults.setItem) throw faults.setItem;
      map.set(k, String(v));
    },
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}
const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
const security = new DOMException('Access is denied for this document.', 'SecurityError');

const STORAGE_READ_ROWS: Array<[label: string, raw: string, read: (s: ReturnType<typeof createWebStorage>) => unknown, expected: unknown]> = [
  ['player-volume invalid JSON', '{oops', (s) => readTyped(s, 'k', isFiniteNumber), null],
  ['player-volume a string', '"loud"', (s) => readTyped(s, 'k', isFiniteNumber), null],
  ['player-volume a valid number', '0.35', (s) => readTyped(s, 'k', isFiniteNumber), 0.35],
  ['player-muted "yes"', '"yes"', (s) => readTyped(s, 'k', isBoolean), null],
  ['favoriteAudioTracks with a number label', '{"101":5}', (s) => readTyped(s, 'k', recordOf(isString)), null],
  ['favoriteAudioTracks an array', '["x"]', (s) => readTyped(s, 'k', recordOf(isString)), null],
  ['episodesTimeProgress an array', '[1,2]', (s) => sanitizeProgress(s.read('k')), {}],
  ['episodesTimeProgress mixed entries: bad ones dropped', '{"10101":12,"10211":"7","x":3,"10212":-1,"10213":null}', (s) => sanitizeProgress(s.read('k')), { 10101: 12 }],
  ['episodesTimeProgress "null"', 'null', (s) => sanitizeProgress(s.read('k')), {}],
  ['a huge value (6 MB string)', JSON.stringify('x'.repeat(6 * 1024 * 1024)), (s) => readTyped(s, 'k', isFiniteNumber), null],
];

describe('storage', () => {
  it.each(STORAGE_READ_ROWS)('%s', (_label, raw, read, expected) => {
    const storage = createWebStorage(() => fakeStorage({ k: raw }));
    expect(read(storage)).toEqual(expected);
  });

  it('localStorage itself throws on access (Safari private mode, blocked frame) → reads nothing, writes false', () => {
    const storage = createWebStorage(() => {
      throw security;
    });
    expect(storage.read('player-volume')).toBeUndefined();
    expect(storage.write('player-volume', 0.5)).toBe(false);
    expect(() => storage.remove('player-volume')).not.toThrow();
  });

  it('getItem throws → read undefined', () => {
    expect(createWebStorage(() => fakeStorage({ k: '1' }, { getItem: security })).read('k')).toBeUndefined();
  });

  it('quota exceeded on write → false, and the keys already stored are intact', () => {
    const backing = fakeStorage({ 'player-volume': '0.4', episodesTimeProgress: '{"10101":12}' }, { setItem: quota });
    const storage = createWebStorage(() => backing);
    expect(storage.write('episodesTimeProgress', { 10101: 20, 10211: 4 })).toBe(false);
    expect(storage.read('episodesTimeProgress')).toEqual({ 10101: 12 });
    expect(storage.read('player-volume')).toBe(0.4);
  });

  it('an unserialisable value (cycle, BigInt) → false, nothing written', () => {
    const backing = fakeStorage({});
    const storage = createWebStorage(() => backing);
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(storage.write('k', cycle)).toBe(false);
    expect(storage.write('k', 10n)).toBe(false);
    expect(backing.length).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Parent messages.
// ---------------------------------------------------------------------------------------------
const MESSAGE_ROWS: Array<[data: unknown, expected: ParentAction | null]> = [
  [{ type: 'click' }, { type: 'click' }],
  ['{"type":"pause"}', { type: 'pause' }],
  ['click', null],
  [42, null],
  [null, null],
  [undefined, null],
  [[{ type: 'click' }], null],
  [{ type: 1 }, null],
  [{ type: ['click'] }, null],
  [{ action: 'click' }, null],
  ['{bad json', null],
  [{ type: 'play' }, null],
  [{ type: 'seek', time: 10 }, null],
  [{ type: '__proto__' }, null],
  [{ type: 'toString' }, null],
  [{ type: 'CLICK' }, null],
  [JSON.parse('{"__proto__":{"type":"click"}}'), null],
];

describe('parent messages', () => {
  it.each(MESSAGE_ROWS)('data %j → %j', (data, expected) => {
    expect(parseParentAction(data)).toEqual(expected);
  });

  /** A framed page: a window whose parent is another window; messages carry `source` as browsers set it. */
  function framed(run: (parent: Window, onAction: ReturnType<typeof vi.fn>) => void) {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const win = Object.assign(new EventTarget(), { parent });
    vi.stubGlobal('window', win);
    const onAction = vi.fn();
    const stop = listenToParent(onAction);
    try {
      run(parent, onAction);
    } finally {
      stop();
      vi.unstubAllGlobals();
    }
  }
  const message = (data: unknown, source: unknown) => Object.assign(new Event('message'), { data, source });

  it('a sibling frame\'s {type:"pause"} → ignored', () => {
    framed((_parent, onAction) => {
      const sibling = { postMessage: vi.fn() } as unknown as Window;
      window.dispatchEvent(message({ type: 'pause' }, sibling));
      expect(onAction).not.toHaveBeenCalled();
    });
  });

  it('1000 parent messages (valid, malformed, unknown) → exactly the valid ones acted on, no throw', () => {
    framed((parent, onAction) => {
      const kinds: unknown[] = [{ type: 'click' }, { type: 'nope' }, '{bad', { type: 'pause' }, null];
      for (let i = 0; i < 1000; i += 1) window.dispatchEvent(message(kinds[i % kinds.length], parent));
      expect(onAction).toHaveBeenCalledTimes(400);
    });
  });

  it('1000 sibling messages → none acted on', () => {
    framed((_parent, onAction) => {
      const sibling = {} as Window;
      for (let i = 0; i < 1000; i += 1) window.dispatchEvent(message({ type: 'click' }, sibling));
      expect(onAction).not.toHaveBeenCalled();
    });
  });
});
