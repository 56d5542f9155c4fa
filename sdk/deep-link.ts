/**
 * Deep links: the host page's own address may say where the viewer should start (a shared link:
 * `?t=95&season=2&episode=3`). Attach copies those parameters onto the iframe's src, where the
 * player reads them (docs/configuration.md). Pure: addresses in, address out.
 */

/** The player's query parameters a link may carry. */
export const DEEP_LINK_PARAMS = ['t', 'season', 'episode', 'episode_id'] as const;
export type DeepLinkParam = (typeof DEEP_LINK_PARAMS)[number];

/**
 * `true` (the default): read each parameter under its own name. `false`: read none. An object
 * renames (`{ t: 'time' }` reads the page's `time` as the player's `t`) or, with `false`, skips one.
 */
export type DeepLinkOption = boolean | Partial<Record<DeepLinkParam, string | false>>;

/** Page parameter name per player parameter; throws a TypeError naming what is wrong. */
export function deepLinkNames(option: DeepLinkOption | undefined): [DeepLinkParam, string][] {
  if (option === undefined || option === true) return DEEP_LINK_PARAMS.map((name) => [name, name]);
  if (option === false) return [];
  if (typeof option !== 'object' || option === null || Array.isArray(option)) {
    throw new TypeError('FilmPlayer.attach: deepLink must be true, false or { t, season, episode, episode_id: name or false }');
  }
  for (const key of Object.keys(option)) {
    if (!(DEEP_LINK_PARAMS as readonly string[]).includes(key)) throw new TypeError(`FilmPlayer.attach: deepLink has no parameter "${key}"`);
  }
  const names: [DeepLinkParam, string][] = [];
  for (const param of DEEP_LINK_PARAMS) {
    const name = option[param] ?? param;
    if (name === false) continue;
    if (typeof name !== 'string' || name === '') throw new TypeError(`FilmPlayer.attach: deepLink.${param} must be a parameter name or false`);
    names.push([param, name]);
  }
  return names;
}

/**
 * `src` with each parameter the page's address has (non-empty) and `src` does not set; `src`
 * itself, the same string, when nothing is added. The player validates the values.
 */
export function withDeepLink(src: string, pageHref: string, names: readonly [DeepLinkParam, string][]): string {
  const page = new URL(pageHref).searchParams;
  const url = new URL(src);
  let added = false;
  for (const [param, name] of names) {
    const value = page.get(name)?.trim();
    if (!value || url.searchParams.has(param)) continue;
    url.searchParams.set(param, value);
    added = true;
  }
  return added ? url.href : src;
}
