/**
 * The harness against real services (issue 26): a partner's HLS address (`src`), a VAST tag or
 * pasted VAST XML (`vast`) and a staging catalogue (`base`, `content_id`), read from the harness
 * link. Pure, shared by the page (link → player query) and the server (token → catalogue, ad list).
 */

/** The scenario id of 'Свой поток'; not in SCENARIOS, whose every entry the table e2e plays. */
export const CUSTOM_SCENARIO_ID = 'custom';
/** Longest address the harness accepts (a link must stay shareable). */
export const MAX_LINK_CHARS = 2048;
/** The one-film catalogue of a custom stream: `/custom/<token>/catalog-api/…` (logged like the fixtures). */
export const CUSTOM_CATALOGUE_PREFIX = '/custom/';
/** The staging proxy: `/__harness/staging/<token>/…` → `<base>/…`, logged with masked headers by its own route. */
export const STAGING_PREFIX = '/__harness/staging/';
/** The custom ad list: `?tag=<address>` or `?xml=<id>` of a pasted document. */
export const CUSTOM_AD_LIST_PATH = '/ads/custom/list.json';
/** A VAST tag fetched by the harness server, its pings and wrappers rewritten to pass through the harness. */
export const CUSTOM_VAST_PATH = '/ads/custom/vast';
/** Pasted XML is stored by the server (`POST /__harness/custom-vast`); the link says `vast=xml:<id>`. */
export const PASTED_VAST_PREFIX = 'xml:';
export const PASTED_VAST_ROUTE = '/__harness/custom-vast';
/** Where the page keeps pasted XML (sessionStorage), by id: the link holds only the id. */
export const PASTED_VAST_STORAGE_KEY = 'harness.customVast.';
/** Largest pasted VAST document the server keeps. */
export const MAX_PASTED_VAST_BYTES = 256 * 1024;
/** The CORS probe: `?src=<address>&origin=<player origin>`. */
export const CORS_PROBE_ROUTE = '/__harness/custom/probe';

export type Checked = { ok: true; url: string } | { ok: false; message: string };

/** An http(s) address from a link, or the message the scenario panel shows for it. */
export function checkHttpUrl(raw: string | null | undefined, what: string): Checked {
  const text = (raw ?? '').trim();
  if (text === '') return { ok: false, message: `${what}: the address is empty` };
  if (text.length > MAX_LINK_CHARS) return { ok: false, message: `${what}: the address is too long (${text.length} characters, at most ${MAX_LINK_CHARS})` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `${what}: not a valid address ("${text.length > 60 ? `${text.slice(0, 60)}…` : text}"); give a full http(s):// URL` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: `${what}: only http:// and https:// addresses can be used, not ${url.protocol}` };
  if (url.username || url.password) return { ok: false, message: `${what}: an address with a user name or password is not accepted` };
  return { ok: true, url: url.href };
}

/** What the harness link says about custom sources (raw, as typed: checked by `customPlan`). */
export interface CustomLink {
  src: string | null;
  vast: string | null;
  base: string | null;
  contentId: string | null;
}

export const NO_CUSTOM_LINK: CustomLink = { src: null, vast: null, base: null, contentId: null };

export function customLinkFromSearch(params: URLSearchParams): CustomLink {
  return { src: params.get('src'), vast: params.get('vast'), base: params.get('base'), contentId: params.get('content_id') };
}

/** Adds the link's custom parts to a harness query (those that are set). */
export function customLinkToSearch(link: CustomLink, params: URLSearchParams): void {
  if (link.src !== null) params.set('src', link.src);
  if (link.vast !== null) params.set('vast', link.vast);
  if (link.base !== null) params.set('base', link.base);
  if (link.contentId !== null) params.set('content_id', link.contentId);
}

