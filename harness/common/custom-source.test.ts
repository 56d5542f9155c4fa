import { describe, expect, it } from 'vitest';
import { parseAdList, parseAvailability, parseContent, parseEpisodes, parseSeasons } from '../../src/api/dto';
import { adItemsFromList } from '../../src/features/ads/sources';
import { masterUrl } from '../../src/features/session/episodes';
import {
  CUSTOM_AD_LIST_PATH,
  MAX_LINK_CHARS,
  NO_CUSTOM_LINK,
  checkHttpUrl,
  customAdList,
  customCatalogue,
  customContentId,
  customLinkFromSearch,
  customPlan,
  decodeToken,
  encodeToken,
  maskHeaders,
  pingTarget,
  rewriteVast,
} from './custom-source';
import { buildQuery, playerSrc, stateFromSearch, stateToSearch } from '../app/scenarios';

const SRC = 'https://partner.example/vod/film/master.m3u8?token=a&b=c';
const origins = { playerOrigin: 'http://localhost:4100', harnessOrigin: 'http://127.0.0.1:4101' };

describe('bad links', () => {
  it.each([
    [null, 'Свой поток: the address is empty'],
    ['   ', 'Свой поток: the address is empty'],
    ['javascript:alert(1)', 'Свой поток: only http:// and https:// addresses can be used, not javascript:'],
    ['ftp://partner.example/a.m3u8', 'Свой поток: only http:// and https:// addresses can be used, not ftp:'],
    ['partner.example/master.m3u8', 'Свой поток: not a valid address ("partner.example/master.m3u8"); give a full http(s):// URL'],
    ['http://[::1', 'Свой поток: not a valid address ("http://[::1"); give a full http(s):// URL'],
    ['https://user:secret@partner.example/a.m3u8', 'Свой поток: an address with a user name or password is not accepted'],
    [`https://partner.example/${'a'.repeat(MAX_LINK_CHARS)}`, `Свой поток: the address is too long (${MAX_LINK_CHARS + 24} characters, at most ${MAX_LINK_CHARS})`],
  ])('%# → a clear message', (raw, message) => {
    expect(checkHttpUrl(raw, 'Свой поток')).toEqual({ ok: false, message });
  });

  it('a bad link never becomes the player frame', () => {
    const state = stateFromSearch(`?scenario=custom&src=${encodeURIComponent('javascript:alert(1)')}`);
    expect(state.scenarioId).toBe('custom');
    expect(customPlan(state.scenarioId, state.custom).errors).toEqual(['Свой поток: only http:// and https:// addresses can be used, not javascript:']);
    expect(playerSrc(state, origins)).toBe('about:blank');
    for (const search of ['?scenario=custom', '?scenario=film&vast=', '?scenario=film&base=file:///etc', '?scenario=film&content_id=-3', '?scenario=film&vast=xml:zz']) {
      const bad = stateFromSearch(search);
      expect(customPlan(bad.scenarioId, bad.custom).errors, search).toHaveLength(1);
      expect(playerSrc(bad, origins), search).toBe('about:blank');
    }
  });

  it('a custom stream and a staging base together are refused with a reason', () => {
    const state = stateFromSearch(`?scenario=custom&src=${encodeURIComponent(SRC)}&base=http://staging.example`);
    expect(customPlan(state.scenarioId, state.custom).errors[0]).toMatch(/own one-film catalogue: remove base=/);
  });
});

