/** Static file serving through the `send` package (Range, ETag, conditional GET, traversal checks). */
import send from 'send';
import path from 'node:path';
import type { RouteContext } from './http';
import { sendJson } from './http';

/** Content types set explicitly by extension (send's own table is used for anything else). */
export const MIME_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.m4a': 'audio/mp4',
  '.m4v': 'video/mp4',
  '.ts': 'video/mp2t',
  '.vtt': 'text/vtt',
  '.aac': 'audio/aac',
  // HLS AES-128 keys (fixtures/hls/film-aes/key.bin): 16 raw bytes
  '.bin': 'application/octet-stream',
  '.key': 'application/octet-stream',
  '.flv': 'video/x-flv',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml',
  '.json': 'application/json; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface StaticOptions {
  /** `Cache-Control` value to send; default `no-cache`. */
  cacheControl?: string;
  /** Content type for every file (overrides the extension table). */
  contentType?: string;
}

/**
 * Serves `encodedPath` (percent-encoded, relative to `root`, starting with `/`) and resolves when the
 * response is done. Errors become JSON bodies (404 missing, 403 traversal/dotfiles, 416 bad range...),
 * keeping headers already set by the caller (CORS).
 */
export function serveStatic(ctx: RouteContext, root: string, encodedPath: string, opts: StaticOptions = {}): Promise<void> {
  const { req, res } = ctx;
  return new Promise((resolve) => {
    res.once('close', () => resolve());
    const stream = send(req, encodedPath, {
      root,
      index: false,
      dotfiles: 'ignore',
      cacheControl: false,
      etag: true,
      lastModified: true,
      acceptRanges: true,
    });
    stream.on('headers', (response: typeof res, filePath: string) => {
      response.setHeader('Cache-Control', opts.cacheControl ?? 'no-cache');
      const type = opts.contentType ?? MIME_TYPES[path.extname(filePath).toLowerCase()];
      if (type) response.setHeader('Content-Type', type);
    });
    stream.on('directory', () => {
      sendJson(res, 404, { message: 'Not found' });
      resolve();
    });
    stream.on('error', (err: { status?: number; statusCode?: number; headers?: Record<string, string>; message?: string }) => {
      const status = err.status ?? err.statusCode ?? 500;
      if (res.headersSent) {
        res.destroy();
        resolve();
        return;
      }
      for (const name of ['Content-Type', 'Content-Length', 'Content-Range', 'ETag', 'Last-Modified', 'Accept-Ranges', 'Cache-Control']) {
        res.removeHeader(name);
      }
      if (err.headers) for (const [name, value] of Object.entries(err.headers)) if (value != null) res.setHeader(name, value);
      const message = status === 404 ? 'Not found' : status === 403 ? 'Forbidden' : status === 416 ? 'Range not satisfiable' : status >= 500 ? 'Internal Server Error' : (err.message ?? 'Bad request');
      sendJson(res, status, { message });
      resolve();
    });
    stream.on('end', () => resolve());
    stream.pipe(res);
  });
}
