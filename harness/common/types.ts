/**
 * Shapes shared by the harness server (producer) and the harness page (consumer):
 * the request log, the stored Sentry envelopes, the Server-Sent Events payloads and the fault rules.
 */

export type OriginName = 'player' | 'harness';

/** Request headers worth keeping for assertions (only those present are set). */
export interface LoggedRequestHeaders {
  authorization?: string;
  'x-session-context'?: string;
  range?: string;
  origin?: string;
  referer?: string;
  /** Any other header: the staging proxy logs all of them, secrets masked (custom-source.ts). */
  [name: string]: string | undefined;
}

/** One entry of the request log (`GET /__harness/requests`, SSE event `request`). */
export interface RequestLogEntry {
  /** Increasing integer, unique per server run. */
  id: number;
  /** Milliseconds since the server started, when the request arrived. */
  t: number;
  /** Which listener received it. */
  origin: OriginName;
  method: string;
  /** Path with query string, as sent by the client. */
  path: string;
  /** Final status code (0 if the client went away before any response). */
  status: number;
  /** Response body bytes written. */
  bytes: number;
  /** Milliseconds from request arrival to response finish (or client abort). */
  ms: number;
  /** True when the connection closed before the response finished. */
  aborted?: boolean;
  /** The injected fault that shaped this response, e.g. "segment: 500". */
  fault?: string;
  requestHeaders: LoggedRequestHeaders;
  /** Staging proxy only: the address it forwarded to, and the answer's headers (secrets masked). */
  upstream?: string;
  responseHeaders?: Record<string, string>;
}

/** One item of a Sentry envelope; payload is parsed JSON, or raw text when it is not JSON. */
export interface EnvelopeItem {
  type: string;
  header: Record<string, unknown>;
  payload: unknown;
}

/** A Sentry envelope as stored by the harness (`GET /__harness/sentry`). */
export interface StoredEnvelope {
  /** Epoch milliseconds. */
  receivedAt: number;
  project: string;
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The raw (decompressed) body as text, for grepping leaked secrets. */
  raw: string;
}

/** SSE event `sentry`: a summary of one stored envelope. */
export interface SentrySummary {
  receivedAt: number;
  project: string;
  /** Envelope header event_id, or the first item's payload event_id, or null. */
  eventId: string | null;
  /** Type of the first event-like item (event, transaction, replay_event...), else of the first item. */
  type: string;
  /** The event's message, or its first exception value ("Type: value"), or null. */
  message: string | null;
  tags: Record<string, string>;
}

/** SSE event names sent on `/__harness/events`. */
export type HarnessEventName = 'hello' | 'request' | 'sentry' | 'clear';

/** Fault injection (harness/server/faults.ts): what a rule matches, what it does, for how long. */
export type FaultTarget = 'segment' | 'playlist' | 'key' | 'media' | 'catalog' | 'vast' | 'app';

export type FaultAction =
  | { type: 'status'; status: number }
  /** Accepts the request and never answers; the client's own time-out ends it. */
  | { type: 'timeout' }
  /** Destroys the connection without a response. */
  | { type: 'reset' }
  /** Answers normally after a delay. */
  | { type: 'delay'; ms: number }
  /** Answers normally through a bandwidth cap shared by all of the client's capped responses. */
  | { type: 'throttle'; kbps: number }
  /**
   * Answers, but sends no byte of the file past `afterBytes` and never ends: the connection is held
   * open, so media played from it freezes where those bytes run out (a Range request from further
   * on gets its headers and nothing).
   */
  | { type: 'stall'; afterBytes: number };

export interface FaultRule {
  target: FaultTarget;
  action: FaultAction;
  /** How many matching requests it applies to; null for every one until cleared or expired. */
  count: number | null;
  /** Milliseconds after it was set when the rule stops applying; null for never. */
  forMs: number | null;
  /**
   * Only requests whose path contains this text (`/audio/en/`, `/subs/`): one playlist or rendition
   * among those the target matches. Absent: every request of the target.
   */
  path?: string;
}
