/**
 * The pre-roll's VAST document, asked for by the page's start as soon as its plan has a pre-roll:
 * the ads model's loader (vast-loader.ts) takes the answer once instead of asking again, so the
 * ad is ready sooner after the viewer's first tap. No imports: the page's start evaluates it.
 */

/** GET, XML text back (SPEC.md §7). No cookies: ad servers answer with `Access-Control-Allow-Origin: *`. */
export async function requestVastText(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(url, { signal, credentials: 'omit', headers: { Accept: 'application/xml, text/xml, */*' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return response.text();
}

const prefetched = new Map<string, Promise<string>>();

export function prefetchVast(url: string): void {
  if (prefetched.has(url)) return;
  const text = requestVastText(url);
  // A failure is the loader's to report when it takes the answer.
  text.catch(() => undefined);
  prefetched.set(url, text);
}

/** The prefetched answer for this address, once; null when there is none. */
export function takePrefetchedVast(url: string): Promise<string> | null {
  const text = prefetched.get(url) ?? null;
  prefetched.delete(url);
  return text;
}
