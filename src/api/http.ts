import axios, { type AxiosInstance, type AxiosResponse } from 'axios';
import { bodyExcerpt, type ApiError } from './errors';
import { InvalidBodyError } from './dto';

/** One axios instance for a base URL. No time-out by default (SPEC.md §7). */
export function createHttpClient(baseURL: string): AxiosInstance {
  return axios.create({ baseURL, timeout: 0, withCredentials: false });
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
    throw { errorType: 'INVALID_BODY', url: response.config.url ?? '', explanation, body: bodyExcerpt(response.data) } satisfies ApiError;
  }
}

export function toApiError(cause: unknown): ApiError {
  if (axios.isAxiosError(cause)) {
    const url = cause.config?.url ?? '';
    if (cause.response) {
      return {
        errorType: 'HTTP',
        status: cause.response.status,
        url,
        explanation: `HTTP ${cause.response.status} for ${url}`,
        body: bodyExcerpt(cause.response.data),
      };
    }
    return { errorType: 'NETWORK', url, explanation: cause.message };
  }
  return { errorType: 'NETWORK', url: '', explanation: cause instanceof Error ? cause.message : String(cause) };
}
