/**
 * Where each start-up call goes, without any HTTP client: the catalogue API and the page's early
 * start (api/early.ts) build the same requests from these.
 */

export const SESSION_CONTEXT_HEADER = 'X-Session-Context';

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

export function buildUrl(url: string, params: CallTarget['params']): string {
  const query = Object.entries(params ?? {})
    .map(([key, value]) => `${encodeParam(key)}=${encodeParam(String(value))}`)
    .join('&');
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