describe('the custom stream link', () => {
  it('round-trips through the harness link and builds the player query', () => {
    const search = `?scenario=custom&auto_play=1&embed=cross&src=${encodeURIComponent(SRC)}`;
    const state = stateFromSearch(search);
    expect(state.custom).toEqual({ ...NO_CUSTOM_LINK, src: SRC });
    expect(stateFromSearch(`?${stateToSearch(state)}`)).toEqual(state);
    const query = new URLSearchParams(buildQuery(state));
    expect(query.get('movie_id')).toBe(String(customContentId(SRC)));
    expect(query.get('auto_play')).toBe('1');
    expect(query.get('data-ad-list-url')).toBeNull();
    const base = query.get('data-base-url')!;
    expect(decodeToken(base.replace('/custom/', ''))).toBe(SRC);
    expect(playerSrc(state, origins, 'qa-1')).toMatch(/^http:\/\/localhost:4100\/\?movie_id=\d+&data-base-url=%2Fcustom%2F[\w-]+&auto_play=1&harness-client=qa-1$/);
  });

  it('tokens survive any address, and ids differ per address', () => {
    const odd = 'https://партнёр.example/путь/master.m3u8?q=ä&x=/+=';
    expect(decodeToken(encodeToken(odd))).toBe(odd);
    expect(encodeToken(odd)).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeToken('not/base64')).toBeNull();
    expect(customContentId(SRC)).not.toBe(customContentId(`${SRC}x`));
    expect(customContentId(SRC)).toBeGreaterThan(0);
  });

  it('builds a one-film catalogue the player accepts, whose episode plays the address', () => {
    const catalogue = customCatalogue(SRC);
    const content = parseContent(JSON.parse(JSON.stringify(catalogue.content)));
    expect(content).toMatchObject({ id: customContentId(SRC), hasMultipleEpisodes: false, title: 'Свой поток · partner.example/…/film/master.m3u8' });
    expect(parseSeasons(catalogue.seasons)).toHaveLength(1);
    expect(parseAvailability(catalogue.available)).toEqual({ available: true });
    const [episode, ...more] = parseEpisodes(JSON.parse(JSON.stringify(catalogue.episodes)));
    expect(more).toEqual([]);
    // The player resolves the path against its base URL (the harness's /custom/…): an absolute address stays itself.
    expect(masterUrl(episode!, 'http://localhost:4100/custom/abc')).toBe(SRC);
  });
});

