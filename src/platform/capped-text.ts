/**
 * GET text with a size cap and a time-out, CORS without cookies: a hostile or broken address costs
 * at most `maxBytes` and `timeoutMs`. Any failure rejects. Loaded when first needed
 * (thumbnail-track.ts), not at start-up.
 */
export interface FetchedText {
  text: string;
  /** The address the text came from, after redirects: what addresses in it are relative to. */
  url: string;
}

export interface TextLimits {
  maxBytes: number;
  timeoutMs: number;
}

/** GET `url` as UTF-8 text, refused when over `maxBytes` (announced or read) or slower than `timeoutMs`. */
export async function fetchCappedText(url: string, { maxBytes, timeoutMs }: TextLimits): Promise<FetchedText> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`not read within ${timeoutMs} ms`)), timeoutMs);
  try {
    const response = await fetch(url, { signal: controller.signal, credentials: 'omit' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const announced = Number(response.headers.get('Content-Length'));
    if (announced > maxBytes) throw new Error(`${announced} bytes, over ${maxBytes}`);
    // Content-Length may be absent or wrong (compressed, chunked): count what arrives.
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new Error(`over ${maxBytes} bytes`);
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      body.set(chunk, at);
      at += chunk.byteLength;
    }
    return { text: new TextDecoder().decode(body), url: response.url || url };
  } catch (error) {
    // A refused body is not downloaded to its end.
    controller.abort(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
