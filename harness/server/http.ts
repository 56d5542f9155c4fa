/** Small response/request helpers shared by the route modules. */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';
import type { OriginName } from '../common/types';

/** Everything a route handler needs about the current request. */
export interface RouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Parsed request URL (pathname stays percent-encoded). */
  url: URL;
  /** Which listener received the request. */
  origin: OriginName;
}

/** A route returns true when it handled (or started handling) the request. */
export type Route = (ctx: RouteContext) => boolean | Promise<boolean>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', 'no-store');
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

/** Sends a raw JSON file body (already serialized) with the JSON content type. */
export function sendJsonText(res: ServerResponse, status: number, text: string | Buffer): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

export function sendText(res: ServerResponse, status: number, text: string, contentType = 'text/plain; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.setHeader('Cache-Control', 'no-store');
  res.end(res.req?.method === 'HEAD' ? undefined : text);
}

export function notFound(res: ServerResponse, message = 'Not found'): void {
  sendJson(res, 404, { message });
}

export function methodNotAllowed(res: ServerResponse, allow: string): void {
  sendJson(res, 405, { message: 'Method not allowed' }, { Allow: allow });
}

/** CORS for public resources (ad lists, VAST, media): any page may read them, and their timings. */
export function corsAny(ctx: RouteContext): void {
  ctx.res.setHeader('Access-Control-Allow-Origin', '*');
  ctx.res.setHeader('Timing-Allow-Origin', '*');
}

/** The named headers that have one string value. */
export function pickHeaders(headers: IncomingHttpHeaders, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = headers[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/** CORS for credentialed API calls: reflect the caller's Origin (if any). */
export function corsReflect(ctx: RouteContext, opts: { methods: string; exposeAuthorization?: boolean }): void {
  const { req, res } = ctx;
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Methods', opts.methods);
  res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Session-Context');
  if (opts.exposeAuthorization) res.setHeader('Access-Control-Expose-Headers', 'Authorization');
}

/** Answers a CORS preflight (after corsReflect set the headers). */
export function answerPreflight(res: ServerResponse): void {
  res.statusCode = 204;
  res.setHeader('Access-Control-Max-Age', '600');
  res.setHeader('Content-Length', '0');
  res.end();
}

/** Reads the whole request body, decoding Content-Encoding gzip/deflate/br; rejects above `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, 'Payload too large'));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (err) => {
      if (!failed) reject(err);
      failed = true;
    });
    req.on('end', () => {
      if (failed) return;
      const body = Buffer.concat(chunks);
      try {
        const encoding = String(req.headers['content-encoding'] ?? '').trim().toLowerCase();
        if (encoding === 'gzip' || encoding === 'x-gzip') resolve(gunzipSync(body));
        else if (encoding === 'deflate') resolve(inflateSync(body));
        else if (encoding === 'br') resolve(brotliDecompressSync(body));
        else resolve(body);
      } catch {
        reject(new HttpError(400, 'Could not decode request body'));
      }
    });
  });
}

/** Escapes a value for use inside a double-quoted HTML attribute. */
export function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}
