/** The scenario table and the harness state that lives in the harness URL query. */
import {
  CUSTOM_SCENARIO_ID,
  NO_CUSTOM_LINK,
  customLinkFromSearch,
  customLinkToSearch,
  customPlan,
  type CustomLink,
} from '../common/custom-source';

export type ScenarioGroup = 'Films' | 'Series' | 'Errors' | 'Broken streams' | 'Session' | 'Ads';

export interface Scenario {
  id: string;
  title: string;
  group: ScenarioGroup;
  /** Query parameters of the player URL (before the auto_play / advert toggles). */
  query: Record<string, string>;
  /** What QA should see with auto_play on; e2e/harness-scenarios.spec.ts checks every entry. */
  expect: ScenarioExpect;
  /**
   * The embed the row needs, whichever the toggle says: 'same' for a row that seeds the player's
   * storage (`harness-progress`), which a browser may deny a cross-site frame (the test Chromium does).
   */
  embed?: EmbedMode;
}

/** The visible outcome of a scenario (texts as SPEC.md spells them). */
export interface ScenarioExpect {
  /** What shows first: playback, a page error, the stream error, the resume prompt or an ad. */
  shows: 'playback' | 'page-error' | 'stream-error' | 'resume-prompt' | 'ad';
  /** Text the shown element contains (for playback: the title). */
  text: string;
  /** Playback: the media time passes this many seconds (default 1). */
  past?: number;
  /** data-testids that must be absent, e.g. the share button with disabled_share. */
  hidden?: string[];
  /** What happens next, for the reader. */
  note?: string;
  /**
   * Seconds the outcome may take after the page loads, when more than the browser tests' usual
   * wait: the start watchdog gives a stalled start 20 s (START_STALL_LIMIT_MS).
   */
  withinS?: number;
}

/** One line for the harness summary, e.g. `plays past 1 s · title "…"`. */
export function describeExpect(e: ScenarioExpect): string {
  const what =
    e.shows === 'playback' ? `plays past ${e.past ?? 1} s, title "${e.text}"` : `${e.shows.replace('-', ' ')}: "${e.text.trim()}"`;
  const hidden = e.hidden?.length ? ` · no ${e.hidden.join(', ')}` : '';
  return `${what}${hidden}${e.note ? ` · ${e.note}` : ''}`;
}

