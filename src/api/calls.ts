/**
 * Where each start-up call goes, without any HTTP client: the catalogue API and the page's early
 * start (api/early.ts) build the same requests from these.
 */

export const SESSION_CONTEXT_HEADER = 'X-Session-Context';

/** A query: null and undefined values are left out, booleans written as `true`/`false`. */
export type QueryParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

export interface CallTarget {
  /** Path under the client's base URL (or an absolute URL). */
  path: string;
  params?: Record<string, string | number>;
}

/** The catalogue's start-up GETs (SPEC.md §7), under `<base>/catalog-api`. */
export const catalogCalls = {
  content: (id: number): CallTarget => ({ path: `/contents/${id}` }),
  seasons: (id: number): CallTarget => ({ path: `/contents/${id}/seasons` }),
  episodes: (id: number): CallTarget => ({ path: '/episodes', params: { 'content-id': id } }),
  availability: (id: number, domain: string): CallTarget => ({ path: `/contents/${id}/available`, params: { domain } }),
};

/** Query encoding as the HTTP client writes it (`:`, `$`, `,` kept; spaces as `+`). */
function encodeParam(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%24/g, '$').replace(/%2C/gi, ',').replace(/%20/g, '+');
}

/** `url` with the query appended (after any query it has; a fragment is dropped). */
export function buildUrl(url: string, params: QueryParams | undefined): string {
  const query = Object.entries(params ?? {})
    .flatMap(([key, value]) => (value == null ? [] : [`${encodeParam(key)}=${encodeParam(String(value))}`]))
    .join('&');
  if (!query) return url;
  const resource = url.split('#')[0]!;
  return `${resource}${resource.includes('?') ? '&' : '?'}${query}`;
}
