/** Sentry ingest (`POST /api/:project/envelope/`) and the in-memory envelope store. */
import type { EventHub } from '../log';
import { answerPreflight, corsReflect, HttpError, methodNotAllowed, readBody, sendJson, type Route } from '../http';
import type { EnvelopeItem, SentrySummary, StoredEnvelope } from '../../common/types';

export const SENTRY_STORE_CAP = 1000;
const BODY_LIMIT = 20 * 1024 * 1024;
const ENVELOPE_PATH = /^\/api\/([A-Za-z0-9_.-]+)\/envelope\/?$/;
const EVENT_LIKE = new Set(['event', 'transaction', 'feedback', 'replay_event', 'profile']);

export class SentryStore {
  private envelopes: StoredEnvelope[] = [];

  constructor(private readonly hub: EventHub) {}

  list(): StoredEnvelope[] {
    return this.envelopes;
  }

  clear(): void {
    this.envelopes = [];
  }

  add(envelope: StoredEnvelope): void {
    this.envelopes.push(envelope);
    if (this.envelopes.length > SENTRY_STORE_CAP) this.envelopes.splice(0, this.envelopes.length - SENTRY_STORE_CAP);
    this.hub.send('sentry', summarize(envelope));
  }
}

const NEWLINE = 0x0a;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parsePayload(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Parses a Sentry envelope: a JSON header line, then items of (JSON item header line, payload).
 * A payload is `length` bytes when the item header says so, else everything up to the next newline.
 */
export function parseEnvelope(body: Buffer): { header: Record<string, unknown>; items: EnvelopeItem[] } {
  let pos = 0;
  const readLine = (): Buffer => {
    let end = body.indexOf(NEWLINE, pos);
    if (end === -1) end = body.length;
    const line = body.subarray(pos, end);
    pos = end + 1;
    return line;
  };

  let header: unknown;
  try {
    header = JSON.parse(readLine().toString('utf8'));
  } catch {
    throw new HttpError(400, 'Envelope header is not JSON');
  }
  if (!isRecord(header)) throw new HttpError(400, 'Envelope header is not an object');

  const items: EnvelopeItem[] = [];
  while (pos < body.length) {
    const line = readLine();
    if (line.length === 0 || line.toString('utf8').trim() === '') continue;
    let itemHeader: unknown;
    try {
      itemHeader = JSON.parse(line.toString('utf8'));
    } catch {
      throw new HttpError(400, 'Envelope item header is not JSON');
    }
    if (!isRecord(itemHeader)) throw new HttpError(400, 'Envelope item header is not an object');
    let payload: Buffer;
    const length = itemHeader.length;
    if (typeof length === 'number' && Number.isInteger(length) && length >= 0) {
      payload = body.subarray(pos, pos + length);
      pos += length;
      if (body[pos] === NEWLINE) pos += 1;
    } else {
      payload = readLine();
    }
    items.push({ type: String(itemHeader.type ?? 'unknown'), header: itemHeader, payload: parsePayload(payload) });
  }
  return { header, items };
}

function eventMessage(payload: Record<string, unknown>): string | null {
  const message = payload.message;
  if (typeof message === 'string' && message) return message;
  if (isRecord(message)) {
    const text = message.formatted ?? message.message;
    if (typeof text === 'string' && text) return text;
  }
  const logentry = payload.logentry;
  if (isRecord(logentry)) {
    const text = logentry.formatted ?? logentry.message;
    if (typeof text === 'string' && text) return text;
  }
  const exception = payload.exception;
  const values = isRecord(exception) ? exception.values : undefined;
  const first = Array.isArray(values) ? values[0] : undefined;
  if (isRecord(first)) {
    if (typeof first.value === 'string' && first.value) return first.value;
    if (typeof first.type === 'string') return first.type;
  }
  if (typeof payload.transaction === 'string') return payload.transaction;
  return null;
}

function eventTags(payload: Record<string, unknown>): Record<string, string> {
  const tags: Record<string, string> = {};
  const raw = payload.tags;
  if (isRecord(raw)) {
    for (const [key, value] of Object.entries(raw)) tags[key] = typeof value === 'string' ? value : JSON.stringify(value);
  } else if (Array.isArray(raw)) {
    for (const pair of raw) if (Array.isArray(pair) && pair.length === 2) tags[String(pair[0])] = String(pair[1]);
  }
  return tags;
}

/** The SSE `sentry` payload for one envelope. */
export function summarize(envelope: StoredEnvelope): SentrySummary {
  const main = envelope.items.find((item) => EVENT_LIKE.has(item.type)) ?? envelope.items[0];
  const payload = main && isRecord(main.payload) ? main.payload : {};
  const headerId = envelope.header.event_id;
  const payloadId = payload.event_id;
  return {
    receivedAt: envelope.receivedAt,
    project: envelope.project,
    eventId: typeof headerId === 'string' ? headerId : typeof payloadId === 'string' ? payloadId : null,
    type: main?.type ?? 'empty',
    message: eventMessage(payload),
    tags: eventTags(payload),
  };
}

export function sentryRoutes(store: SentryStore): Route {
  return async (ctx) => {
    const match = ENVELOPE_PATH.exec(ctx.url.pathname);
    if (!match) return false;
    const { req, res } = ctx;
    corsReflect(ctx, { methods: 'POST, OPTIONS' });
    if (req.method === 'OPTIONS') {
      answerPreflight(res);
      return true;
    }
    if (req.method !== 'POST') {
      methodNotAllowed(res, 'POST, OPTIONS');
      return true;
    }
    const body = await readBody(req, BODY_LIMIT);
    const { header, items } = parseEnvelope(body);
    store.add({ receivedAt: Date.now(), project: match[1]!, header, items, raw: body.toString('utf8') });
    sendJson(res, 200, {});
    return true;
  };
}
