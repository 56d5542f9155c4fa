/**
 * A real HTTP server on 127.0.0.1 for client tests: records every request (method, path, query,
 * headers, body) and answers from a handler the test supplies. Not part of any bundle.
 */
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = (request: RecordedRequest, res: ServerResponse) => void | Promise<void>;

export interface RecordingServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Replaces the answer for the following requests. */
  answer(handler: Answer): void;
  close(): Promise<void>;
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export const defaultAnswer: Answer = (request, res) => json(res, 200, { ok: true, path: request.path });

export async function startRecordingServer(initial: Answer = defaultAnswer): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let handler = initial;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      Promise.resolve(handler(recorded, res)).catch(() => {
        if (!res.headersSent) json(res, 500, { message: 'test handler failed' });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** An unsigned JWT with the given claims (the player reads only `exp`). */
export function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.${Buffer.from('sig').toString('base64url')}`;
}
