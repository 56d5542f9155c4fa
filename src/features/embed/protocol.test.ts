import { describe, expect, it } from 'vitest';
import { originOf, parseOriginList } from '../../lib/url';
import {
  EMBED_EVENTS,
  EMBED_METHODS,
  EmbedErrorCode,
  MAX_LISTENERS_PER_EVENT,
  addListener,
  messagesFor,
  obeys,
  onOrigin,
  originAllowed,
  outgoing,
  parseEmbedMessage,
  percentFromVolume,
  progressDue,
  readyMessage,
  removeListener,
  streamErrorValue,
  timeUpdateDue,
  timeValue,
  unknownMethodValue,
  volumeFromPercent,
  type EmbedRequest,
  type ListenerTable,
} from './protocol';

const msg = (fields: Record<string, unknown>) => JSON.stringify({ context: 'player.js', version: '0.0.11', ...fields });
const request = (data: unknown): EmbedRequest | null => {
  const parsed = parseEmbedMessage(data);
  return parsed?.kind === 'request' ? parsed.request : null;
};

describe('player.js vocabulary', () => {
  it("lists player.js 0.1.0's own methods and events (playerjs.METHODS / EVENTS), then the product's", () => {
    // Copied from node_modules/player.js/src/player.js: the client assumes these unless ready says otherwise.
    const playerjsMethods = ['play', 'pause', 'getPaused', 'mute', 'unmute', 'getMuted', 'setVolume', 'getVolume', 'getDuration',
      'setCurrentTime', 'getCurrentTime', 'setLoop', 'getLoop', 'removeEventListener', 'addEventListener'];
    const playerjsEvents = ['ready', 'play', 'pause', 'ended', 'timeupdate', 'progress', 'error'];
    expect(EMBED_METHODS.slice(0, playerjsMethods.length)).toEqual(playerjsMethods);
    expect(EMBED_METHODS.slice(playerjsMethods.length)).toEqual(['nextEpisode', 'setEpisode', 'getEpisode', 'setPageUrl', 'handshakeVersion', 'getAdDuration', 'getAdRemainingTime', 'skipAd', 'stopAd']);
    expect(EMBED_EVENTS).toEqual(expect.arrayContaining([...playerjsEvents, 'seeked', 'episodeChanged', 'adStarted', 'adEnded', 'adSkipped', 'fullscreenChange', 'chapterChange']));
    expect(EMBED_EVENTS).toHaveLength(playerjsEvents.length + 7);
  });

  it('ready carries src, methods and events in the player.js envelope, with no listener unless one asked', () => {
    const ready = readyMessage('https://player.example/?movie_id=1');
    expect(ready).toEqual({
      context: 'player.js',
      version: '0.0.11',
      event: 'ready',
      value: { src: 'https://player.example/?movie_id=1', methods: [...EMBED_METHODS], events: [...EMBED_EVENTS] },
    });
    expect(readyMessage('s', 'listener-1')).toMatchObject({ event: 'ready', listener: 'listener-1' });
  });

  it('leaves value and listener out when there is none, as the Receiver does (isNone)', () => {
    expect(outgoing('play')).toEqual({ context: 'player.js', version: '0.0.11', event: 'play' });
    expect(outgoing('getEpisode', null, 'l')).toEqual({ context: 'player.js', version: '0.0.11', event: 'getEpisode', listener: 'l' });
    expect(outgoing('getPaused', false, 0)).toEqual({ context: 'player.js', version: '0.0.11', event: 'getPaused', value: false, listener: 0 });
  });
});