describe('the custom ad tag', () => {
  it('a tag address becomes the ad list of any scenario', () => {
    const tag = 'https://ads.partner.example/vast?slot=pre&cb=[CACHEBUSTING]';
    const state = stateFromSearch(`?scenario=series&vast=${encodeURIComponent(tag)}`);
    const plan = customPlan(state.scenarioId, state.custom);
    expect(plan).toMatchObject({ errors: [], vastUrl: tag, query: { 'data-ad-list-url': `${CUSTOM_AD_LIST_PATH}?tag=${encodeURIComponent(tag)}` } });
    expect(new URLSearchParams(buildQuery(state)).get('movie_id')).toBe('102');
    expect(stateToSearch(state)).toContain(`vast=${encodeURIComponent(tag)}`);
  });

  it('pasted XML is named by its id and served in the dataXml form', () => {
    const state = stateFromSearch('?scenario=film&vast=xml:0123456789abcdef0123456789abcdef');
    expect(customPlan(state.scenarioId, state.custom).query['data-ad-list-url']).toBe(`${CUSTOM_AD_LIST_PATH}?xml=0123456789abcdef0123456789abcdef`);
    const list = parseAdList(customAdList({ dataXml: '<VAST version="4.1"/>' }));
    expect(adItemsFromList(list, 'http://127.0.0.1:4101/ads/custom/list.json')).toEqual([{ candidates: [{ xml: '<VAST version="4.1"/>' }] }]);
    const byUrl = parseAdList(customAdList({ vastUrl: 'http://127.0.0.1:4101/ads/custom/vast?url=x' }));
    expect(adItemsFromList(byUrl, null)).toEqual([{ candidates: [{ url: 'http://127.0.0.1:4101/ads/custom/vast?url=x' }] }]);
  });

  it('rewrites pings through the harness (macros kept raw) and wrapper tags through its proxy', () => {
    const xml = `<VAST version="4.1"><Ad id="p"><InLine>
      <Error><![CDATA[https://t.partner.example/err?c=[ERRORCODE]&a=1]]></Error>
      <Impression id="i">https://t.partner.example/imp?a=1&amp;b=2</Impression>
      <Tracking event="firstQuartile"><![CDATA[ https://t.partner.example/q1 ]]></Tracking>
      <ClickTracking><![CDATA[https://t.partner.example/click]]></ClickTracking>
      <ClickThrough><![CDATA[https://landing.example/]]></ClickThrough>
      <MediaFile type="video/mp4"><![CDATA[https://cdn.partner.example/ad.mp4]]></MediaFile>
      <Tracking event="start"><![CDATA[]]></Tracking>
    </InLine></Ad><Ad><Wrapper><VASTAdTagURI><![CDATA[https://ads2.example/next?x=1&y=2]]></VASTAdTagURI></Wrapper></Ad></VAST>`;
    const out = rewriteVast(xml, 'http://127.0.0.1:4101');
    expect(out).toContain('<Error><![CDATA[http://127.0.0.1:4101/track/error?ad=custom&to=https://t.partner.example/err?c=[ERRORCODE]&a=1]]></Error>');
    expect(out).toContain('<Impression id="i"><![CDATA[http://127.0.0.1:4101/track/impression?ad=custom&to=https://t.partner.example/imp?a=1&b=2]]></Impression>');
    expect(out).toContain('<Tracking event="firstQuartile"><![CDATA[http://127.0.0.1:4101/track/firstQuartile?ad=custom&to=https://t.partner.example/q1]]></Tracking>');
    expect(out).toContain('/track/click?ad=custom&to=https://t.partner.example/click');
    expect(out).toContain(`<VASTAdTagURI><![CDATA[http://127.0.0.1:4101/ads/custom/vast?url=${encodeURIComponent('https://ads2.example/next?x=1&y=2')}]]></VASTAdTagURI>`);
    // What the player does not ping stays as it was.
    expect(out).toContain('<ClickThrough><![CDATA[https://landing.example/]]></ClickThrough>');
    expect(out).toContain('https://cdn.partner.example/ad.mp4');
    expect(out).toContain('<Tracking event="start"><![CDATA[]]></Tracking>');
    expect(pingTarget('/track/error?ad=custom&to=https://t.partner.example/err?c=405&a=1')).toBe('https://t.partner.example/err?c=405&a=1');
    expect(pingTarget('/track/start?ad=skippable')).toBeNull();
    expect(pingTarget('/track/start?ad=x&to=javascript:alert(1)')).toBeNull();
  });
});

describe('the staging link', () => {
  it('points the player at the proxy for the base and opens any content id', () => {
    const state = stateFromSearch('?scenario=film&base=https://staging.example/api/&content_id=5551');
    const plan = customPlan(state.scenarioId, state.custom);
    expect(plan.errors).toEqual([]);
    expect(plan.base).toBe('https://staging.example/api');
    expect(plan.query.movie_id).toBe('5551');
    expect(decodeToken(plan.query['data-base-url']!.replace('/__harness/staging/', ''))).toBe('https://staging.example/api');
    expect(customLinkFromSearch(new URLSearchParams(stateToSearch(state)))).toEqual(state.custom);
  });
});

describe('header masking', () => {
  it('masks tokens, cookies and the session context to their last 4 characters', () => {
    expect(
      maskHeaders({
        Authorization: 'Bearer eyJhbGciOi.payload.sig-7f3a',
        'X-Session-Context': 'ctx-secret-9b21',
        cookie: 'authToken=abc; refreshToken=qa-refresh-7d2f9c41',
        'set-cookie': ['a=1; Path=/', 'b=2; Path=/x'],
        'content-type': 'application/json',
        'content-length': 12,
        skipped: undefined,
      }),
    ).toEqual({
      authorization: '••••7f3a',
      'x-session-context': '••••9b21',
      cookie: '••••9c41',
      'set-cookie': '••••th=/, ••••h=/x',
      'content-type': 'application/json',
      'content-length': '12',
    });
    expect(maskHeaders({ authorization: 'abc' })).toEqual({ authorization: '••••' });
  });
});
