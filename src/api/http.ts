import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { AUTHENTICATOR_BASE_PATH, CATALOG_BASE_PATH, COOKIE_KEYS } from '../lib/constants';
import type { CookieStore } from '../platform/cookies';
import { createAuthSession, type AuthSession, type RefreshPayload } from './auth';
import { bodyExcerpt, type ApiError } from './errors';
import { InvalidBodyError } from './dto';
import { SESSION_CONTEXT_HEADER } from './calls';
import type { EarlyAnswers } from './early';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Attach the access token (refreshing it first when expired). Catalogue calls are secure
     * unless they say `false`; authenticator calls only when they say `true`.
     */
    secure?: boolean;
  }
}

export { SESSION_CONTEXT_HEADER };

/**
 * Serves a GET from the page's early start-up answers when one matches (api/early.ts), as the
 * browser's own adapter would have: the body as text for the client to parse, and a status the
 * config rejects as an HTTP error. Anything else goes to `network`.
 */
export function earlyAdapter(network: AxiosAdapter, answers: EarlyAnswers): AxiosAdapter {
  return async (config) => {
    const header = (name: string) => {
      const value = config.headers.get(name);
      return typeof value === 'string' ? value : undefined;
    };
    const early = (config.method ?? 'get').toLowerCase() === 'get'
      ? answers.take(axios.getUri(config), { authorization: header('Authorization'), sessionContext: header(SESSION_CONTEXT_HEADER) ?? '' })
      : null;
    const answer = early ? await early : null;
    if (!answer) return network(config);
    const response: AxiosResponse<string> = {
      data: answer.body,
      status: answer.status,
      statusText: answer.statusText,
      headers: AxiosHeaders.from(answer.headers),
      config,
      request: null,
    };
    if (!config.validateStatus || config.validateStatus(answer.status)) return response;
    const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${answer.status}`, code, config, null, response);
  };
}

/** The browser's adapter, behind the page's early start-up answers when it has them. */
function browserAdapter(answers: EarlyAnswers | undefined): AxiosAdapter {
  const network = axios.getAdapter(axios.defaults.adapter);
  return answers ? earlyAdapter(network, answers) : network;
}

/** One axios instance for a base URL. No time-out by default (SPEC.md §7). */
export function createHttpClient(baseURL: string, answers?: EarlyAnswers): AxiosInstance {
  return axios.create({ baseURL, timeout: 0, withCredentials: false, adapter: browserAdapter(answers) });
}

/** The clients of one player page, sharing one token lock. */
export interface ApiClients {
  /** `<base>/catalog-api`: every call secure by default. */
  catalog: AxiosInstance;
  /** `<base>/authenticator`: secure only where the call definition says so. */
  authenticator: AxiosInstance;
  /** Absolute URLs outside the catalogue (the ad list): the session context header, never the token. */
  plain: AxiosInstance;
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
function refreshVia(http: AxiosInstance) {
  return async (payload: RefreshPayload): Promise<unknown> => {
    const response = await http.post('/authentication/refresh', payload);
    return response.headers.authorization ?? response.headers.Authorization;
  };
}

/** Every call carries the device fingerprint (empty until it exists); secure calls the Bearer token. */
function sessionHeaders(cookies: CookieStore, auth: AuthSession | null, secureByDefault: boolean) {
  return async (config: InternalAxiosRequestConfig): Promise<InternalAxiosRequestConfig> => {
    config.headers.set(SESSION_CONTEXT_HEADER, cookies.get(COOKIE_KEYS.deviceFingerprint) ?? '');
    if (auth && (config.secure ?? secureByDefault)) {
      const token = await auth.accessToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
    }
    return config;
  };
}

export function createApiClients({ baseUrl, cookies, now, early }: ApiClientsOptions): ApiClients {
  const base = baseUrl.replace(/\/+$/, '');
  // The refresh call goes around the interceptors: it must not wait on the lock it serves.
  const refreshHttp = createHttpClient(base + AUTHENTICATOR_BASE_PATH);
  const auth = createAuthSession({ cookies, refresh: refreshVia(refreshHttp), now });

  const catalog = createHttpClient(base + CATALOG_BASE_PATH, early);
  catalog.interceptors.request.use(sessionHeaders(cookies, auth, true));
  const authenticator = createHttpClient(base + AUTHENTICATOR_BASE_PATH, early);
  authenticator.interceptors.request.use(sessionHeaders(cookies, auth, false));
  const plain = axios.create({ timeout: 0, withCredentials: false, adapter: browserAdapter(early) });
  plain.interceptors.request.use(sessionHeaders(cookies, null, false));
  return { catalog, authenticator, plain, auth };
}

/** Runs a request and validates its body, turning every failure into a typed ApiError. */
export async function request<T>(run: () => Promise<AxiosResponse<unknown>>, parse: (body: unknown) => T): Promise<T> {
  let response: AxiosResponse<unknown>;
  try {
    response = await run();
  } catch (cause) {
    throw toApiError(cause);
  }
  try {
    return parse(response.data);
  } catch (cause) {
    const explanation = cause instanceof InvalidBodyError ? cause.message : String(cause);
    throw {
      errorType: 'INVALID_BODY',
      url: requestPath(response.config),
      method: methodOf(response.config),
      explanation,
      body: bodyExcerpt(response.data),
    } satisfies ApiError;
  }
}

/** The path of a request without its query (the query may carry the page address). */
export function requestPath(config: AxiosRequestConfig | undefined): string {
  if (!config) return '';
  try {
    return new URL(axios.getUri(config), 'http://relative.invalid').pathname;
  } catch {
    return (config.url ?? '').split('?')[0] ?? '';
  }
}

const methodOf = (config: AxiosRequestConfig | undefined): string => (config?.method ?? 'get').toUpperCase();

export function toApiError(cause: unknown): ApiError {
  if (axios.isAxiosError(cause)) {
    const url = requestPath(cause.config);
    const method = methodOf(cause.config);
    if (cause.response) {
      return {
        errorType: 'HTTP',
        status: cause.response.status,
        url,
        method,
        explanation: `HTTP ${cause.response.status} for ${method} ${url}`,
        body: bodyExcerpt(cause.response.data),
      };
    }
    return { errorType: 'NETWORK', url, method, explanation: cause.message };
  }
  return { errorType: 'NETWORK', url: '', explanation: cause instanceof Error ? cause.message : String(cause) };
}