describe('parsing requests', () => {
  it.each<[string, unknown, EmbedRequest]>([
    ['play', msg({ method: 'play' }), { method: 'play', listener: null }],
    ['pause with a listener', msg({ method: 'pause', listener: 'l1' }), { method: 'pause', listener: 'l1' }],
    ['an object, not text', { context: 'player.js', method: 'mute' }, { method: 'mute', listener: null }],
    ['no version', JSON.stringify({ context: 'player.js', method: 'unmute' }), { method: 'unmute', listener: null }],
    ['a getter with a numeric listener', msg({ method: 'getPaused', listener: 7 }), { method: 'getPaused', listener: 7 }],
    ['setVolume 50', msg({ method: 'setVolume', value: 50 }), { method: 'setVolume', volume: 0.5, percent: 50, listener: null }],
    ['setVolume 87 (kept as asked, snapped for the player)', msg({ method: 'setVolume', value: 87 }), { method: 'setVolume', volume: 0.85, percent: 87, listener: null }],
    ['setCurrentTime 12.5', msg({ method: 'setCurrentTime', value: 12.5 }), { method: 'setCurrentTime', seconds: 12.5, listener: null }],
    ['setCurrentTime below 0', msg({ method: 'setCurrentTime', value: -3 }), { method: 'setCurrentTime', seconds: 0, listener: null }],
    ['setLoop', msg({ method: 'setLoop', value: true }), { method: 'setLoop', loop: true, listener: null }],
    ['addEventListener', msg({ method: 'addEventListener', value: 'timeupdate', listener: 'l' }), { method: 'addEventListener', event: 'timeupdate', listener: 'l' }],
    ['removeEventListener, no listener', msg({ method: 'removeEventListener', value: 'play' }), { method: 'removeEventListener', event: 'play', listener: null }],
    ['setEpisode by number', msg({ method: 'setEpisode', value: 10212 }), { method: 'setEpisode', episodeId: 10212, listener: null }],
    ['setEpisode by digits', msg({ method: 'setEpisode', value: '10212' }), { method: 'setEpisode', episodeId: 10212, listener: null }],
    ['nextEpisode', msg({ method: 'nextEpisode' }), { method: 'nextEpisode', listener: null }],
    ['getEpisode', msg({ method: 'getEpisode', listener: 'e' }), { method: 'getEpisode', listener: 'e' }],
    ['extra fields', msg({ method: 'play', extra: { deep: [1] } }), { method: 'play', listener: null }],
    ['setPageUrl', msg({ method: 'setPageUrl', value: 'https://site.example/films/kino-1?x=1#t' }), { method: 'setPageUrl', url: 'https://site.example/films/kino-1?x=1#t', listener: null }],
  ])('%s', (_name, data, expected) => {
    expect(request(data)).toEqual(expected);
  });

  it('tells a method this player does not have (for error code 2), by a short name only', () => {
    expect(parseEmbedMessage(msg({ method: 'destroy' }))).toEqual({ kind: 'unknownMethod', method: 'destroy' });
    expect(parseEmbedMessage(msg({ method: 'x'.repeat(65) }))).toBeNull();
    expect(unknownMethodValue('destroy')).toEqual({ code: EmbedErrorCode.MethodNotSupported, msg: 'Invalid Method "destroy"' });
  });
});

describe('volume mapping (0–100 ↔ 0..1 on the 0.05 grid)', () => {
  it.each<[unknown, number | null]>([
    [0, 0],
    [100, 1],
    [50, 0.5],
    [33, 0.35],
    [32, 0.3],
    [2.4, 0],
    [2.5, 0.05],
    [97.5, 1],
    [97.4, 0.95],
    [-10, 0],
    [150, 1],
    [1e308, 1],
    [-Infinity, null],
    [Infinity, null],
    [Number.NaN, null],
    ['50', null],
    [null, null],
    [undefined, null],
    [true, null],
    [[50], null],
  ])('setVolume %j → %j', (percent, volume) => {
    expect(volumeFromPercent(percent)).toBe(volume);
  });

  it('every grid step maps back to itself: 0, 5, …, 100', () => {
    for (let percent = 0; percent <= 100; percent += 5) {
      expect(percentFromVolume(volumeFromPercent(percent)!)).toBe(percent);
    }
  });

  it.each<[number, number]>([
    [0, 0],
    [1, 100],
    [0.35, 35],
    [0.05, 5],
    [0.123, 12],
    [-0.5, 0],
    [1.5, 100],
    [Number.NaN, 0],
    [Infinity, 100],
    [-Infinity, 0],
  ])('getVolume of %j → %j', (volume, percent) => {
    expect(percentFromVolume(volume)).toBe(percent);
  });
});

