/**
 * The page's one `fetch` wrapper: the API clients, the start-up answers, the playlist cache, VAST
 * and the text tracks all request through it. It adds what they need (a time-out, an abort signal,
 * a size cap) and fails one way, with an `HttpFailure`; each caller maps that to its own errors.
 * The page's start evaluates it: no imports, kept small.
 */

export type HttpFailureKind = 'status' | 'network' | 'timeout' | 'aborted' | 'too-large';

export class HttpFailure extends Error {
  override name = 'HttpFailure';
  constructor(
    readonly kind: HttpFailureKind,
    readonly url: string,
    message: string,
    /** The answer's status (kind 'status'). */
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  method?: string;
  headers?: HeadersInit;
  body?: string;
  /** fetch's default ('same-origin') when absent. */
  credentials?: RequestCredentials;
  /** Aborting it gives the request up ('aborted'). */
  signal?: AbortSignal;
  /** Past it, answer and body included, the request is given up ('timeout'). None by default. */
  timeoutMs?: number;
  /** A body over this, announced or read, is refused unread ('too-large'). None by default. */
  maxBytes?: number;
  /** A non-2xx answer resolves, its body read (the API client reports it), instead of failing ('status'). */
  anyStatus?: boolean;
  /** The global `fetch` at call time by default: tests stub it or pass their own. */
  fetch?: typeof fetch;
}

export interface HttpAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  /** After redirects: what addresses in the body are relative to. */
  url: string;
  body: ArrayBuffer;
}

/** The body as UTF-8 text, as `Response.text()` reads it. */
export const bodyText = (answer: HttpAnswer): string => new TextDecoder().decode(answer.body);

/** Counts what arrives: Content-Length may be absent or wrong (compressed, chunked). */
async function readBody(response: Response, url: string, maxBytes: number): Promise<ArrayBuffer> {
  const tooLarge = (message: string) => new HttpFailure('too-large', url, message);
  const announced = Number(response.headers.get('Content-Length'));
  if (announced > maxBytes) throw tooLarge(`${announced} bytes, over ${maxBytes}`);
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // No body stream (a 204, say) reads as empty.
    const read = await reader?.read();
    if (!read || read.done) break;
    size += read.value.byteLength;
    if (size > maxBytes) throw tooLarge(`over ${maxBytes} bytes`);
    chunks.push(read.value);
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body.buffer;
}

async function answer(url: string, options: HttpOptions, init: RequestInit): Promise<HttpAnswer> {
  const response = await (options.fetch ?? fetch)(url, init);
  const { status, statusText, headers } = response;
  if (!options.anyStatus && !response.ok) throw new HttpFailure('status', url, `HTTP ${status}`, status);
  const body = await readBody(response, url, options.maxBytes ?? Infinity);
  return { status, statusText, headers, url: response.url || url, body };
}

/** GETs (or sends) `url`; rejects with an HttpFailure, and then stops the download where it can. */
export async function httpFetch(url: string, options: HttpOptions = {}): Promise<HttpAnswer> {
  const { method, headers, body, credentials, signal, timeoutMs, maxBytes } = options;
  const controller = new AbortController();
  let failure: HttpFailure | undefined;
  const stop = (reason: HttpFailure) => controller.abort((failure ??= reason));
  // A fetch or a body that does not heed the signal is given up all the same.
  const stopped = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(failure)));
  stopped.catch(() => undefined);
  const onAbort = () => stop(new HttpFailure('aborted', url, 'aborted'));
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort);
  const timer = timeoutMs === undefined ? undefined : setTimeout(() => stop(new HttpFailure('timeout', url, `not read within ${timeoutMs} ms`)), timeoutMs);
  // Only a request the wrapper may give up carries a signal (the API clients' carry none).
  const abortable = signal || timeoutMs !== undefined || maxBytes !== undefined;
  const init: RequestInit = { method, headers, body, credentials, signal: abortable ? controller.signal : undefined };
  try {
    return await Promise.race([stopped, answer(url, options, init)]);
  } catch (error) {
    stop(error instanceof HttpFailure ? error : new HttpFailure('network', url, error instanceof Error ? error.message : String(error)));
    throw failure;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
