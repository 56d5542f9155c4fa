/**
 * The player's HTTP clients over the page's fetch wrapper (`lib/http-fetch.ts`): a base URL, a
 * query, JSON or text bodies, a `prepare` hook that sets each request's headers (the session
 * context, the Bearer token), and the page's early start-up answers (api/early.ts). Every failure
 * comes out as a typed ApiError. No time-out (SPEC.md §7): no request carries an abort signal.
 * Cookies go only to the page's own origin (fetch's default credentials).
 */
import { AUTHENTICATOR_BASE_PATH, CATALOG_BASE_PATH, COOKIE_KEYS } from '../lib/constants';
import { httpFetch, type HttpAnswer } from '../lib/http-fetch';
import type { CookieStore } from '../platform/cookies';
import { createAuthSession, type AuthSession, type RefreshPayload } from './auth';
import { bodyExcerpt, isApiError, type ApiError } from './errors';
import { InvalidBodyError } from './dto';
import { buildUrl, SESSION_CONTEXT_HEADER, type QueryParams } from './calls';
import type { EarlyAnswers } from './early';

export { SESSION_CONTEXT_HEADER };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method?: HttpMethod;
  /** Relative to the client's base URL, or absolute (`https://…`, `//…`). */
  url: string;
  params?: QueryParams;
  /** Sent as JSON when present. */
  body?: unknown;
  /** `json` (the default) parses a JSON body and leaves any other body as text; `text` never parses. */
  responseType?: 'json' | 'text';
  /**
   * Attach the access token (refreshing it first when expired). Catalogue calls are secure
   * unless they say `false`; authenticator calls only when they say `true`.
   */
  secure?: boolean;
}

export type RequestOptions = Omit<HttpRequest, 'method' | 'url' | 'body'>;

/** A request as it leaves the client: `prepare` sets its headers. */
export interface OutgoingRequest {
  method: HttpMethod;
  /** Absolute, with the query. */
  url: string;
  headers: Headers;
  secure?: boolean;
}

/** A 2xx answer (any other status rejects with an HTTP ApiError). */
export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The body, read as the request's responseType says. */
  data: unknown;
  request: OutgoingRequest;
}

export interface HttpClient {
  request(request: HttpRequest): Promise<HttpResponse>;
  get(url: string, options?: RequestOptions): Promise<HttpResponse>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<HttpResponse>;
}

export interface HttpClientOptions {
  /** Sets the headers of each request before it is sent or answered early. */
  prepare?: (request: OutgoingRequest) => void | Promise<void>;
  /** The page's start-up answers, sent before the clients existed: a matching GET takes one. */
  answers?: EarlyAnswers;
}

/** The answer before it is read as JSON or text: from the network or from the early answers. */
interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
}

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

function joinUrl(baseURL: string, url: string): string {
  if (!baseURL || ABSOLUTE_URL.test(url)) return url;
  return url ? `${baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}` : baseURL;
}

/** The body in the charset the answer names (UTF-8 when it names none or one the browser lacks). */
function readText({ headers, body }: HttpAnswer): string {
  const charset = /;\s*charset="?([^";\s]+)/i.exec(headers.get('Content-Type') ?? '')?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder();
  }
  return decoder.decode(body);
}