/** base64url of UTF-8, in both the page and Node: addresses travel in URL paths. */
export function encodeToken(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The http(s) address a path token carries, checked as a link's would be; null for a bad token. */
export function tokenAddress(token: string, what: string): Checked | null {
  const decoded = decodeToken(token);
  return decoded === null ? null : checkHttpUrl(decoded, what);
}

/** The harness's VAST proxy for a tag (`origin` empty: a path on the harness's own origin). */
export function customVastUrl(tag: string, origin = ''): string {
  return `${origin}${CUSTOM_VAST_PATH}?url=${encodeURIComponent(tag)}`;
}

export function decodeToken(token: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    const binary = atob(token.replace(/-/g, '+').replace(/_/g, '/'));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** A stable positive id per address (FNV-1a): stored progress of one custom stream is not another's. */
export function customContentId(src: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < src.length; i++) {
    hash ^= src.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return 900_000 + (hash % 99_000);
}

/** The player query parts the custom link adds, or why the player must not be loaded. */
export interface CustomPlan {
  /** Player query parameters to set over the scenario's. */
  query: Record<string, string>;
  /** Messages for the scenario panel; when any, the player is not loaded. */
  errors: string[];
  /** Checked addresses, for the panel and the CORS probe. */
  src: string | null;
  vastUrl: string | null;
  pastedVastId: string | null;
  base: string | null;
}

const PASTED_ID = /^[a-f0-9]{16,64}$/;

/** Builds the player query parts for a scenario and the link's custom sources. */
export function customPlan(scenarioId: string, link: CustomLink): CustomPlan {
  const plan: CustomPlan = { query: {}, errors: [], src: null, vastUrl: null, pastedVastId: null, base: null };
  if (scenarioId === CUSTOM_SCENARIO_ID) {
    const src = checkHttpUrl(link.src, 'Свой поток');
    if (src.ok) {
      plan.src = src.url;
      plan.query.movie_id = String(customContentId(src.url));
      plan.query['data-base-url'] = `${CUSTOM_CATALOGUE_PREFIX}${encodeToken(src.url)}`;
    } else plan.errors.push(src.message);
    if (link.base !== null) plan.errors.push('Свой поток has its own one-film catalogue: remove base= from the link, or pick a fixture scenario for the staging catalogue');
  } else if (link.base !== null) {
    const base = checkHttpUrl(link.base, 'Staging catalogue');
    if (base.ok) {
      plan.base = base.url.replace(/\/+$/, '');
      plan.query['data-base-url'] = `${STAGING_PREFIX}${encodeToken(plan.base)}`;
    } else plan.errors.push(base.message);
  }
  if (link.contentId !== null && scenarioId !== CUSTOM_SCENARIO_ID) {
    if (/^\d{1,12}$/.test(link.contentId.trim()) && Number(link.contentId) > 0) plan.query.movie_id = String(Number(link.contentId));
    else plan.errors.push(`Content id: a positive whole number is expected, not "${link.contentId.slice(0, 40)}"`);
  }
  if (link.vast !== null) {
    if (link.vast.startsWith(PASTED_VAST_PREFIX)) {
      const id = link.vast.slice(PASTED_VAST_PREFIX.length);
      if (PASTED_ID.test(id)) {
        plan.pastedVastId = id;
        plan.query['data-ad-list-url'] = `${CUSTOM_AD_LIST_PATH}?xml=${id}`;
      } else plan.errors.push('VAST: the pasted document\'s id in the link is damaged; paste the XML again');
    } else {
      const tag = checkHttpUrl(link.vast, 'VAST tag');
      if (tag.ok) {
        plan.vastUrl = tag.url;
        plan.query['data-ad-list-url'] = `${CUSTOM_AD_LIST_PATH}?tag=${encodeURIComponent(tag.url)}`;
      } else plan.errors.push(tag.message);
    }
  }
  return plan;
}

/** `Свой поток · host/…/master.m3u8`: a title that tells custom streams apart. */
export function customTitle(src: string): string {
  const url = new URL(src);
  const file = url.pathname.split('/').filter(Boolean).slice(-2).join('/');
  return `Свой поток · ${url.host}${file ? `/…/${file}` : ''}`;
}

/** The one-film catalogue the harness serves for a custom stream: the answers of SPEC.md §7's calls. */
export function customCatalogue(src: string) {
  const id = customContentId(src);
  const season = { id: id * 10 + 1, order: 1 };
  const title = customTitle(src);
  return {
    content: {
      id,
      title,
      posterUrl: null,
      hasMultipleEpisodes: false,
      contentType: { slug: 'film' },
      year: null,
      countries: [],
      languages: [],
      kinopoiskId: null,
      rating: null,
    },
    seasons: [season],
    episodes: [
      {
        id: id * 100 + 1,
        title,
        description: src,
        order: 1,
        posterPath: null,
        duration: null,
        watchProgress: 0,
        watchedAt: null,
        isCompleted: false,
        m3u8MasterFilePath: src,
        season,
      },
    ],
    available: { available: true },
  };
}

/** The ad list of a custom tag: its address, or the pasted document itself (the dataXml form). */
export function customAdList(item: { vastUrl: string } | { dataXml: string }): { prerollList: Array<{ vastUrl: string } | { dataXml: string }> } {
  return { prerollList: [item] };
}

/** Elements whose text is a URL: the pings the player requests as images, and wrappers' tags. */
const URL_ELEMENTS = /<(Impression|Error|Tracking|ClickTracking|VASTAdTagURI)(\s[^>]*)?>\s*(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))\s*<\/\1>/g;

function decodeXmlText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'").replace(/&amp;/g, '&');
}

