/** The scenario table and the harness state that lives in the harness URL query. */

export type ScenarioGroup = 'Films' | 'Series' | 'Errors' | 'Broken streams' | 'Session' | 'Ads';

export interface Scenario {
  id: string;
  title: string;
  group: ScenarioGroup;
  /** Query parameters of the player URL (before the auto_play / advert toggles). */
  query: Record<string, string>;
}

export const SCENARIOS: readonly Scenario[] = [
  { id: 'film', title: 'Film (fMP4)', group: 'Films', query: { movie_id: '101' } },
  { id: 'film-ts', title: 'Film (MPEG-TS)', group: 'Films', query: { movie_id: '110' } },
  { id: 'film-parent-fullscreen', title: 'Film, parent fullscreen', group: 'Films', query: { movie_id: '101', 'data-fullscreen': 'parent' } },
  { id: 'film-languages-en', title: 'Film, languages EN,RU', group: 'Films', query: { movie_id: '101', 'data-languages': 'EN,RU' } },
  { id: 'film-no-share', title: 'Film, disabled_share', group: 'Films', query: { movie_id: '101', disabled_share: '1' } },
  { id: 'series', title: 'Series', group: 'Series', query: { movie_id: '102' } },
  { id: 'series-s2e3', title: 'Series, season 2 episode 3', group: 'Series', query: { movie_id: '102', season: '2', episode: '3' } },
  { id: 'series-episode-id', title: 'Series, episode_id 10212', group: 'Series', query: { movie_id: '102', episode_id: '10212' } },
  { id: 'series-first-season-watched', title: 'Series, first season watched', group: 'Series', query: { movie_id: '107' } },
  { id: 'series-t', title: 'Series, t=4 (no resume prompt)', group: 'Series', query: { movie_id: '102', t: '4' } },
  { id: 'series-episode-time', title: 'Series, episode_time=5 (resume prompt)', group: 'Series', query: { movie_id: '102', episode_time: '5' } },
  { id: 'film-t', title: 'Film, t=15', group: 'Films', query: { movie_id: '101', t: '15' } },
  { id: 'no-episodes', title: 'Series without episodes', group: 'Series', query: { movie_id: '106' } },
  { id: 'blocked', title: 'Blocked on this domain', group: 'Errors', query: { movie_id: '103' } },
  { id: 'not-found', title: 'Content not found (404)', group: 'Errors', query: { movie_id: '104' } },
  { id: 'server-error', title: 'Server error (500)', group: 'Errors', query: { movie_id: '105' } },
  { id: 'missing-movie-id', title: 'Missing movie_id', group: 'Errors', query: {} },
  { id: 'bad-movie-id', title: 'Invalid movie_id (abc)', group: 'Errors', query: { movie_id: 'abc' } },
  { id: 'garbage-body', title: 'Garbage details body (108)', group: 'Errors', query: { movie_id: '108' } },
  { id: 'server-error-no-sentry', title: 'Server error, Sentry off (local id)', group: 'Errors', query: { movie_id: '105', 'data-sentry-dsn': '' } },
  { id: 'broken-no-extm3u', title: 'No #EXTM3U header', group: 'Broken streams', query: { movie_id: '111' } },
  { id: 'broken-no-segments', title: 'Playlist without segments', group: 'Broken streams', query: { movie_id: '112' } },
  { id: 'broken-no-targetduration', title: 'No #EXT-X-TARGETDURATION', group: 'Broken streams', query: { movie_id: '113' } },
  { id: 'broken-missing-segment', title: 'Third segment missing (404)', group: 'Broken streams', query: { movie_id: '114' } },
  // harness-session makes the player page's response set the token cookies (harness/server/routes/session.ts).
  { id: 'session-valid', title: 'Signed in, valid token', group: 'Session', query: { movie_id: '101', 'harness-session': 'valid' } },
  { id: 'session-expired', title: 'Expired token: one refresh', group: 'Session', query: { movie_id: '101', 'harness-session': 'expired' } },
  { id: 'session-refresh-fails', title: 'Expired token, refresh fails', group: 'Session', query: { movie_id: '101', 'harness-session': 'refresh-fails' } },
  { id: 'session-signed-out', title: 'Signed out (cookies cleared)', group: 'Session', query: { movie_id: '101', 'harness-session': 'signed-out' } },
  // Ads (harness/server/routes/ads.ts): each scenario picks an ad-list set; demo mode is the advert toggle.
  { id: 'ads-skippable', title: 'Pre-roll, skippable after 5 s', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=skippable' } },
  { id: 'ads-non-skippable', title: 'Pre-roll, 5 s non-skippable', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=non-skippable' } },
  { id: 'ads-two', title: 'Two pre-rolls in turn', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=two-ads' } },
  { id: 'ads-wrapper', title: 'Wrapper chain (2 levels)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=wrapper' } },
  { id: 'ads-data-urls', title: 'dataUrls: 404, then a good tag', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=data-urls' } },
  { id: 'ads-data-xml', title: 'dataXml: inline VAST', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=data-xml' } },
  { id: 'ads-unplayable', title: 'Unplayable media (403)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=unplayable' } },
  { id: 'ads-wrapper-loop', title: 'Wrapper loop (302)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=wrapper-loop' } },
  { id: 'ads-empty', title: 'Empty VAST (901)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=empty' } },
  { id: 'ads-slow', title: 'Slow VAST past the time-out (350)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=slow' } },
  { id: 'ads-js-click', title: 'javascript: click-through', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=javascript-click' } },
  { id: 'ads-demo', title: 'Demo mode: pre-roll, mid-roll every 10 s', group: 'Ads', query: { movie_id: '101', advert: '1' } },
  { id: 'ads-series', title: 'Series with a pre-roll', group: 'Ads', query: { movie_id: '102', 'data-ad-list-url': '/ads/list.json?set=skippable' } },
];

export const SCENARIO_GROUPS: readonly ScenarioGroup[] = ['Films', 'Series', 'Errors', 'Broken streams', 'Session', 'Ads'];

export const DEFAULT_SCENARIO_ID = 'film';

export function findScenario(id: string): Scenario {
  return SCENARIOS.find((s) => s.id === id) ?? SCENARIOS[0]!;
}

export type EmbedMode = 'cross' | 'same';

export const EMBED_MODES: Record<EmbedMode, string> = {
  cross: 'cross-origin',
  same: 'same-origin',
};

export type ViewportId = 'default' | 'desktop' | 'phone-portrait' | 'phone-landscape' | 'phone-embed';

export interface Viewport {
  label: string;
  width: number;
  height: number;
}

export const VIEWPORTS: Record<ViewportId, Viewport> = {
  default: { label: '960×540 (default)', width: 960, height: 540 },
  desktop: { label: 'Desktop 1280×720', width: 1280, height: 720 },
  'phone-portrait': { label: 'Phone 390×844', width: 390, height: 844 },
  'phone-landscape': { label: 'Phone 844×390 landscape', width: 844, height: 390 },
  'phone-embed': { label: 'Phone 16:9 embed 390×220', width: 390, height: 220 },
};

/** Everything needed to rebuild the player iframe; serialized into the harness URL. */
export interface HarnessState {
  scenarioId: string;
  autoPlay: boolean;
  advert: boolean;
  embed: EmbedMode;
  viewport: ViewportId;
  /** A hand-edited player query that replaces the built one, or null. */
  customQuery: string | null;
}

/** The player query built from the scenario and the toggles (without leading `?`). */
export function buildQuery(state: Pick<HarnessState, 'scenarioId' | 'autoPlay' | 'advert'>): string {
  const params = new URLSearchParams(findScenario(state.scenarioId).query);
  if (state.autoPlay) params.set('auto_play', '1');
  if (state.advert) params.set('advert', '1');
  return params.toString();
}

/** The query actually used for the iframe. */
export function effectiveQuery(state: HarnessState): string {
  return state.customQuery ?? buildQuery(state);
}

export interface Origins {
  playerOrigin: string;
  harnessOrigin: string;
}

/** Origin the player page is loaded from for an embed mode (also the postMessage targetOrigin). */
export function frameOrigin(embed: EmbedMode, origins: Origins): string {
  return embed === 'same' ? origins.harnessOrigin : origins.playerOrigin;
}

/** The iframe src: `${playerOrigin}/?query` (cross) or `${harnessOrigin}/player/?query` (same). */
export function playerSrc(state: HarnessState, origins: Origins, client: string | null = null): string {
  const params = new URLSearchParams(effectiveQuery(state).replace(/^\?/, ''));
  // Names this harness tab to the server, which scopes injected faults to it.
  if (client && !params.has('harness-client')) params.set('harness-client', client);
  const query = params.toString();
  const base = state.embed === 'same' ? `${origins.harnessOrigin}/player/` : `${origins.playerOrigin}/`;
  return query ? `${base}?${query}` : base;
}

export function stateFromSearch(search: string): HarnessState {
  const params = new URLSearchParams(search);
  const scenarioId = SCENARIOS.some((s) => s.id === params.get('scenario')) ? params.get('scenario')! : DEFAULT_SCENARIO_ID;
  const viewport = params.get('viewport');
  return {
    scenarioId,
    autoPlay: params.get('auto_play') !== '0',
    advert: params.get('advert') === '1',
    embed: params.get('embed') === 'same' ? 'same' : 'cross',
    viewport: viewport && viewport in VIEWPORTS ? (viewport as ViewportId) : 'default',
    customQuery: params.has('query') ? params.get('query')! : null,
  };
}

/** `scenario=film&auto_play=1&embed=cross` plus `advert`, `viewport` and `query` when they matter. */
export function stateToSearch(state: HarnessState): string {
  const params = new URLSearchParams();
  params.set('scenario', state.scenarioId);
  params.set('auto_play', state.autoPlay ? '1' : '0');
  if (state.advert) params.set('advert', '1');
  params.set('embed', state.embed);
  if (state.viewport !== 'default') params.set('viewport', state.viewport);
  if (state.customQuery !== null) params.set('query', state.customQuery);
  return params.toString();
}