describe('origin rules', () => {
  it('reads data-allowed-origins: space-separated http(s) origins, normalised; absent or blank allows any', () => {
    expect(parseOriginList(undefined)).toBeNull();
    expect(parseOriginList('   ')).toBeNull();
    expect(parseOriginList('https://a.example  http://b.example:8080/\nhttps://A.EXAMPLE')).toEqual(['https://a.example', 'http://b.example:8080']);
    // Set, but with nothing valid: nobody is obeyed (a typo must not open the player to every page).
    expect(parseOriginList('*')).toEqual([]);
    expect(parseOriginList('https://a.example/path javascript:alert(1) ftp://c.example https://u:p@d.example null')).toEqual([]);
    expect(originOf('https://a.example:443')).toBe('https://a.example');
    expect(originOf('https://a.example?x=1')).toBeNull();
  });

  it('obeys the embedding origin only, and only when the setting allows it', () => {
    const site = 'https://site.example';
    expect(obeys(site, site, null)).toBe(true);
    expect(obeys(site, site, [site, 'https://other.example'])).toBe(true);
    expect(obeys(site, site, ['https://other.example'])).toBe(false);
    expect(obeys(site, site, [])).toBe(false);
    expect(obeys('https://evil.example', site, null)).toBe(false);
    expect(obeys(site, null, null)).toBe(false);
    expect(obeys('null', site, null)).toBe(false);
    expect(originAllowed(null, null)).toBe(false);
    expect(onOrigin('https://site.example/films/1', site)).toBe(true);
    expect(onOrigin('https://site.example.evil.example/', site)).toBe(false);
    expect(onOrigin('https://site.example/', null)).toBe(false);
    expect(originAllowed(site, null)).toBe(true);
  });
});

describe('listener table', () => {
  it('adds each listener once, removes one, or every one when none is named (SPEC.rst)', () => {
    let table: ListenerTable = {};
    table = addListener(table, 'play', 'a');
    table = addListener(table, 'play', 'b');
    expect(addListener(table, 'play', 'a')).toBe(table);
    table = addListener(table, 'pause', null);
    expect(table).toEqual({ play: ['a', 'b'], pause: [null] });
    expect(messagesFor(table, [{ event: 'play' }, { event: 'timeupdate', value: { seconds: 1, duration: 2 } }])).toEqual([
      outgoing('play', undefined, 'a'),
      outgoing('play', undefined, 'b'),
    ]);
    expect(messagesFor(table, [{ event: 'pause' }])).toEqual([{ context: 'player.js', version: '0.0.11', event: 'pause' }]);
    expect(removeListener(table, 'play', 'zzz')).toBe(table);
    table = removeListener(table, 'play', 'a');
    expect(table).toEqual({ play: ['b'], pause: [null] });
    table = removeListener(table, 'play', null);
    expect(table).toEqual({ pause: [null] });
    expect(removeListener(table, 'ended', null)).toBe(table);
  });

  it('keeps at most MAX_LISTENERS_PER_EVENT listeners per event', () => {
    let table: ListenerTable = {};
    for (let i = 0; i < 1000; i += 1) table = addListener(table, 'timeupdate', `l${i}`);
    expect(table.timeupdate).toHaveLength(MAX_LISTENERS_PER_EVENT);
  });
});

describe('pacing and values', () => {
  it('timeupdate follows the media once the time moved 0.2 s either way', () => {
    expect(timeUpdateDue(null, 0)).toBe(true);
    expect(timeUpdateDue(10, 10.1)).toBe(false);
    expect(timeUpdateDue(10, 10.25)).toBe(true);
    expect(timeUpdateDue(10, 3)).toBe(true);
    expect(timeUpdateDue(10, Number.NaN)).toBe(false);
  });

  it('progress goes out when the loaded end moved 1 s, once anything is loaded', () => {
    expect(progressDue(null, 0)).toBe(false);
    expect(progressDue(null, 4)).toBe(true);
    expect(progressDue(4, 4.5)).toBe(false);
    expect(progressDue(4, 6)).toBe(true);
  });

  it('carries only numbers JSON can hold, and error kinds, never URLs', () => {
    expect(timeValue(Number.NaN, Number.NaN)).toEqual({ seconds: 0, duration: 0 });
    expect(timeValue(3, Infinity)).toEqual({ seconds: 3, duration: 0 });
    expect(streamErrorValue({ detail: 'mediaSourceUnsupported' })).toEqual({ code: 1, msg: 'mediaSourceUnsupported' });
    expect(streamErrorValue({ detail: 'manifestLoadError' })).toEqual({ code: -1, msg: 'manifestLoadError' });
  });
});
