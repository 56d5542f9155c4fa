/** The page's one fetch wrapper: its answer, and each kind of failure. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bodyText, httpFetch, HttpFailure } from './http-fetch';

const URL_ = 'https://cdn.test/a.txt';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch that answers with `answer` and records what it was given. */
function fakeFetch(answer: (init: RequestInit) => Promise<Response>) {
  const calls: RequestInit[] = [];
  const fetch = ((_: string, init: RequestInit) => (calls.push(init), answer(init))) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

/** A body sent in chunks, with no Content-Length (chunked, or compressed). */
function streamed(chunks: string[]): Response {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
  );
}

/** Whatever `run` rejects with (fails the test when it resolves). */
async function failureOf(run: Promise<unknown>): Promise<HttpFailure> {
  const error = await run.then(
    () => expect.fail('resolved'),
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(HttpFailure);
  return error as HttpFailure;
}

describe('httpFetch answers', () => {
  it('with the body, status and headers, through the global fetch at call time, and sends what it is given', async () => {
    const { fetch, calls } = fakeFetch(async () => new Response('Привет', { status: 200, headers: { 'X-A': '1' } }));
    vi.stubGlobal('fetch', fetch);
    const answer = await httpFetch(URL_, { method: 'POST', headers: { Accept: 'text/plain' }, body: '{}', credentials: 'omit' });
    expect(bodyText(answer)).toBe('Привет');
    expect(answer).toMatchObject({ status: 200, url: URL_ });
    expect(answer.headers.get('X-A')).toBe('1');
    expect(calls[0]).toMatchObject({ method: 'POST', headers: { Accept: 'text/plain' }, body: '{}', credentials: 'omit' });
  });

  it('a request it may not give up carries no signal (the API clients have no time-out)', async () => {
    const { fetch, calls } = fakeFetch(async () => new Response('x'));
    await httpFetch(URL_, { fetch });
    expect(calls[0]!.signal).toBeUndefined();
  });

  it('names the address after redirects', async () => {
    const { fetch } = fakeFetch(async () => Object.defineProperty(new Response('x'), 'url', { value: 'https://cdn2.test/a.txt' }));
    await expect(httpFetch(URL_, { fetch })).resolves.toMatchObject({ url: 'https://cdn2.test/a.txt' });
  });

  it('a body of exactly the cap is read whole, across chunks', async () => {
    const { fetch } = fakeFetch(async () => streamed(['x'.repeat(600), 'ё'.repeat(212)]));
    const answer = await httpFetch(URL_, { fetch, maxBytes: 1024 });
    expect(bodyText(answer)).toBe('x'.repeat(600) + 'ё'.repeat(212));
  });
});

describe('httpFetch fails', () => {
  it("'status': a non-2xx answer, unread, with its status; anyStatus resolves with it", async () => {
    const { fetch } = fakeFetch(async () => new Response('not found', { status: 404 }));
    const failure = await failureOf(httpFetch(URL_, { fetch }));
    expect(failure).toMatchObject({ kind: 'status', status: 404, url: URL_, message: 'HTTP 404' });
    const answer = await httpFetch(URL_, { fetch, anyStatus: true });
    expect(answer.status).toBe(404);
    expect(bodyText(answer)).toBe('not found');
  });

  it("'network': the browser refused, or the body broke off; its message is kept", async () => {
    const refused = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await failureOf(httpFetch(URL_, { fetch: refused.fetch }))).toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    const broken = fakeFetch(async () => new Response(new ReadableStream({ pull: (controller) => controller.error(new TypeError('network error')) })));
    expect(await failureOf(httpFetch(URL_, { fetch: broken.fetch }))).toMatchObject({ kind: 'network', message: 'network error' });
  });

  it("'timeout': nothing by the time-out, answer or body, even from a fetch that ignores its signal; the request is aborted", async () => {
    vi.useFakeTimers();
    const { fetch, calls } = fakeFetch(() => new Promise<Response>(() => {}));
    const outcome = failureOf(httpFetch(URL_, { fetch, timeoutMs: 5000 }));
    await vi.advanceTimersByTimeAsync(4999);
    expect(calls[0]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ kind: 'timeout', message: 'not read within 5000 ms' });
    expect(calls[0]!.signal!.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("'aborted': the caller's signal, before or during the request; the request is aborted", async () => {
    const { fetch, calls } = fakeFetch(() => new Promise<Response>(() => {}));
    const caller = new AbortController();
    const pending = failureOf(httpFetch(URL_, { fetch, signal: caller.signal }));
    caller.abort();
    expect(await pending).toMatchObject({ kind: 'aborted', url: URL_ });
    expect(calls[0]!.signal!.aborted).toBe(true);
    expect(await failureOf(httpFetch(URL_, { fetch, signal: caller.signal }))).toMatchObject({ kind: 'aborted' });
  });

  it("'too-large': announced over the cap, unread, or counted over it; the download is stopped", async () => {
    const announced = fakeFetch(async () => new Response(new ReadableStream(), { headers: { 'Content-Length': String(5 * 1024 * 1024) } }));
    expect(await failureOf(httpFetch(URL_, { fetch: announced.fetch, maxBytes: 1024 }))).toMatchObject({ kind: 'too-large', message: '5242880 bytes, over 1024' });
    expect(announced.calls[0]!.signal!.aborted).toBe(true);
    const grown = fakeFetch(async () => streamed(['x'.repeat(600), 'x'.repeat(600), 'never read']));
    expect(await failureOf(httpFetch(URL_, { fetch: grown.fetch, maxBytes: 1024 }))).toMatchObject({ kind: 'too-large', message: 'over 1024 bytes' });
    expect(grown.calls[0]!.signal!.aborted).toBe(true);
  });
});