/**
 * The VAST document as the player gets it from the harness: every ping goes to the harness's
 * `/track/<event>?ad=custom&to=<original>` (logged, listed in the Ads tab, then forwarded to the
 * original), and every wrapper's tag to `CUSTOM_VAST_PATH`, so a chain's pings are seen too. The
 * original stays raw at the end of the ping URL: the player fills its macros ([ERRORCODE]…) there.
 */
export function rewriteVast(xml: string, harnessOrigin: string): string {
  return xml.replace(URL_ELEMENTS, (whole, name: string, attrs: string | undefined, inCdata: string | undefined, plain: string | undefined) => {
    const original = (inCdata ?? decodeXmlText(plain ?? '')).trim();
    if (!/^https?:\/\//i.test(original)) return whole;
    const url =
      name === 'VASTAdTagURI'
        ? customVastUrl(original, harnessOrigin)
        : `${harnessOrigin}/track/${encodeURIComponent(pingEvent(name, attrs))}?ad=custom&to=${original}`;
    // A CDATA section cannot hold "]]>"; such an address is left as it was.
    return url.includes(']]>') ? whole : `<${name}${attrs ?? ''}><![CDATA[${url}]]></${name}>`;
  });
}

function pingEvent(name: string, attrs: string | undefined): string {
  if (name === 'Tracking') return /\sevent="([^"]+)"/.exec(attrs ?? '')?.[1] ?? 'tracking';
  return name === 'ClickTracking' ? 'click' : name.toLowerCase();
}

/** The original address a rewritten ping forwards to (everything after `&to=`, raw). */
export function pingTarget(pathWithQuery: string): string | null {
  const at = pathWithQuery.indexOf('&to=');
  if (at < 0) return null;
  const target = pathWithQuery.slice(at + 4);
  return /^https?:\/\//i.test(target) ? target : null;
}

/** Headers whose values are secrets: shown as `••••` and their last 4 characters. */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'set-cookie', 'x-session-context', 'proxy-authorization']);

export function maskValue(value: string): string {
  return value.length <= 4 ? '••••' : `••••${value.slice(-4)}`;
}

/** Headers as the Requests tab shows them: lower-case names, secrets masked, lists joined. */
export function maskHeaders(headers: Record<string, string | string[] | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [rawName, raw] of Object.entries(headers)) {
    if (raw === undefined) continue;
    const name = rawName.toLowerCase();
    const values = Array.isArray(raw) ? raw.map(String) : [String(raw)];
    out[name] = SECRET_HEADERS.has(name) ? values.map(maskValue).join(', ') : values.join(', ');
  }
  return out;
}
