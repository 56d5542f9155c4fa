/**
 * Static file serving through the `send` package (Range, ETag, conditional GET, traversal checks),
 * compressed as a CDN compresses (docs/deploying.md): text files go out as their build-time `.br`
 * or `.gz` sibling, else compressed once in memory (brotli, else gzip); media never.
 */
import send from 'send';
import path from 'node:path';
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { brotliCompress, constants as zlib, gzip, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { RouteContext } from './http';
import { sendJson } from './http';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** How a file without a build-time sibling is compressed: as the build does (esbuild.config.mjs). */
const COMPRESS: Record<'br' | 'gzip', (raw: Buffer) => Promise<Buffer>> = {
  br: (raw) => brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  gzip: (raw) => gzipAsync(raw, { level: 9 }),
};

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
  '.mjs': 'text/javascript; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

/** Text a CDN compresses. Segments, images, keys and fonts are compressed already or binary. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.map', '.m3u8', '.vtt', '.xml', '.txt']);

type Coding = 'br' | 'gzip';
const SIBLING: Record<Coding, string> = { br: '.br', gzip: '.gz' };

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
 *
 * A text file goes out br-encoded from its `.br` sibling, else gzip-encoded from its `.gz` sibling or
 * compressed here, as the request's Accept-Encoding allows. A Range request gets the identity file:
 * its offsets count the file's own bytes.
 */
export async function serveStatic(ctx: RouteContext, root: string, encodedPath: string, opts: StaticOptions = {}): Promise<void> {
  const file = localFile(root, encodedPath);
  const ext = path.extname(file ?? '').toLowerCase();
  if (file === null || !COMPRESSIBLE.has(ext)) return sendFile(ctx, root, encodedPath, opts);
  const { req, res } = ctx;
  addVary(res, 'Accept-Encoding');
  if (req.headers.range !== undefined) return sendFile(ctx, root, encodedPath, opts);
  const accepted = acceptedCodings(req.headers);
  const contentType = opts.contentType ?? MIME_TYPES[ext];
  for (const coding of accepted) {
    if (await isFile(file + SIBLING[coding])) return sendFile(ctx, root, encodedPath + SIBLING[coding], { ...opts, contentType, coding });
    if (await sendCompressed(ctx, file, coding, { ...opts, contentType })) return;
  }
  return sendFile(ctx, root, encodedPath, opts);
}

/** The codings to try, best first: br, then gzip, each only if Accept-Encoding allows it (q > 0). */
export function acceptedCodings(headers: IncomingHttpHeaders): Coding[] {
  const weights = new Map<string, number>();
  for (const part of String(headers['accept-encoding'] ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (name) weights.set(name === 'x-gzip' ? 'gzip' : name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const allowed = (coding: Coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(allowed);
}

/** Adds a field to the response's Vary, keeping what the caller set (Origin, for CORS). */
function addVary(res: ServerResponse, field: string): void {
  const current = String(res.getHeader('Vary') ?? '');
  const fields = current.split(',').map((item) => item.trim()).filter(Boolean);
  if (!fields.some((item) => item.toLowerCase() === field.toLowerCase())) res.setHeader('Vary', [...fields, field].join(', '));
}

/** The file `encodedPath` names under `root`; null for what send alone must answer (bad encoding, dotfiles, outside root). */
function localFile(root: string, encodedPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(encodedPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.split(/[\\/]/).some((segment) => segment.startsWith('.'))) return null;
  const base = path.resolve(root);
  const file = path.join(base, decoded);
  return file.startsWith(base + path.sep) ? file : null;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/**
 * Gzipped text files without a sibling (fixtures' playlists, the bench's pages and vendor files),
 * by path, size and mtime: compressed once, as a CDN's edge does. Capped in total bytes.
 */
const gzipped = new Map<string, { key: string; body: Promise<Buffer | null>; bytes: number }>();
const GZIP_CACHE_BYTES = 64 * 1024 * 1024;
let gzippedBytes = 0;

function compressedOf(path: string, coding: Coding, info: Stats): Promise<Buffer | null> {
  const key = `${info.size}:${info.mtimeMs}`;
  const file = `${coding}:${path}`;
  const hit = gzipped.get(file);
  if (hit?.key === key) {
    // Most recently used last: the first entries are the ones dropped.
    gzipped.delete(file);
    gzipped.set(file, hit);
    return hit.body;
  }
  if (hit) {
    gzipped.delete(file);
    gzippedBytes -= hit.bytes;
  }
  const entry = { key, bytes: 0, body: Promise.resolve<Buffer | null>(null) };
  entry.body = readFile(path)
    .then((raw) => COMPRESS[coding](raw))
    .then(
      (body) => {
        if (gzipped.get(file) === entry) {
          entry.bytes = body.length;
          gzippedBytes += body.length;
          for (const [name, old] of gzipped) {
            if (gzippedBytes <= GZIP_CACHE_BYTES) break;
            gzipped.delete(name);
            gzippedBytes -= old.bytes;
          }
        }
        return body;
      },
      () => {
        if (gzipped.get(file) === entry) gzipped.delete(file);
        return null;
      },
    );
  gzipped.set(file, entry);
  return entry.body;
}

/**
 * Answers with the file compressed in `coding`, with send's headers and its conditional GET by ETag or date.
 * False (nothing written) when the file is missing or the request has preconditions (If-Match,
 * If-Unmodified-Since) send answers better: the caller sends the identity file.
 */
async function sendCompressed(ctx: RouteContext, file: string, coding: Coding, opts: StaticOptions): Promise<boolean> {
  const { req, res } = ctx;
  if (req.headers['if-match'] !== undefined || req.headers['if-unmodified-since'] !== undefined) return false;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return false;
  const body = await compressedOf(file, coding, info);
  if (body === null) return false;
  if (res.destroyed) return true;
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${coding}"`;
  res.setHeader('Cache-Control', opts.cacheControl ?? 'no-cache');
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Last-Modified', info.mtime.toUTCString());
  res.setHeader('ETag', etag);
  if (isNotModified(req.headers, etag, info.mtime)) {
    res.statusCode = 304;
  } else {
    res.statusCode = 200;
    if (opts.contentType) res.setHeader('Content-Type', opts.contentType);
    res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', body.length);
  }
  await new Promise<void>((resolve) => {
    res.once('close', () => resolve());
    res.end(res.statusCode === 304 || req.method === 'HEAD' ? undefined : body);
  });
  return true;
}

/** If-None-Match (weak comparison), else If-Modified-Since, as send decides it. */
function isNotModified(headers: IncomingHttpHeaders, etag: string, mtime: Date): boolean {
  const match = headers['if-none-match'];
  if (match !== undefined) {
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return match.trim() === '*' || match.split(',').some((tag) => opaque(tag) === opaque(etag));
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Math.floor(mtime.getTime() / 1000) * 1000 <= since;
}

/**
 * A response generated per request (the pages' HTML): gzipped when the client takes gzip, as a
 * CDN compresses a page it does not cache.
 */
export function sendCompressibleText(ctx: RouteContext, text: string, headers: Record<string, string>): void {
  const { req, res } = ctx;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  addVary(res, 'Accept-Encoding');
  const gzipped = acceptedCodings(req.headers).includes('gzip');
  const body = gzipped ? gzipSync(text, { level: 9 }) : Buffer.from(text);
  if (gzipped) res.setHeader('Content-Encoding', 'gzip');
  res.statusCode = 200;
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

interface SendOptions extends StaticOptions {
  /** The file is the `coding` sibling of the one asked for: `contentType` is the original's. */
  coding?: Coding;
}

/** One file through send, with this server's headers. */
function sendFile(ctx: RouteContext, root: string, encodedPath: string, opts: SendOptions): Promise<void> {
  const { req, res } = ctx;
  // The client may have gone during the caller's awaits: 'close' has fired already.
  if (res.destroyed) return Promise.resolve();
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
    stream.on('headers', (response: typeof res, filePath: string, info: Stats) => {
      response.setHeader('Cache-Control', opts.cacheControl ?? 'no-cache');
      const type = opts.contentType ?? MIME_TYPES[path.extname(filePath).toLowerCase()];
      if (type) response.setHeader('Content-Type', type);
      if (opts.coding) {
        response.setHeader('Content-Encoding', opts.coding);
        // Its own ETag: a cache must never answer a br request with the gzip bytes (or the identity's).
        response.setHeader('ETag', `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}-${opts.coding}"`);
      }
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
      for (const name of ['Content-Type', 'Content-Length', 'Content-Range', 'Content-Encoding', 'ETag', 'Last-Modified', 'Accept-Ranges', 'Cache-Control']) {
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