export const SCENARIOS: readonly Scenario[] = [
  { id: 'film', title: 'Film (fMP4)', group: 'Films', query: { movie_id: '101' }, expect: { shows: 'playback', text: 'Испытательная таблица' } },
  { id: 'film-ts', title: 'Film (MPEG-TS)', group: 'Films', query: { movie_id: '110' }, expect: { shows: 'playback', text: 'Испытательная таблица (MPEG-TS)', past: 3 } },
  { id: 'film-aes', title: 'Film (AES-128 encrypted)', group: 'Films', query: { movie_id: '140' }, expect: { shows: 'playback', text: 'Испытательная таблица (AES-128)', past: 3, note: 'segments decrypted with the key from /media/hls/film-aes/key.bin' } },
  { id: 'film-parent-fullscreen', title: 'Film, parent fullscreen', group: 'Films', query: { movie_id: '101', 'data-fullscreen': 'parent' }, expect: { shows: 'playback', text: 'Испытательная таблица' } },
  { id: 'film-languages-en', title: 'Film, languages EN,RU', group: 'Films', query: { movie_id: '101', 'data-languages': 'EN,RU' }, expect: { shows: 'playback', text: 'Испытательная таблица' } },
  { id: 'film-no-share', title: 'Film, disabled_share', group: 'Films', query: { movie_id: '101', disabled_share: '1' }, expect: { shows: 'playback', text: 'Испытательная таблица', hidden: ['share-button'] } },
  { id: 'series', title: 'Series', group: 'Series', query: { movie_id: '102' }, expect: { shows: 'playback', text: '1 сезон, 1 серия. Серия 1 сезона 1' } },
  { id: 'series-s2e3', title: 'Series, season 2 episode 3', group: 'Series', query: { movie_id: '102', season: '2', episode: '3' }, expect: { shows: 'playback', text: '2 сезон, 3 серия. Серия 3 сезона 2' } },
  { id: 'series-episode-id', title: 'Series, episode_id 10212', group: 'Series', query: { movie_id: '102', episode_id: '10212' }, expect: { shows: 'playback', text: '1 сезон, 2 серия. Серия 2 сезона 1' } },
  { id: 'series-first-season-watched', title: 'Series, first season watched', group: 'Series', query: { movie_id: '107' }, expect: { shows: 'playback', text: '2 сезон, 1 серия. Серия 1 сезона 2' } },
  // A returning viewer (issue 48): S1E1 and S1E2 watched to their end on this device, so rule 3 continues at S1E3.
  { id: 'series-returning', title: 'Series, returning viewer (S1E1, S1E2 watched here)', group: 'Series', query: { movie_id: '102', 'harness-progress': '10211:10,10212:8' }, embed: 'same', expect: { shows: 'playback', text: '1 сезон, 3 серия. Серия 3 сезона 1', note: "harness-progress seeds episodesTimeProgress before the page reads it; same-origin, so the frame has storage" } },
  { id: 'series-t', title: 'Series, t=4 (no resume prompt)', group: 'Series', query: { movie_id: '102', t: '4' }, expect: { shows: 'playback', text: '1 сезон, 1 серия. Серия 1 сезона 1', past: 4, hidden: ['resume-prompt'] } },
  { id: 'series-episode-time', title: 'Series, episode_time=4 (resume prompt)', group: 'Series', query: { movie_id: '102', episode_time: '4' }, expect: { shows: 'resume-prompt', text: 'Вы остановились на 0:00:04' } },
  // Chapters (issue 41; fixtures/README.md): S1E2, S1E3 and season 2 have them, S1E1 and the film none.
  { id: 'chapters-intro', title: 'Chapters: intro skip (S1E3)', group: 'Series', query: { movie_id: '102', season: '1', episode: '3' }, expect: { shows: 'playback', text: '1 сезон, 3 серия. Серия 3 сезона 1', note: "'Пропустить заставку' above the control bar during the intro (0–5 s) jumps to 0:05; 'Пропускать заставку' in the settings menu skips it by itself" } },
  { id: 'chapters-credits', title: 'Chapters: credits → next episode (S1E3 from 7 s)', group: 'Series', query: { movie_id: '102', season: '1', episode: '3', t: '7' }, expect: { shows: 'playback', text: '1 сезон, 3 серия. Серия 3 сезона 1', past: 7.5, note: "at 0:09 the credits open the end-of-episode card with 'Смотреть титры'; then S2E1, with 'Пропустить пересказ'" } },
  { id: 'chapters-none', title: 'Chapters: none (S1E1)', group: 'Series', query: { movie_id: '102' }, expect: { shows: 'playback', text: '1 сезон, 1 серия. Серия 1 сезона 1', hidden: ['skip-chapter', 'chapter-gaps'], note: 'no chapters file: no skip button, no gaps, the card in the last 10 s as before' } },
  { id: 'film-t', title: 'Film, t=15', group: 'Films', query: { movie_id: '101', t: '15' }, expect: { shows: 'playback', text: 'Испытательная таблица', past: 15 } },
  { id: 'no-episodes', title: 'Series without episodes', group: 'Series', query: { movie_id: '106' }, expect: { shows: 'page-error', text: 'Отсутсвуют эпизоды для проигрывания' } },
  { id: 'blocked', title: 'Blocked on this domain', group: 'Errors', query: { movie_id: '103' }, expect: { shows: 'page-error', text: 'Извините, данный контент недоступен в вашей стране. Если вы используете VPN, мы рекомендуем отключить его или сменить страну.' } },
  { id: 'not-found', title: 'Content not found (404)', group: 'Errors', query: { movie_id: '104' }, expect: { shows: 'page-error', text: 'Контент не доступен' } },
  { id: 'server-error', title: 'Server error (500)', group: 'Errors', query: { movie_id: '105' }, expect: { shows: 'page-error', text: 'К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ' } },
  { id: 'missing-movie-id', title: 'Missing movie_id', group: 'Errors', query: {}, expect: { shows: 'page-error', text: 'Пропущен movie_id в запросе' } },
  { id: 'bad-movie-id', title: 'Invalid movie_id (abc)', group: 'Errors', query: { movie_id: 'abc' }, expect: { shows: 'page-error', text: 'Пропущен movie_id в запросе' } },
  { id: 'garbage-body', title: 'Garbage details body (108)', group: 'Errors', query: { movie_id: '108' }, expect: { shows: 'page-error', text: 'К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ' } },
  { id: 'server-error-no-sentry', title: 'Server error, Sentry off (local id)', group: 'Errors', query: { movie_id: '105', 'data-sentry-dsn': '' }, expect: { shows: 'page-error', text: 'К сожалению, произошла ошибка, попробуйте перезагрузите страницу. Идентификатор ошибки: ' } },
  { id: 'broken-no-extm3u', title: 'No #EXTM3U header', group: 'Broken streams', query: { movie_id: '111' }, expect: { shows: 'stream-error', text: 'Не удалось воспроизвести видео' } },
  { id: 'broken-no-segments', title: 'Playlist without segments', group: 'Broken streams', query: { movie_id: '112' }, expect: { shows: 'stream-error', text: 'Не удалось воспроизвести видео' } },
  { id: 'broken-no-targetduration', title: 'No #EXT-X-TARGETDURATION', group: 'Broken streams', query: { movie_id: '113' }, expect: { shows: 'stream-error', text: 'Не удалось воспроизвести видео' } },
  { id: 'broken-missing-segment', title: 'Third segment missing (404)', group: 'Broken streams', query: { movie_id: '114' }, expect: { shows: 'playback', text: 'Сломанный поток: третий сегмент 404', past: 3, note: 'stalls at 4 s on the missing segment: a non-fatal error, no error screen' } },
  // The start watchdog (issue 22): a start that shows no frame and loads nothing for 20 s ends in the stream error.
  { id: 'broken-codecs-no-profile', title: 'CODECS="avc1" (no profile)', group: 'Broken streams', query: { movie_id: '141' }, expect: { shows: 'stream-error', text: 'Не удалось воспроизвести видео', withinS: 30, note: 'hls.js keeps no level the browser can play; the start watchdog ends it after 20 s (startStalled)' } },
  { id: 'broken-ll-parts-only', title: 'LL-HLS parts only, no segments', group: 'Broken streams', query: { movie_id: '142' }, expect: { shows: 'stream-error', text: 'Не удалось воспроизвести видео', withinS: 30, note: 'hls.js: levelEmptyError, or the start watchdog after 20 s' } },
  { id: 'broken-tiny-extinf', title: 'Segments announced 1 µs long', group: 'Broken streams', query: { movie_id: '143' }, expect: { shows: 'playback', text: 'Сломанный поток: сегменты по микросекунде', past: 5, note: 'every #EXTINF says 0.000001 s, the media are 2 s each: the browser plays by the media\'s own times, to the end' } },
  { id: 'broken-segments-never-arrive', title: 'Segments never arrive', group: 'Broken streams', query: { movie_id: '144' }, expect: { shows: 'stream-error', text: 'Не удалось воспроизвести видео', withinS: 30, note: 'every segment request is held open; the start watchdog ends it after 20 s (startStalled)' } },
  // harness-session makes the player page's response set the token cookies (harness/server/routes/session.ts).
  { id: 'session-valid', title: 'Signed in, valid token', group: 'Session', query: { movie_id: '101', 'harness-session': 'valid' }, expect: { shows: 'playback', text: 'Испытательная таблица' } },
  { id: 'session-expired', title: 'Expired token: one refresh', group: 'Session', query: { movie_id: '101', 'harness-session': 'expired' }, expect: { shows: 'playback', text: 'Испытательная таблица', note: 'one /auth/refresh, then the calls go on' } },
  { id: 'session-refresh-fails', title: 'Expired token, refresh fails', group: 'Session', query: { movie_id: '101', 'harness-session': 'refresh-fails' }, expect: { shows: 'playback', text: 'Испытательная таблица', note: 'the refresh fails; the film still plays signed out' } },
  { id: 'session-signed-out', title: 'Signed out (cookies cleared)', group: 'Session', query: { movie_id: '101', 'harness-session': 'signed-out' }, expect: { shows: 'playback', text: 'Испытательная таблица' } },
  // Ads (harness/server/routes/ads.ts): each scenario picks an ad-list set; demo mode is the advert toggle.
  { id: 'ads-skippable', title: 'Pre-roll, skippable after 5 s', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=skippable' }, expect: { shows: 'ad', text: 'Пропустить' } },
  { id: 'ads-non-skippable', title: 'Pre-roll, 5 s non-skippable', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=non-skippable' }, expect: { shows: 'ad', text: 'Реклама', hidden: ['ad-skip'] } },
  { id: 'ads-two', title: 'Two pre-rolls in turn', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=two-ads' }, expect: { shows: 'ad', text: 'Реклама 1 из 2', note: "a 5 s non-skippable ad, then a skippable one ('Реклама 2 из 2')" } },
  { id: 'ads-wrapper', title: 'Wrapper chain (2 levels)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=wrapper' }, expect: { shows: 'ad', text: 'Реклама' } },
  { id: 'ads-data-urls', title: 'dataUrls: 404, then a good tag', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=data-urls' }, expect: { shows: 'ad', text: 'Реклама' } },
  { id: 'ads-data-xml', title: 'dataXml: inline VAST', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=data-xml' }, expect: { shows: 'ad', text: 'Реклама' } },
  { id: 'ads-unplayable', title: 'Unplayable media (403)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=unplayable' }, expect: { shows: 'playback', text: 'Испытательная таблица', hidden: ['ad-overlay'], note: 'the ad fails with 403; the film plays' } },
  { id: 'ads-wrapper-loop', title: 'Wrapper loop (302)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=wrapper-loop' }, expect: { shows: 'playback', text: 'Испытательная таблица', hidden: ['ad-overlay'], note: 'the wrapper chain fails with 302; the film plays' } },
  { id: 'ads-empty', title: 'Empty VAST (901)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=empty' }, expect: { shows: 'playback', text: 'Испытательная таблица', hidden: ['ad-overlay'], note: 'the empty VAST fails with 901; the film plays' } },
  { id: 'ads-slow', title: 'Slow VAST past the time-out (350)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=slow' }, expect: { shows: 'playback', text: 'Испытательная таблица', note: 'after the 5 s VAST time-out (350)' } },
  { id: 'ads-js-click', title: 'javascript: click-through', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=javascript-click' }, expect: { shows: 'ad', text: 'Реклама', hidden: ['ad-click-through', 'ad-visit'] } },
  { id: 'ads-demo', title: 'Demo mode: pre-roll, mid-roll every 10 s', group: 'Ads', query: { movie_id: '101', advert: '1' }, expect: { shows: 'ad', text: 'Реклама' } },
  { id: 'ads-list-fails', title: 'No ads: the ad list fails (404)', group: 'Ads', query: { movie_id: '101', 'data-ad-list-url': '/ads/list.json?set=missing' }, expect: { shows: 'playback', text: 'Испытательная таблица', hidden: ['ad-overlay'] } },
  { id: 'ads-series', title: 'Series with a pre-roll', group: 'Ads', query: { movie_id: '102', 'data-ad-list-url': '/ads/list.json?set=skippable' }, expect: { shows: 'ad', text: 'Пропустить' } },
];

export const SCENARIO_GROUPS: readonly ScenarioGroup[] = ['Films', 'Series', 'Errors', 'Broken streams', 'Session', 'Ads'];

export const DEFAULT_SCENARIO_ID = 'film';

/** 'Свой поток' (custom-source.ts): the partner stream of the link's `src`; kept out of SCENARIOS, which the table e2e plays one by one. */
export const CUSTOM_SCENARIO: Scenario = {
  id: CUSTOM_SCENARIO_ID,
  title: 'Свой поток',
  group: 'Films',
  query: {},
  expect: { shows: 'playback', text: 'Свой поток', note: 'the HLS address of the link, in a one-film catalogue; ads only with a VAST tag' },
};

export function findScenario(id: string): Scenario {
  if (id === CUSTOM_SCENARIO_ID) return CUSTOM_SCENARIO;
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
  /** The link's custom stream, VAST tag and staging catalogue (`src`, `vast`, `base`, `content_id`). */
  custom: CustomLink;
}

/** The player query built from the scenario and the toggles (without leading `?`). */
export function buildQuery(state: Pick<HarnessState, 'scenarioId' | 'autoPlay' | 'advert'> & { custom?: CustomLink }): string {
  const params = new URLSearchParams(findScenario(state.scenarioId).query);
  for (const [name, value] of Object.entries(customPlan(state.scenarioId, state.custom ?? NO_CUSTOM_LINK).query)) params.set(name, value);
  if (state.autoPlay) params.set('auto_play', '1');
  if (state.advert) params.set('advert', '1');
  return params.toString();
}

/** The state as the frame is built from it: a row that needs its own embed (Scenario.embed) gets it. */
export function withScenarioEmbed(state: HarnessState): HarnessState {
  const embed = findScenario(state.scenarioId).embed;
  return embed && embed !== state.embed ? { ...state, embed } : state;
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
  // A bad custom link is never loaded: the scenario panel says what is wrong with it.
  if (customPlan(state.scenarioId, state.custom).errors.length > 0) return 'about:blank';
  const params = new URLSearchParams(effectiveQuery(state).replace(/^\?/, ''));
  // Names this harness tab to the server, which scopes injected faults to it.
  if (client && !params.has('harness-client')) params.set('harness-client', client);
  const query = params.toString();
  const base = state.embed === 'same' ? `${origins.harnessOrigin}/player/` : `${origins.playerOrigin}/`;
  return query ? `${base}?${query}` : base;
}

export function stateFromSearch(search: string): HarnessState {
  const params = new URLSearchParams(search);
  const scenarioId = params.get('scenario') === CUSTOM_SCENARIO_ID || SCENARIOS.some((s) => s.id === params.get('scenario')) ? params.get('scenario')! : DEFAULT_SCENARIO_ID;
  const viewport = params.get('viewport');
  return {
    scenarioId,
    autoPlay: params.get('auto_play') !== '0',
    advert: params.get('advert') === '1',
    embed: params.get('embed') === 'same' ? 'same' : 'cross',
    viewport: viewport && viewport in VIEWPORTS ? (viewport as ViewportId) : 'default',
    customQuery: params.has('query') ? params.get('query')! : null,
    custom: customLinkFromSearch(params),
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
  customLinkToSearch(state.custom, params);
  return params.toString();
}