/** A JSON call whose body is not JSON gets the text: the typed parsers reject it as an invalid body. */
function decode(text: string, responseType: 'json' | 'text'): unknown {
  if (responseType === 'text' || !text) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A failure to connect or to read the whole body (the wrapper's 'network': no time-out, cap or
 * signal here); the browser's own message varies, so one text for all.
 */
async function send({ method, url, headers }: OutgoingRequest, body: string | undefined): Promise<RawAnswer> {
  try {
    // Any status is an answer: the client reads its body into the HTTP ApiError.
    const answer = await httpFetch(url, { method, headers, body, anyStatus: true });
    return { status: answer.status, headers: answer.headers, text: readText(answer) };
  } catch {
    throw { errorType: 'NETWORK', url: requestPath(url), method, explanation: 'Network Error' } satisfies ApiError;
  }
}

/** The early answer to the same URL with the same session headers, once; null when there is none. */
async function takeEarly(answers: EarlyAnswers, { url, headers }: OutgoingRequest): Promise<RawAnswer | null> {
  const answer = await answers.take(url, {
    authorization: headers.get('Authorization') ?? undefined,
    sessionContext: headers.get(SESSION_CONTEXT_HEADER) ?? '',
  });
  return answer && { status: answer.status, headers: new Headers(answer.headers), text: answer.body };
}

/** A client for a base URL ('' for absolute URLs only). */
export function createHttpClient(baseURL: string, { prepare, answers }: HttpClientOptions = {}): HttpClient {
  async function request({ method = 'GET', url, params, body, responseType = 'json', secure }: HttpRequest): Promise<HttpResponse> {
    const outgoing: OutgoingRequest = {
      method,
      url: buildUrl(joinUrl(baseURL, url), params),
      headers: new Headers({ Accept: 'application/json, text/plain, */*' }),
      secure,
    };
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (payload !== undefined) outgoing.headers.set('Content-Type', 'application/json');
    await prepare?.(outgoing);
    const answer = (method === 'GET' && answers && (await takeEarly(answers, outgoing))) || (await send(outgoing, payload));
    const data = decode(answer.text, responseType);
    if (answer.status >= 200 && answer.status < 300) return { status: answer.status, headers: answer.headers, data, request: outgoing };
    const path = requestPath(outgoing.url);
    throw {
      errorType: 'HTTP',
      status: answer.status,
      url: path,
      method,
      explanation: `HTTP ${answer.status} for ${method} ${path}`,
      body: bodyExcerpt(data),
    } satisfies ApiError;
  }
  return {
    request,
    get: (url, options) => request({ ...options, url }),
    post: (url, body, options) => request({ ...options, method: 'POST', url, body }),
  };
}

/** The clients of one player page, sharing one token lock. */
export interface ApiClients {
  /** `<base>/catalog-api`: every call secure by default. */
  catalog: HttpClient;
  /** `<base>/authenticator`: secure only where the call definition says so. */
  authenticator: HttpClient;
  /** Absolute URLs outside the catalogue (the ad list): the session context header, never the token. */
  plain: HttpClient;
  auth: AuthSession;
}

export interface ApiClientsOptions {
  /** Absolute base URL of the catalogue and authenticator hosts (the page configuration's base URL). */
  baseUrl: string;
  cookies: CookieStore;
  now?: () => number;
  /** The page's start-up answers, sent before the clients existed (api/early.ts). */
  early?: EarlyAnswers;
}

/** Reads the Authorization header of a refresh answer; non-2xx answers reject. */
function refreshVia(http: HttpClient) {
  return async (payload: RefreshPayload): Promise<unknown> => {
    const response = await http.post('/authentication/refresh', payload);
    return response.headers.get('Authorization');
  };
}

/** Every call carries the device fingerprint (empty until it exists); secure calls the Bearer token. */
function sessionHeaders(cookies: CookieStore, auth: AuthSession | null, secureByDefault: boolean) {
  return async (outgoing: OutgoingRequest): Promise<void> => {
    outgoing.headers.set(SESSION_CONTEXT_HEADER, cookies.get(COOKIE_KEYS.deviceFingerprint) ?? '');
    if (auth && (outgoing.secure ?? secureByDefault)) {
      const token = await auth.accessToken();
      if (token) outgoing.headers.set('Authorization', `Bearer ${token}`);
    }
  };
}

export function createApiClients({ baseUrl, cookies, now, early }: ApiClientsOptions): ApiClients {
  const base = baseUrl.replace(/\/+$/, '');
  // The refresh call goes around `prepare`: it must not wait on the lock it serves.
  const auth = createAuthSession({ cookies, refresh: refreshVia(createHttpClient(base + AUTHENTICATOR_BASE_PATH)), now });
  return {
    catalog: createHttpClient(base + CATALOG_BASE_PATH, { prepare: sessionHeaders(cookies, auth, true), answers: early }),
    authenticator: createHttpClient(base + AUTHENTICATOR_BASE_PATH, { prepare: sessionHeaders(cookies, auth, false), answers: early }),
    plain: createHttpClient('', { prepare: sessionHeaders(cookies, null, false), answers: early }),
    auth,
  };
}

/** Runs a request and validates its body, turning every failure into a typed ApiError. */
export async function request<T>(run: () => Promise<HttpResponse>, parse: (body: unknown) => T): Promise<T> {
  let response: HttpResponse;
  try {
    response = await run();
  } catch (cause) {
    if (isApiError(cause)) throw cause;
    // Not the client's own failure (a header hook that threw): no request to name.
    throw { errorType: 'NETWORK', url: '', explanation: cause instanceof Error ? cause.message : String(cause) } satisfies ApiError;
  }
  try {
    return parse(response.data);
  } catch (cause) {
    throw {
      errorType: 'INVALID_BODY',
      url: requestPath(response.request.url),
      method: response.request.method,
      explanation: cause instanceof InvalidBodyError ? cause.message : String(cause),
      body: bodyExcerpt(response.data),
    } satisfies ApiError;
  }
}

/** The path of a request URL without its query (the query may carry the page address). */
export function requestPath(url: string): string {
  try {
    return new URL(url, 'http://relative.invalid').pathname;
  } catch {
    return url.split('?')[0] ?? '';
  }
}
