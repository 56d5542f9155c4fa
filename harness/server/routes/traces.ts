/**
 * `POST /__harness/traces` `{name, trace}`: the harness's Record trace button saves a recorded
 * playback as `fixtures/traces/<name>.json` for the replay tests (src/engine/trace-replay.ts).
 * Harness origin only; `name` is a plain file stem, so nothing is written outside that folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HttpError, methodNotAllowed, readBody, sendJson, type Route } from '../http';

export const TRACE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MAX_TRACE_BYTES = 8 * 1024 * 1024;

export function tracesRoutes(fixturesDir: string): Route {
  const dir = path.join(fixturesDir, 'traces');
  return async (ctx) => {
    if (ctx.url.pathname !== '/__harness/traces') return false;
    if (ctx.origin !== 'harness') throw new HttpError(403, 'Harness origin only');
    if (ctx.req.method !== 'POST') {
      methodNotAllowed(ctx.res, 'POST');
      return true;
    }
    let body: unknown;
    try {
      body = JSON.parse((await readBody(ctx.req, MAX_TRACE_BYTES)).toString('utf8'));
    } catch (error) {
      if (error instanceof HttpError) throw error;
      throw new HttpError(400, 'Body is not JSON');
    }
    const { name, trace } = (body ?? {}) as { name?: unknown; trace?: unknown };
    if (typeof name !== 'string' || !TRACE_NAME.test(name)) throw new HttpError(400, 'name: lowercase letters, digits and dashes');
    if (typeof trace !== 'object' || trace === null || !Array.isArray((trace as { facts?: unknown }).facts)) throw new HttpError(400, 'trace.facts must be an array');
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name}.json`);
    await writeFile(file, `${JSON.stringify({ ...trace, name }, null, 1)}\n`);
    sendJson(ctx.res, 200, { path: `fixtures/traces/${name}.json`, facts: (trace as { facts: unknown[] }).facts.length });
    return true;
  };
}
