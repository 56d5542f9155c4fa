/** Capped text fetches (the seek-preview track's): its size cap (announced or counted), time-out and errors. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCappedText } from './capped-text';

const URL_ = 'https://cdn.test/film/thumbnails.vtt';
const LIMITS = { maxBytes: 1024, timeoutMs: 5000 };

/** A body sent in chunks, with no Content-Length (chunked, or compressed). */
function streamed(chunks: string[], init?: ResponseInit): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, init);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('fetchCappedText', () => {
  it('reads the text, without cookies, and names the address it came from', async () => {
    const fetch = vi.fn(async () => streamed(['WEBVTT\n\n', 'Привет']));
    vi.stubGlobal('fetch', fetch);
    await expect(fetchCappedText(URL_, LIMITS)).resolves.toEqual({ text: 'WEBVTT\n\nПривет', url: URL_ });
    expect(fetch).toHaveBeenCalledWith(URL_, expect.objectContaining({ credentials: 'omit' }));
  });

  it('a multi-byte character split across chunks decodes whole', async () => {
    const bytes = new TextEncoder().encode('ё');
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 1));
        controller.enqueue(bytes.subarray(1));
        controller.close();
      },
    });
    vi.stubGlobal('fetch', async () => new Response(body));
    await expect(fetchCappedText(URL_, LIMITS)).resolves.toMatchObject({ text: 'ё' });
  });

  it('refuses a body announced over the cap, unread, and stops its download', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', async (_: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return new Response(new ReadableStream<Uint8Array>(), { headers: { 'Content-Length': String(5 * 1024 * 1024) } });
    });
    await expect(fetchCappedText(URL_, LIMITS)).rejects.toThrow(/over 1024/);
    expect(signal?.aborted).toBe(true);
  });

  it('stops reading a body that grows over the cap without announcing it', async () => {
    let signal: AbortSignal | undefined;
    vi.stubGlobal('fetch', async (_: string, init: RequestInit) => {
      signal = init.signal ?? undefined;
      return streamed(['x'.repeat(600), 'x'.repeat(600), 'never read']);
    });
    await expect(fetchCappedText(URL_, LIMITS)).rejects.toThrow(/over 1024 bytes/);
    expect(signal?.aborted).toBe(true);
  });

  it('a body of exactly the cap is read', async () => {
    vi.stubGlobal('fetch', async () => streamed(['x'.repeat(1024)]));
    await expect(fetchCappedText(URL_, LIMITS)).resolves.toMatchObject({ text: 'x'.repeat(1024) });
  });

  it('an HTTP error rejects', async () => {
    vi.stubGlobal('fetch', async () => new Response('not found', { status: 404 }));
    await expect(fetchCappedText(URL_, LIMITS)).rejects.toThrow('HTTP 404');
  });

  it('a body still coming at the time-out is given up', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', async (_: string, { signal }: RequestInit) => {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('WEBVTT\n'));
          signal!.addEventListener('abort', () => controller.error(signal!.reason));
        },
      });
      return new Response(body);
    });
    const read = fetchCappedText(URL_, LIMITS);
    const outcome = expect(read).rejects.toThrow(/not read within 5000 ms/);
    await vi.advanceTimersByTimeAsync(5000);
    await outcome;
  });
});
